/**
 * Test doubles for the partner read layer (src/upstream/reads/): a read cache store whose every
 * answer the test scripts, and a partner that answers at once. Both write what they were asked into
 * one event log, so a test can assert the exact order of store operations, waits and partner calls.
 */
import { type CachedRead, type CacheLookup, type ReadCacheStore } from '../../../src/upstream/cache.js';
import { type CallOptions, type UpstreamCaller } from '../../../src/upstream/client.js';
import { type OperationName } from '../../../src/upstream/operations.js';

/** One scripted answer: a value, an error to throw, or a function giving either (e.g. a promise the test settles). */
export type Scripted<T> = T | Error | (() => T | Promise<T>);

/** What the store hands out when a queue is empty and no default is set: the test did not expect that call. */
export class UnscriptedCall extends Error {}

async function next<T>(queue: Array<Scripted<T>>, fallback: Scripted<T> | undefined, what: string): Promise<T> {
  const step = queue.length > 0 ? queue.shift() : fallback;
  if (step === undefined) {
    throw new UnscriptedCall(`unscripted ${what}`);
  }
  if (step instanceof Error) {
    throw step;
  }
  if (typeof step === 'function') {
    return (step as () => T | Promise<T>)();
  }
  return step;
}

export const miss = (version: string): CacheLookup => ({ entry: undefined, version });
export const found = (version: string, entry: CachedRead): CacheLookup => ({ entry, version });

/**
 * A ReadCacheStore answering from scripts: `gets`, `claims` and `claimedAnswers` are consumed in
 * order (then the `*Default`, else an {@link UnscriptedCall} error). Every call is logged into `log`;
 * `set` records what it was given; `claim` records the holder ids.
 */
export class ScriptedStore implements ReadCacheStore {
  readonly gets: Array<Scripted<CacheLookup>> = [];
  getDefault: Scripted<CacheLookup> | undefined;
  readonly claims: Array<Scripted<boolean>> = [];
  readonly claimedAnswers: Array<Scripted<boolean>> = [];
  claimedDefault: Scripted<boolean> | undefined;
  readonly sets: Array<{ key: string; version: string; entry: CachedRead; ttlMs: number }> = [];
  readonly keys: string[] = [];
  readonly holders: string[] = [];
  readonly released: Array<{ key: string; version: string; holder: string }> = [];
  setError: Error | undefined;
  invalidateError: Error | undefined;
  releaseError: Error | undefined;

  claim?: (key: string, version: string, holder: string, ttlMs: number) => Promise<boolean>;
  release?: (key: string, version: string, holder: string) => Promise<void>;
  claimed?: (key: string, version: string) => Promise<boolean>;

  constructor(readonly log: string[] = []) {
    this.claim = async (key, version, holder, ttlMs) => {
      this.log.push(`claim ${version} ${ttlMs}`);
      this.keys.push(key);
      this.holders.push(holder);
      return next(this.claims, undefined, 'claim');
    };
    this.release = async (key, version, holder) => {
      this.log.push(`release ${version}`);
      this.released.push({ key, version, holder });
      if (this.releaseError !== undefined) {
        throw this.releaseError;
      }
    };
    this.claimed = async (key, version) => {
      this.log.push(`claimed ${version}`);
      this.keys.push(key);
      return next(this.claimedAnswers, this.claimedDefault, 'claimed');
    };
  }

  async get(key: string, tags: readonly string[]): Promise<CacheLookup> {
    this.log.push(`get ${tags.join(',')}`);
    this.keys.push(key);
    return next(this.gets, this.getDefault, 'get');
  }

  async set(key: string, version: string, entry: CachedRead, ttlMs: number): Promise<void> {
    this.log.push(`set ${version} ${ttlMs}`);
    this.keys.push(key);
    this.sets.push({ key, version, entry, ttlMs });
    if (this.setError !== undefined) {
      throw this.setError;
    }
  }

  async invalidate(tags: readonly string[]): Promise<void> {
    this.log.push(`invalidate ${tags.join(',')}`);
    if (this.invalidateError !== undefined) {
      throw this.invalidateError;
    }
  }

  async close(): Promise<void> {
    this.log.push('close');
  }
}

/** A partner that answers every call at once from `answers` (consumed in order, then `answer`), logging `partner <operation> <caller>`. */
export class InstantPartner implements UpstreamCaller {
  readonly calls: Array<{ operation: OperationName; body: object; options: CallOptions }> = [];
  readonly answers: Array<Scripted<unknown>> = [];
  answer: Scripted<unknown> = { parcelas: [] };

  constructor(readonly log: string[] = []) {}

  async request<T>(operation: OperationName, body: object, options: CallOptions = {}): Promise<T> {
    this.log.push(`partner ${operation} ${options.caller ?? '-'}`);
    this.calls.push({ operation, body, options });
    options.onAttempt?.();
    return (await next(this.answers, this.answer, 'partner call')) as T;
  }
}

/** A promise and the functions that settle it (a partner answer the test hands out when it chooses). */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
