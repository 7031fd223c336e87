import { Random } from './ids.js';

/** Fault settings of `PUT /_sandbox/faults` (see contracts and src/sandbox/README.md). */
export interface FaultSettings {
  latencyMs?: number;
  errorRate?: number;
  errorStatus?: number;
  retryAfterSeconds?: number;
  failNext?: number;
  timeoutRate?: number;
  hangNext?: number;
  operations?: string[];
  seed?: number;
}

/** What to do with one matching request. */
export interface FaultDecision {
  action: 'pass' | 'error' | 'hang';
  latencyMs: number;
  status: number;
  retryAfterSeconds?: number;
}

const PASS: FaultDecision = { action: 'pass', latencyMs: 0, status: 200 };

/** Thrown for an invalid fault body; the admin API answers 400. */
export class FaultSettingsError extends Error {}

function num(value: unknown, name: string, min: number, max: number, integer = false): number | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new FaultSettingsError(`${name} must be ${integer ? 'an integer' : 'a number'} in [${min}, ${max}]`);
  }
  return value;
}

/** The fields of a fault body; any other is refused (a misspelt field would silently do nothing). */
const FAULT_FIELDS = ['latencyMs', 'errorRate', 'errorStatus', 'retryAfterSeconds', 'failNext', 'timeoutRate', 'hangNext', 'operations', 'seed'] as const;

/**
 * Validates an admin fault body into settings. When `knownPaths` is given (the operation paths and
 * `/connect/token`, in the contract's spelling), every listed operation must be one of them
 * (matched case-insensitively, `/environment/` dropped, as requests are) and is stored in the
 * contract's spelling; an unknown one is refused naming the valid paths, since it would match nothing.
 */
export function parseFaultSettings(body: unknown, knownPaths?: readonly string[]): FaultSettings {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new FaultSettingsError('body must be a JSON object');
  }
  const b = body as Record<string, unknown>;
  const unknownFields = Object.keys(b).filter((k) => !(FAULT_FIELDS as readonly string[]).includes(k));
  if (unknownFields.length > 0) {
    throw new FaultSettingsError(`unknown fields: ${unknownFields.join(', ').slice(0, 200)}; expected ${FAULT_FIELDS.join(', ')}`);
  }
  let operations = b.operations;
  if (operations !== undefined && (!Array.isArray(operations) || operations.some((o) => typeof o !== 'string'))) {
    throw new FaultSettingsError('operations must be an array of paths');
  }
  if (operations !== undefined && knownPaths) {
    const byLower = new Map(knownPaths.map((p) => [p.toLowerCase(), p]));
    const unknown = (operations as string[]).filter((o) => !byLower.has(normalizeOperationPath(o).toLowerCase()));
    if (unknown.length > 0) {
      throw new FaultSettingsError(`unknown operation paths: ${unknown.join(', ').slice(0, 300)}; valid paths: ${knownPaths.join(', ')}`);
    }
    operations = (operations as string[]).map((o) => byLower.get(normalizeOperationPath(o).toLowerCase()) as string);
  }
  const settings: FaultSettings = {
    latencyMs: num(b.latencyMs, 'latencyMs', 0, 600_000),
    errorRate: num(b.errorRate, 'errorRate', 0, 1),
    errorStatus: num(b.errorStatus, 'errorStatus', 400, 599, true),
    retryAfterSeconds: num(b.retryAfterSeconds, 'retryAfterSeconds', 0, 86_400, true),
    failNext: num(b.failNext, 'failNext', 0, 1_000_000, true),
    timeoutRate: num(b.timeoutRate, 'timeoutRate', 0, 1),
    hangNext: num(b.hangNext, 'hangNext', 0, 1_000_000, true),
    operations: operations === undefined ? undefined : (operations as string[]).map(normalizeOperationPath),
    seed: num(b.seed, 'seed', 0, 0xffffffff, true),
  };
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as FaultSettings;
}

/** The contract key of an operation path (`/environment/FGTS/CancelarProposta` -> `/FGTS/CancelarProposta`). */
export function normalizeOperationPath(path: string): string {
  return path.toLowerCase().startsWith('/environment/') ? path.slice('/environment'.length) : path;
}

/**
 * Fault injection. Decisions are taken in arrival order, so the same seed and the same request
 * sequence give the same faults. Per matching request: `hangNext` first, then `failNext`, then
 * (when > 0) one draw against `timeoutRate`, then (when > 0) one draw against `errorRate`.
 * `latencyMs` delays every matching answer, faulted or not (hangs never answer); a passing
 * operation's work is done first, only its answer waits (see `core/fault-effects.ts`).
 */
export class Faults {
  private settings: FaultSettings | undefined;
  private random: Random;
  private hangLeft = 0;
  private failLeft = 0;

  constructor(private readonly defaultSeed: number) {
    this.random = new Random(defaultSeed);
  }

  set(settings: FaultSettings): void {
    this.settings = settings.operations ? { ...settings, operations: settings.operations.map(normalizeOperationPath) } : { ...settings };
    this.random = new Random(settings.seed ?? this.defaultSeed);
    this.hangLeft = settings.hangNext ?? 0;
    this.failLeft = settings.failNext ?? 0;
  }

  clear(): void {
    this.settings = undefined;
    this.hangLeft = 0;
    this.failLeft = 0;
    this.random = new Random(this.defaultSeed);
  }

  /** Current settings with the remaining failNext/hangNext counts. */
  get(): FaultSettings {
    if (!this.settings) {
      return {};
    }
    return {
      ...this.settings,
      ...(this.settings.failNext !== undefined ? { failNext: this.failLeft } : {}),
      ...(this.settings.hangNext !== undefined ? { hangNext: this.hangLeft } : {}),
    };
  }

  /** Whether faults apply to `path` (operations by default, the token endpoint only when listed). */
  matches(path: string): boolean {
    const s = this.settings;
    if (!s) {
      return false;
    }
    if (s.operations) {
      return s.operations.includes(path);
    }
    return path !== '/connect/token';
  }

  decide(path: string): FaultDecision {
    const s = this.settings;
    if (!s || !this.matches(path)) {
      return PASS;
    }
    const base = { latencyMs: s.latencyMs ?? 0, status: s.errorStatus ?? 503, retryAfterSeconds: s.retryAfterSeconds };
    if (this.hangLeft > 0) {
      this.hangLeft -= 1;
      return { ...base, action: 'hang' };
    }
    if (this.failLeft > 0) {
      this.failLeft -= 1;
      return { ...base, action: 'error' };
    }
    if ((s.timeoutRate ?? 0) > 0 && this.random.next() < (s.timeoutRate ?? 0)) {
      return { ...base, action: 'hang' };
    }
    if ((s.errorRate ?? 0) > 0 && this.random.next() < (s.errorRate ?? 0)) {
      return { ...base, action: 'error' };
    }
    return { ...base, action: 'pass' };
  }
}
