import { type IncomingMessage, type ServerResponse } from 'node:http';
import { handleAdmin } from './admin/index.js';
import { errorEnvelope, message, SandboxCode } from './envelope.js';
import { sendJson } from './http.js';
import { concludeDueAnalyses } from './lifecycle/transitions.js';
import { servePrintPage } from './pages/print.js';
import { serveSigningPage } from './pages/signing.js';
import { sendFailure } from './core/dispatch.js';
import { type FaultEffects } from './core/fault-effects.js';
import { OperationPipeline } from './core/pipeline.js';
import { type SandboxState } from './core/state.js';
import { handleTokenRequest } from './core/token-endpoint.js';

/** Handles one HTTP request of the sandbox. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The sandbox's front door: concludes the credit analyses due by now (so the lifecycle moves
 * whenever anyone looks), then sends the request to its room: the admin API, the token endpoint,
 * the boleto print pages, the signing pages, or the operation pipeline. An unexpected exception is logged and answered
 * with the S0500 envelope.
 */
export function createRequestHandler(state: SandboxState, effects: FaultEffects): RequestHandler {
  const pipeline = new OperationPipeline(state, effects);
  return async (req, res) => {
    let path = '/';
    try {
      path = new URL(req.url ?? '/', 'http://sandbox.invalid').pathname;
    } catch {
      path = '/';
    }
    try {
      if (state.store.underAnalysis.size > 0) {
        concludeDueAnalyses(state.context(''));
      }
      if (path === '/_sandbox' || path.startsWith('/_sandbox/')) {
        await handleAdmin(state, req, res, path);
      } else if (path === '/connect/token') {
        await handleTokenRequest(state, effects, req, res);
      } else if (path.startsWith('/boletos/')) {
        servePrint(state, req, res, path);
      } else if (path.startsWith('/assinatura/')) {
        await serveSigning(state, req, res, path);
        if (req.method === 'POST') {
          await state.persist();
        }
      } else {
        await pipeline.handle(req, res, path);
      }
    } catch (err) {
      state.log(`sandbox: unexpected failure on ${req.method ?? '?'} ${path}: ${err instanceof Error ? err.message : String(err)}`);
      const [code, context, status] = SandboxCode.Internal;
      sendJson(res, status, errorEnvelope([message(code, context, 'Erro interno do sandbox.')]), 'text/plain; charset=utf-8');
    }
  };
}

/** Boleto print pages (no auth, no faults, not counted): the page, or the 404 / 405 envelope. */
function servePrint(state: SandboxState, req: IncomingMessage, res: ServerResponse, path: string): void {
  const outcome = servePrintPage(state.store, req, res, path);
  if (outcome === 'sent') {
    return;
  }
  req.resume();
  if (outcome === 'method') {
    sendFailure(res, 'MethodNotAllowed', `Método ${req.method ?? ''} não permitido; use GET.`, false, { Allow: 'GET, HEAD' });
    return;
  }
  sendFailure(res, 'UnknownPath', 'Boleto não encontrado.', false);
}

/** The signer's journey (no auth, no faults, not counted): the page, or the 404 / 405 envelope. */
async function serveSigning(state: SandboxState, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const outcome = await serveSigningPage(state, req, res, path);
  if (outcome === 'sent') {
    return;
  }
  req.resume();
  if (outcome === 'method') {
    sendFailure(res, 'MethodNotAllowed', `Método ${req.method ?? ''} não permitido; use GET ou POST.`, false, { Allow: 'GET, HEAD, POST' });
    return;
  }
  sendFailure(res, 'UnknownPath', 'Página de assinatura não encontrada.', false);
}
