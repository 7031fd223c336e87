import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { handleAdmin } from './admin.js';
import { TokenService } from './auth.js';
import { Clock } from './clock.js';
import { createDemoData } from './demo.js';
import { errorEnvelope, message, SandboxCode, SandboxFailure, toPascalEnvelope, ok, type MessageItem } from './envelope.js';
import { Faults, normalizeOperationPath, type FaultDecision } from './faults.js';
import {
  BodyAbortedError,
  BodyTooLargeError,
  canonicalJson,
  DEFAULT_MAX_BODY_BYTES,
  isJsonMediaType,
  mediaType,
  nestsDeeperThan,
  readBody,
  sendJson,
  sendText,
} from './http.js';
import { IdGenerator } from './ids.js';
import { DEFAULT_ANALYSIS_DELAY_MS } from './model/analysis.js';
import { SandboxStore } from './model/store.js';
import { concludeDueAnalyses } from './model/transitions.js';
import { servePrintPage } from './print.js';
import { operationRoutes } from './routes/index.js';
import { type OperationContext, type OperationRoute } from './routes/types.js';

/** A client allowed to request tokens: its id and the PEM (SPKI) of its RSA public key. */
export interface SandboxClient {
  clientId: string;
  publicKeyPem: string;
}

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** Port to listen on; default 0 (ephemeral). */
  port?: number;
  /** Host to listen on; default '127.0.0.1'. */
  host?: string;
  /** Seed of ids and fault dice; default 1. */
  seed?: number;
  /** Pins the business clock (default: wall clock). */
  now?: Date;
  /** Registered clients (public keys for the client assertion). */
  clients?: SandboxClient[];
  /** When set, demo data is created owned by this client id. */
  demoOwner?: string;
  /** expires_in of issued tokens, in seconds of wall-clock time; default 3600. */
  tokenTtlSeconds?: number;
  /** Log sink; default silent. Never receives keys or tokens. */
  log?: (line: string) => void;
  /** Largest accepted operation body in bytes; default 16 MiB (larger bodies get 413). */
  maxBodyBytes?: number;
  /**
   * How long the credit analysis of a new proposal takes, in milliseconds of the sandbox clock;
   * default 10 s (`DEFAULT_ANALYSIS_DELAY_MS`). 0 concludes it at the next request.
   */
  analysisDelayMs?: number;
}

/** A demo proposal created at start (and on reset) when `demoOwner` is set. */
export interface DemoProposal {
  id: string;
  number: number;
  operationCode: string;
  situation: number;
  label: string;
}

/** A running sandbox. */
export interface Sandbox {
  /** 'http://127.0.0.1:PORT' */
  url: string;
  /** = url; operations at `${baseUrl}/Proposta/...` etc. */
  baseUrl: string;
  /** = url; token endpoint `${authUrl}/connect/token` (the assertion's aud). */
  authUrl: string;
  /** `${url}/environment`; CancelarProposta at `${environmentUrl}/FGTS/CancelarProposta`. */
  environmentUrl: string;
  /** Empty unless demoOwner. */
  demo: DemoProposal[];
  close(): Promise<void>;
}

/** Call counters of `GET /_sandbox/calls`. */
export interface CallStats {
  total: number;
  operations: Record<string, number>;
  maxInFlight: number;
  tokenRequests: number;
}

/** Held-open (hung) requests are destroyed after this long. */
const HANG_LIMIT_MS = 120_000;
/** Largest token-endpoint form body. */
const MAX_TOKEN_BODY_BYTES = 64 * 1024;
/** Longest accepted IdempotencyKey header. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/** Deepest JSON nesting accepted (the contract's deepest body nests 4 levels). */
const MAX_JSON_DEPTH = 32;
/** Replay-cache entries kept (oldest dropped first). */
const MAX_REPLAY_ENTRIES = 50_000;
/** Replay-cache size in characters of answers and fingerprints kept (oldest dropped first). */
const MAX_REPLAY_CHARS = 256 * 1024 * 1024;

