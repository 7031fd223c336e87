import { type ServerResponse } from 'node:http';
import { errorEnvelope, message, ok, SandboxCode, SandboxFailure, toPascalEnvelope, type MessageItem } from '../envelope.js';
import { sendJson } from '../http.js';
import { checkRequest } from '../routes/schema.js';
import { type OperationContext, type OperationRoute } from '../routes/types.js';
import { type Answer } from './replay.js';

/** Checks the request's types against its route's declaration, runs the handler, and turns its result or failure into an envelope answer. */
export async function dispatch(route: OperationRoute, ctx: OperationContext, body: Record<string, unknown>, log: (line: string) => void): Promise<Answer> {
  const wrap = (env: Record<string, unknown>): string => JSON.stringify(route.pascal ? toPascalEnvelope(env) : env);
  try {
    checkRequest(route.doc, body);
    const fields = await route.handler(ctx, body);
    return { status: 200, text: wrap(ok(fields)) };
  } catch (err) {
    if (err instanceof SandboxFailure) {
      return { status: err.status, text: wrap(errorEnvelope(err.items)) };
    }
    log(`sandbox: ${route.path} threw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    const [code, context, status] = SandboxCode.Internal;
    return { status, text: wrap(errorEnvelope([message(code, context, 'Erro interno do sandbox.')])) };
  }
}

/** Sends one of the sandbox's own failures (`SandboxCode`) as an envelope, PascalCase for /FGTS/. */
export function sendFailure(
  res: ServerResponse,
  which: keyof typeof SandboxCode,
  description: string,
  pascal: boolean,
  headers: Record<string, string> = {},
): void {
  const [code, context, status] = SandboxCode[which];
  const items: MessageItem[] = [message(code, context, description)];
  const env = errorEnvelope(items);
  sendJson(res, status, pascal ? toPascalEnvelope(env) : env, 'text/plain; charset=utf-8', headers);
}
