import { type Clock } from '../clock.js';
import { type IdGenerator } from '../ids.js';
import { type SandboxStore } from '../model/store.js';
import { type OperationDoc } from './schema.js';

/** What an operation handler may use. Handlers mutate the store; the server runs write handlers one at a time. */
export interface OperationContext {
  store: SandboxStore;
  clock: Clock;
  ids: IdGenerator;
  /** The client id the bearer token was issued to. */
  clientId: string;
  /** Base URL of the sandbox (for print URLs). */
  baseUrl: string;
  /** How long a new proposal's credit analysis takes on the sandbox clock (default model/analysis.ts DEFAULT_ANALYSIS_DELAY_MS). */
  analysisDelayMs?: number;
  /** The calling client's notification settings (signature routes; defaults e-mail on, chat off). */
  clientSettings?: { emailNotification: boolean; chatNotification: boolean };
}

/**
 * An operation handler: receives the parsed JSON body (an object; the server has already refused
 * non-objects) and returns the operation's success fields, or throws a `SandboxFailure`.
 * The server wraps the result in the envelope (PascalCase for /FGTS/).
 */
export type OperationHandler = (ctx: OperationContext, body: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;

export interface OperationRoute {
  /** Path as the contract names it, e.g. "/Proposta/ConsultarParcelas". */
  path: string;
  /** Writes need IdempotencyKey replay; reads do not (both require the header). */
  write: boolean;
  /** PascalCase envelope (/FGTS/ operations). */
  pascal: boolean;
  handler: OperationHandler;
  /** Its request and answer (routes/<area>.schemas.ts): the request's types are checked before the handler runs; the OpenAPI document is built from it. */
  doc: OperationDoc;
}