interface ReplayEntry {
  fingerprint: string;
  status: number;
  text: string;
}

interface Answer {
  status: number;
  text: string;
}

/**
 * The sandbox's state and request pipeline. Exported for the admin module and tests; use
 * {@link createSandbox} to run one.
 */
export class SandboxCore {
  readonly store = new SandboxStore();
  clock: Clock;
  ids: IdGenerator;
  readonly faults: Faults;
  readonly tokens: TokenService;
  readonly routes: Map<string, OperationRoute>;
  url = '';
  demo: DemoProposal[] = [];
  tokenEndpointDown = false;
  /** Off: every write runs as new, whatever its IdempotencyKey (a partner that does not deduplicate). */
  replayEnabled = true;
  calls: CallStats = { total: 0, operations: {}, maxInFlight: 0, tokenRequests: 0 };
  private inFlight = 0;
  private routesByLowerPath = new Map<string, OperationRoute>();
  private replay = new Map<string, ReplayEntry>();
  private replayChars = 0;
  private writeQueue: Promise<unknown> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly held = new Set<ServerResponse>();
  private readonly seed: number;
  private readonly maxBodyBytes: number;
  /** Delay of the credit analysis of proposals created from now on (`PUT /_sandbox/analysis`). */
  analysisDelayMs: number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SandboxOptions) {
    this.seed = options.seed ?? 1;
    this.clock = new Clock(options.now);
    this.ids = new IdGenerator(this.seed);
    this.faults = new Faults(this.seed);
    this.tokens = new TokenService(options.tokenTtlSeconds ?? 3600);
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.analysisDelayMs = options.analysisDelayMs ?? DEFAULT_ANALYSIS_DELAY_MS;
    if (!Number.isFinite(this.analysisDelayMs) || this.analysisDelayMs < 0) {
      throw new RangeError('analysisDelayMs must be a finite number of milliseconds, 0 or more');
    }
    this.log = options.log ?? (() => undefined);
    this.routes = new Map(operationRoutes().map((r) => [r.path, r]));
  }

  /** An operation context for `clientId` (also used to build demo data). */
  context(clientId: string): OperationContext {
    return {
      store: this.store,
      clock: this.clock,
      ids: this.ids,
      clientId,
      baseUrl: this.url,
      analysisDelayMs: this.analysisDelayMs,
      clientSettings: this.tokens.settings(clientId),
    };
  }

  /** Clears state, calls, faults, clock, replay cache and tokens; re-creates demo data. */
  async reset(): Promise<void> {
    await this.exclusive(async () => {
      this.store.reset();
      this.clock = new Clock(this.options.now);
      this.ids = new IdGenerator(this.seed);
      this.faults.clear();
      this.tokens.reset();
      this.replay.clear();
      this.replayChars = 0;
      this.replayEnabled = true;
      this.analysisDelayMs = this.options.analysisDelayMs ?? DEFAULT_ANALYSIS_DELAY_MS;
      this.tokenEndpointDown = false;
      this.calls = { total: 0, operations: {}, maxInFlight: this.inFlight, tokenRequests: 0 };
      await this.createDemo();
    });
  }

  resetCalls(): void {
    this.calls = { total: 0, operations: {}, maxInFlight: this.inFlight, tokenRequests: 0 };
  }

  async createDemo(): Promise<void> {
    this.demo = this.options.demoOwner ? await createDemoData(this.context(this.options.demoOwner)) : [];
  }

  /** Runs `fn` after every earlier write (writes never interleave). */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.writeQueue.then(fn, fn);
    this.writeQueue = run.catch(() => undefined);
    return run;
  }

  /** Entry point of every HTTP request. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let path = '/';
    try {
      path = new URL(req.url ?? '/', 'http://sandbox.invalid').pathname;
    } catch {
      path = '/';
    }
    try {
      if (this.store.underAnalysis.size > 0) {
        concludeDueAnalyses(this.context(''));
      }
      if (path === '/_sandbox' || path.startsWith('/_sandbox/')) {
        await handleAdmin(this, req, res, path);
      } else if (path === '/connect/token') {
        await this.handleToken(req, res);
      } else if (path.startsWith('/boletos/')) {
        this.handlePrint(req, res, path);
      } else {
        await this.handleOperation(req, res, path);
      }
    } catch (err) {
      this.log(`sandbox: unexpected failure on ${req.method ?? '?'} ${path}: ${err instanceof Error ? err.message : String(err)}`);
      const [code, context, status] = SandboxCode.Internal;
      sendJson(res, status, errorEnvelope([message(code, context, 'Erro interno do sandbox.')]), 'text/plain; charset=utf-8');
    }
  }

  /** Boleto print pages (no auth, no faults, not counted): the page, or the 404 / 405 envelope. */
  private handlePrint(req: IncomingMessage, res: ServerResponse, path: string): void {
    const outcome = servePrintPage(this.store, req, res, path);
    if (outcome === 'sent') {
      return;
    }
    req.resume();
    if (outcome === 'method') {
      this.sendFailure(res, 'MethodNotAllowed', `Método ${req.method ?? ''} não permitido; use GET.`, false, { Allow: 'GET, HEAD' });
      return;
    }
    this.sendFailure(res, 'UnknownPath', 'Boleto não encontrado.', false);
  }

  private async handleToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.calls.tokenRequests += 1;
    const decision = this.faults.decide('/connect/token');
    if (await this.applyFault(req, res, decision, (status) => ({ error: 'temporarily_unavailable', error_description: `Injected fault (HTTP ${status}).` }))) {
      return;
    }
    const headers = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
    if (this.tokenEndpointDown) {
      req.resume();
      sendJson(res, 503, { error: 'temporarily_unavailable', error_description: 'The token endpoint is down (sandbox admin).' }, undefined, headers);
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      sendJson(res, 405, { error: 'invalid_request', error_description: 'Use POST.' }, undefined, { ...headers, Allow: 'POST' });
      return;
    }
    if (mediaType(req.headers['content-type']) !== 'application/x-www-form-urlencoded') {
      req.resume();
      sendJson(res, 400, { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded.' }, undefined, headers);
      return;
    }
    let raw: Buffer;
    try {
      raw = await readBody(req, MAX_TOKEN_BODY_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        sendJson(res, 413, { error: 'invalid_request', error_description: 'The form is too large.' }, undefined, { ...headers, Connection: 'close' });
      }
      return;
    }
    const host = req.headers.host;
    const audiences = [`${this.url}/connect/token`];
    if (host) {
      audiences.push(`http://${host}/connect/token`);
    }
    const answer = await this.tokens.issue(new URLSearchParams(raw.toString('utf8')), audiences);
    if (answer.status !== 200) {
      this.log(`sandbox: token request refused: ${String(answer.body.error)}`);
    }
    sendJson(res, answer.status, answer.body, undefined, headers);
  }

  private async handleOperation(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
    // Paths match case-insensitively, as on the upstream's ASP.NET routing; counters use the contract's spelling.
    const requested = normalizeOperationPath(rawPath.toLowerCase());
    // Rebuilt when the route table changed since the last request (tests add routes to it).
    if (this.routesByLowerPath.size !== this.routes.size) {
      this.routesByLowerPath = new Map([...this.routes.values()].map((r) => [r.path.toLowerCase(), r]));
    }
    const route = this.routesByLowerPath.get(requested);
    const key = route?.path ?? requested;
    if (!route || (rawPath.toLowerCase().startsWith('/environment/') && key !== '/FGTS/CancelarProposta')) {
      req.resume();
      this.sendFailure(res, 'UnknownPath', `Caminho desconhecido: ${rawPath.slice(0, 200)}`, false);
      return;
    }
    this.calls.total += 1;
    this.calls.operations[key] = (this.calls.operations[key] ?? 0) + 1;
    this.inFlight += 1;
    this.calls.maxInFlight = Math.max(this.calls.maxInFlight, this.inFlight);
    let counted = true;
    const done = (): void => {
      if (counted) {
        counted = false;
        this.inFlight -= 1;
      }
    };
    res.once('close', done);
    res.once('finish', done);

    if (req.method !== 'POST') {
      req.resume();
      this.sendFailure(res, 'MethodNotAllowed', `Método ${req.method ?? ''} não permitido; use POST.`, route.pascal, { Allow: 'POST' });
      return;
    }
    const decision = this.faults.decide(key);
    if (
      await this.applyFault(req, res, decision, (status) => {
        const env = errorEnvelope([message(String(status), 'FAULT', 'Falha injetada pelo sandbox.')], 'Falha injetada pelo sandbox.');
        return route.pascal ? toPascalEnvelope(env) : env;
      })
    ) {
      return;
    }
    const bearer = this.tokens.checkBearer(req.headers.authorization);
    if (!bearer.ok) {
      req.resume();
      const env = errorEnvelope([message('401', bearer.context, bearer.description)], 'Não autorizado.');
      sendJson(res, 401, env, 'text/plain; charset=utf-8', { 'WWW-Authenticate': 'Bearer' });
      return;
    }
    const idempotencyKey = headerValue(req.headers.idempotencykey);
    if (idempotencyKey === undefined || idempotencyKey.trim() === '') {
      req.resume();
      this.sendFailure(res, 'IdempotencyKeyMissing', 'O cabeçalho IdempotencyKey é obrigatório.', route.pascal);
      return;
    }
    if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      req.resume();
      this.sendFailure(res, 'IdempotencyKeyTooLong', `IdempotencyKey excede ${MAX_IDEMPOTENCY_KEY_LENGTH} caracteres.`, route.pascal);
      return;
    }
    const type = mediaType(req.headers['content-type']);
    if (type !== '' && !isJsonMediaType(type)) {
      req.resume();
      this.sendFailure(res, 'UnsupportedMediaType', `Content-Type não suportado: ${type.slice(0, 100)}`, route.pascal);
      return;
    }
    let raw: Buffer;
    try {
      raw = await readBody(req, this.maxBodyBytes);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        this.sendFailure(res, 'BodyTooLarge', `O corpo excede ${this.maxBodyBytes} bytes.`, route.pascal, { Connection: 'close' });
      } else if (!(err instanceof BodyAbortedError)) {
        this.log(`sandbox: failed reading a body: ${err instanceof Error ? err.message : String(err)}`);
      }
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      this.sendFailure(res, 'MalformedJson', 'O corpo não é um JSON válido.', route.pascal);
      return;
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      this.sendFailure(res, 'BodyNotObject', 'O corpo deve ser um objeto JSON.', route.pascal);
      return;
    }
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      this.sendFailure(res, 'TooDeep', `O JSON excede ${MAX_JSON_DEPTH} níveis de aninhamento.`, route.pascal);
      return;
    }
    const json = body as Record<string, unknown>;
    const clientId = bearer.clientId;
    let answer: Answer;
    let replayed = false;
    if (route.write && !this.replayEnabled) {
      answer = await this.exclusive(() => this.run(route, clientId, json));
    } else if (route.write) {
      const cacheKey = `${clientId}\u0000${idempotencyKey}`;
      const fingerprint = createHash('sha256').update(`${key}\n${canonicalJson(json)}`).digest('base64');
      [answer, replayed] = await this.exclusive(async (): Promise<[Answer, boolean]> => {
        const previous = this.replay.get(cacheKey);
        if (previous) {
          if (previous.fingerprint === fingerprint) {
            return [{ status: previous.status, text: previous.text }, true];
          }
          const [code, context, status] = SandboxCode.IdempotencyConflict;
          const env = errorEnvelope([message(code, context, 'IdempotencyKey já usada com outra requisição.', 'IdempotencyKey')]);
          return [{ status, text: JSON.stringify(route.pascal ? toPascalEnvelope(env) : env) }, false];
        }
        const result = await this.run(route, clientId, json);
        if (result.status < 500) {
          this.remember(cacheKey, { fingerprint, ...result });
        }
        return [result, false];
      });
    } else {
      answer = await this.run(route, clientId, json);
    }
    sendText(res, answer.status, answer.text, 'text/plain; charset=utf-8', replayed ? { 'Idempotent-Replayed': 'true' } : {});
  }

  /** Runs a handler and turns its result or failure into an envelope answer. */
  private async run(route: OperationRoute, clientId: string, body: Record<string, unknown>): Promise<Answer> {
    const wrap = (env: Record<string, unknown>): string => JSON.stringify(route.pascal ? toPascalEnvelope(env) : env);
    try {
      const fields = await route.handler(this.context(clientId), body);
      return { status: 200, text: wrap(ok(fields)) };
    } catch (err) {
      if (err instanceof SandboxFailure) {
        return { status: err.status, text: wrap(errorEnvelope(err.items)) };
      }
      this.log(`sandbox: ${route.path} threw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      const [code, context, status] = SandboxCode.Internal;
      return { status, text: wrap(errorEnvelope([message(code, context, 'Erro interno do sandbox.')])) };
    }
  }

  private remember(key: string, entry: ReplayEntry): void {
    const size = (e: ReplayEntry): number => e.fingerprint.length + e.text.length;
    this.replay.set(key, entry);
    this.replayChars += size(entry);
    while (this.replay.size > 1 && (this.replay.size > MAX_REPLAY_ENTRIES || this.replayChars > MAX_REPLAY_CHARS)) {
      const [oldestKey, oldest] = this.replay.entries().next().value as [string, ReplayEntry];
      this.replay.delete(oldestKey);
      this.replayChars -= size(oldest);
    }
  }

  private sendFailure(
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

  /** Applies a fault decision; true when the request was answered (or is being held open). */
  private async applyFault(
    req: IncomingMessage,
    res: ServerResponse,
    decision: FaultDecision,
    errorBody: (status: number) => unknown,
  ): Promise<boolean> {
    if (decision.action === 'hang') {
      this.holdOpen(req, res);
      return true;
    }
    if (decision.latencyMs > 0) {
      await this.delay(decision.latencyMs);
    }
    if (decision.action === 'error') {
      req.resume();
      const headers: Record<string, string> = decision.retryAfterSeconds !== undefined ? { 'Retry-After': String(decision.retryAfterSeconds) } : {};
      const contentType = req.url?.startsWith('/connect/token') ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
      sendJson(res, decision.status, errorBody(decision.status), contentType, headers);
      return true;
    }
    return false;
  }

  private holdOpen(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    this.held.add(res);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      res.destroy();
    }, HANG_LIMIT_MS);
    this.timers.add(timer);
    res.once('close', () => {
      clearTimeout(timer);
      this.timers.delete(timer);
      this.held.delete(res);
    });
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Stops timers and destroys held-open answers (on close). */
  shutdown(): void {
    for (const timer of this.timers) {
      clearTimeout(timer);
    }
    this.timers.clear();
    for (const res of this.held) {
      res.destroy();
    }
    this.held.clear();
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Starts a sandbox (see contracts and src/sandbox/README.md). */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const core = new SandboxCore(options);
  for (const client of options.clients ?? []) {
    await core.tokens.registerClient(client.clientId, client.publicKeyPem);
  }
  const server: Server = createServer((req, res) => {
    void core.handle(req, res);
  });
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  core.url = url;
  try {
    await core.createDemo();
  } catch (err) {
    server.close();
    server.closeAllConnections();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    baseUrl: url,
    authUrl: url,
    environmentUrl: `${url}/environment`,
    get demo() {
      return core.demo;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        core.shutdown();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
