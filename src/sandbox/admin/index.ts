import { type IncomingMessage, type ServerResponse } from 'node:http';
import { SandboxFailure } from '../envelope.js';
import { sendJson, sendText } from '../http.js';
import { adminPage } from '../pages/admin.js';
import { type SandboxState } from '../core/state.js';
import { AdminError, readAdminBody } from './http.js';
import { ADMIN_ROUTES, type AdminMethod } from './routes.js';

/**
 * The admin API under `/_sandbox/` (no auth; JSON in and out): the route table of `routes.ts`;
 * `GET /_sandbox/` is the page that lists and performs its actions (`pages/admin.ts`).
 * Errors answer `{ error }` with a 4xx: 404 for an unknown path, 405 (naming the methods) for a
 * method the path does not serve.
 */
export async function handleAdmin(state: SandboxState, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if ((path === '/_sandbox' || path === '/_sandbox/') && (req.method === 'GET' || req.method === 'HEAD')) {
    req.resume();
    sendText(res, 200, adminPage(), 'text/html; charset=utf-8');
    return;
  }
  try {
    const { status, body } = await route(state, req, path);
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // Kept before it is answered: an action the page reported done survives a restart.
      await state.persist();
    }
    sendJson(res, status, body);
  } catch (err) {
    req.resume();
    if (err instanceof AdminError) {
      sendJson(res, err.status, { error: err.message });
      return;
    }
    if (err instanceof SandboxFailure) {
      sendJson(res, 400, { error: err.items.map((i) => `${i.code}/${i.context}: ${i.description}`).join('; ') });
      return;
    }
    throw err;
  }
}

async function route(state: SandboxState, req: IncomingMessage, path: string): Promise<{ status: number; body?: unknown }> {
  for (const entry of ADMIN_ROUTES) {
    const match = entry.path.exec(path);
    if (!match) {
      continue;
    }
    const handler = entry.methods[(req.method ?? 'GET') as AdminMethod];
    if (!handler) {
      throw new AdminError(405, `method not allowed; use ${Object.keys(entry.methods).join(', ')}`);
    }
    return handler({ state, req, params: match.slice(1), body: () => readAdminBody(req) });
  }
  throw new AdminError(404, `unknown admin path ${path.slice(0, 200)}`);
}
