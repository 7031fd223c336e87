import { type IncomingMessage, type ServerResponse } from 'node:http';
import { errorEnvelope, message, SandboxCode, toPascalEnvelope } from '../envelope.js';
import { normalizeOperationPath } from '../faults.js';
import { BodyAbortedError, BodyTooLargeError, isJsonMediaType, mediaType, nestsDeeperThan, readBody, sendJson, sendText } from '../http.js';
import { type OperationRoute } from '../routes/types.js';
import { dispatch, sendFailure } from './dispatch.js';
import { type FaultEffects } from './fault-effects.js';
import { ReplayStore, type Answer } from './replay.js';
import { type SandboxState } from './state.js';

/** Longest accepted IdempotencyKey header. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/** Deepest JSON nesting accepted (the contract's deepest body nests 4 levels). */
const MAX_JSON_DEPTH = 32;

/**
 * The operation pipeline, in the order the README gives: count the call, method, faults, bearer
 * token, IdempotencyKey, content type, body size, JSON, then the handler: reads at once, writes
 * through the replay store and the write queue. Injected latency is waited after all that, before
 * the answer is sent.
 */
export class OperationPipeline {
  private routesByLowerPath = new Map<string, OperationRoute>();

  constructor(
    private readonly state: SandboxState,
    private readonly effects: FaultEffects,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
    const state = this.state;
    const route = this.resolve(rawPath);
    if (!route) {
      req.resume();
      sendFailure(res, 'UnknownPath', `Caminho desconhecido: ${rawPath.slice(0, 200)}`, false);
      return;
    }
    this.count(route.path, res);
    if (req.method !== 'POST') {
      req.resume();
      sendFailure(res, 'MethodNotAllowed', `Método ${req.method ?? ''} não permitido; use POST.`, route.pascal, { Allow: 'POST' });
      return;
    }
    const decision = state.faults.decide(route.path);
    const faulted = await this.effects.apply(
      req,
      res,
      decision,
      (status) => {
        const env = errorEnvelope([message(String(status), 'FAULT', 'Falha injetada pelo sandbox.')], 'Falha injetada pelo sandbox.');
        return route.pascal ? toPascalEnvelope(env) : env;
      },
      'after',
    );
    if (faulted) {
      return;
    }
    // Injected latency delays the answer, not the work: whatever the request does is done at once,
    // and a client that gives up while it waits leaves it done (a write lands, its answer is lost).
    const latencyMs = decision.action === 'pass' ? decision.latencyMs : 0;
    const reply = async (send: () => void): Promise<void> => {
      await this.effects.answerDelay(latencyMs);
      send();
    };
    const bearer = state.tokens.checkBearer(req.headers.authorization);
    if (!bearer.ok) {
      req.resume();
      const env = errorEnvelope([message('401', bearer.context, bearer.description)], 'Não autorizado.');
      return reply(() => sendJson(res, 401, env, 'text/plain; charset=utf-8', { 'WWW-Authenticate': 'Bearer' }));
    }
    const idempotencyKey = headerValue(req.headers.idempotencykey);
    if (idempotencyKey === undefined || idempotencyKey.trim() === '') {
      req.resume();
      return reply(() => sendFailure(res, 'IdempotencyKeyMissing', 'O cabeçalho IdempotencyKey é obrigatório.', route.pascal));
    }
    if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      req.resume();
      return reply(() => sendFailure(res, 'IdempotencyKeyTooLong', `IdempotencyKey excede ${MAX_IDEMPOTENCY_KEY_LENGTH} caracteres.`, route.pascal));
    }
    const body = await this.readJsonObject(req, route);
    if (typeof body === 'function') {
      return reply(() => body(res));
    }
    const [answer, replayed] = route.write
      ? await this.write(route, bearer.clientId, idempotencyKey, body)
      : [await this.run(route, bearer.clientId, body), false];
    return reply(() => sendText(res, answer.status, answer.text, 'text/plain; charset=utf-8', replayed ? { 'Idempotent-Replayed': 'true' } : {}));
  }

  /** The route of a path: case-insensitive (ASP.NET routing); the environment URL serves CancelarProposta only. */
  private resolve(rawPath: string): OperationRoute | undefined {
    // Rebuilt when the route table changed since the last request (tests add routes to it).
    if (this.routesByLowerPath.size !== this.state.routes.size) {
      this.routesByLowerPath = new Map([...this.state.routes.values()].map((r) => [r.path.toLowerCase(), r]));
    }
    const route = this.routesByLowerPath.get(normalizeOperationPath(rawPath.toLowerCase()));
    if (route && rawPath.toLowerCase().startsWith('/environment/') && route.path !== '/FGTS/CancelarProposta') {
      return undefined;
    }
    return route;
  }

  /** Counts the call under its contract path and tracks how many are in flight. */
  private count(path: string, res: ServerResponse): void {
    const state = this.state;
    state.calls.total += 1;
    state.calls.operations[path] = (state.calls.operations[path] ?? 0) + 1;
    state.inFlight += 1;
    state.calls.maxInFlight = Math.max(state.calls.maxInFlight, state.inFlight);
    let counted = true;
    const done = (): void => {
      if (counted) {
        counted = false;
        state.inFlight -= 1;
      }
    };
    res.once('close', done);
    res.once('finish', done);
  }

  /**
   * Content type, size, JSON, object, depth: the body, or the failure to answer (sent by the caller,
   * after any injected latency) when one fails.
   */
  private async readJsonObject(req: IncomingMessage, route: OperationRoute): Promise<Record<string, unknown> | ((res: ServerResponse) => void)> {
    const fail =
      (which: keyof typeof SandboxCode, description: string, headers: Record<string, string> = {}) =>
      (res: ServerResponse): void =>
        sendFailure(res, which, description, route.pascal, headers);
    const type = mediaType(req.headers['content-type']);
    if (type !== '' && !isJsonMediaType(type)) {
      req.resume();
      return fail('UnsupportedMediaType', `Content-Type não suportado: ${type.slice(0, 100)}`);
    }
    let raw: Buffer;
    try {
      raw = await readBody(req, this.state.maxBodyBytes);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        return fail('BodyTooLarge', `O corpo excede ${this.state.maxBodyBytes} bytes.`, { Connection: 'close' });
      }
      if (!(err instanceof BodyAbortedError)) {
        this.state.log(`sandbox: failed reading a body: ${err instanceof Error ? err.message : String(err)}`);
      }
      // Nobody is left to answer.
      return noop;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      return fail('MalformedJson', 'O corpo não é um JSON válido.');
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return fail('BodyNotObject', 'O corpo deve ser um objeto JSON.');
    }
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      return fail('TooDeep', `O JSON excede ${MAX_JSON_DEPTH} níveis de aninhamento.`);
    }
    return body as Record<string, unknown>;
  }

  /**
   * A write, one at a time: replayed when the key and fingerprint were seen, refused (409) when the
   * key came with another request, else run and remembered (5xx answers are not, so a retry runs).
   * With replay off it simply runs.
   */
  private write(route: OperationRoute, clientId: string, key: string, body: Record<string, unknown>): Promise<[Answer, boolean]> {
    const replay = this.state.replay;
    return this.state.exclusive(async (): Promise<[Answer, boolean]> => {
      if (!replay.enabled) {
        const answer = await this.run(route, clientId, body);
        await this.state.persist();
        return [answer, false];
      }
      const fingerprint = ReplayStore.fingerprint(route.path, body);
      const seen = replay.lookup(clientId, key, fingerprint);
      if (seen.kind === 'replay') {
        return [seen.answer, true];
      }
      if (seen.kind === 'conflict') {
        const [code, context, status] = SandboxCode.IdempotencyConflict;
        const env = errorEnvelope([message(code, context, 'IdempotencyKey já usada com outra requisição.', 'IdempotencyKey')]);
        return [{ status, text: JSON.stringify(route.pascal ? toPascalEnvelope(env) : env) }, false];
      }
      const answer = await this.run(route, clientId, body);
      if (answer.status < 500) {
        replay.remember(clientId, key, fingerprint, answer);
      }
      // Kept before it is answered, as a partner commits before it answers.
      await this.state.persist();
      return [answer, false];
    });
  }

  private run(route: OperationRoute, clientId: string, body: Record<string, unknown>): Promise<Answer> {
    return dispatch(route, this.state.context(clientId), body, this.state.log);
  }
}

function noop(): void {}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
