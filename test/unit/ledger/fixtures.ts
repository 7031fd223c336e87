/**
 * What the ledger's unit tests share: a clock they move, a request, and a memory store that counts
 * what it was asked (`calls`) and can be told to answer otherwise (`override`).
 */
import { Ledger, type LedgerOptions, type WriteRequest } from '../../../src/ledger/ledger.js';
import { MemoryLedgerStore } from '../../../src/ledger/memory.js';
import { type LedgerStore } from '../../../src/ledger/store.js';

export const T0 = Date.parse('2026-03-02T12:00:00.000Z');
export const at = (ms: number): Date => new Date(T0 + ms);

/** A clock the test moves. */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
  /** Milliseconds since T0. */
  readonly elapsed: number;
}

export function testClock(): TestClock {
  let elapsed = 0;
  return {
    now: () => at(elapsed),
    advance: (ms) => {
      elapsed += ms;
    },
    get elapsed() {
      return elapsed;
    },
  };
}

let counter = 0;

export function request(overrides: Partial<WriteRequest> = {}): WriteRequest {
  counter += 1;
  return {
    callerId: 'caller-a',
    idempotencyKey: `key-${counter}`,
    operation: 'IncluirManual',
    requestHash: 'hash-1',
    upstreamKey: `upstream-${counter}`,
    probe: { operationCode: 'op-1' },
    ...overrides,
  };
}

type StoreMethod = Exclude<keyof LedgerStore, 'transaction'> | 'transaction';

/** A memory store whose every call is counted by method name. */
export interface CountingStore extends LedgerStore {
  readonly calls: Partial<Record<StoreMethod, number>>;
  readonly memory: MemoryLedgerStore;
}

export function countingStore(memory = new MemoryLedgerStore(), override: Partial<LedgerStore> = {}): CountingStore {
  const calls: Partial<Record<StoreMethod, number>> = {};
  return new Proxy(memory, {
    get(target, property, receiver) {
      if (property === 'calls') {
        return calls;
      }
      if (property === 'memory') {
        return memory;
      }
      const own = (override as Record<PropertyKey, unknown>)[property];
      const value = own ?? Reflect.get(target, property, receiver);
      if (typeof value !== 'function') {
        return value;
      }
      return (...args: unknown[]) => {
        calls[property as StoreMethod] = (calls[property as StoreMethod] ?? 0) + 1;
        return (value as (...a: unknown[]) => unknown).apply(own === undefined ? target : override, args);
      };
    },
  }) as unknown as CountingStore;
}

/** A ledger over a fresh memory store (counting its calls) and a test clock. */
export function memoryLedger(options: LedgerOptions & { store?: CountingStore } = {}): { ledger: Ledger; store: CountingStore; clock: TestClock } {
  const clock = testClock();
  const store = options.store ?? countingStore();
  return { ledger: new Ledger(store, { now: clock.now, leaseMs: 60_000, ...options }), store, clock };
}

/** A promise and the functions that settle it. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every queued promise callback run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    await Promise.resolve();
  }
}
