import { randomInt } from 'node:crypto';
import { TokenService } from '../auth.js';
import { Clock } from '../clock.js';
import { createDemoData } from '../demo.js';
import { Faults } from '../faults.js';
import { DEFAULT_MAX_BODY_BYTES } from '../http.js';
import { IdGenerator } from '../ids.js';
import { DEFAULT_ANALYSIS_DELAY_MS } from '../model/analysis.js';
import { SandboxStore } from '../model/store.js';
import { type CallStats, type DemoProposal, type SandboxOptions } from '../options.js';
import { operationRoutes } from '../routes/index.js';
import { type OperationContext, type OperationRoute } from '../routes/types.js';
import { readSnapshot, type SandboxSnapshot, SNAPSHOT_VERSION, writeSnapshot } from './persistence.js';
import { ReplayStore } from './replay.js';

/**
 * Everything a sandbox remembers, and the one write queue: the partner's state (store, clock, ids),
 * the replay store, tokens, faults, call counters and the admin settings. The request pipeline, the
 * admin API and the pages all work on one of these.
 */
export class SandboxState {
  readonly store = new SandboxStore();
  clock: Clock;
  ids: IdGenerator;
  readonly faults: Faults;
  readonly tokens: TokenService;
  readonly replay = new ReplayStore();
  /** The operations served, by contract path (tests may add one). */
  readonly routes: Map<string, OperationRoute>;
  readonly maxBodyBytes: number;
  readonly log: (line: string) => void;
  url = '';
  demo: DemoProposal[] = [];
  tokenEndpointDown = false;
  /** Delay of the credit analysis of proposals created from now on (`PUT /_sandbox/analysis`). */
  analysisDelayMs: number;
  calls: CallStats = { total: 0, operations: {}, maxInFlight: 0, tokenRequests: 0 };
  /** Operation requests being answered now (for `maxInFlight`). */
  inFlight = 0;
  private writeQueue: Promise<unknown> = Promise.resolve();
  private persistQueue: Promise<unknown> = Promise.resolve();
  private readonly seed: number;

  constructor(private readonly options: SandboxOptions) {
    this.seed = options.seed ?? 1;
    this.clock = new Clock(options.now);
    this.ids = new IdGenerator(this.seed);
    this.faults = new Faults(this.seed);
    this.tokens = new TokenService(options.tokenTtlSeconds ?? 3600);
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.log = options.log ?? (() => undefined);
    this.analysisDelayMs = options.analysisDelayMs ?? DEFAULT_ANALYSIS_DELAY_MS;
    if (!Number.isFinite(this.analysisDelayMs) || this.analysisDelayMs < 0) {
      throw new RangeError('analysisDelayMs must be a finite number of milliseconds, 0 or more');
    }
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

  /** Clears state, calls, faults, clock, replay cache, settings and tokens; re-creates demo data. */
  async reset(): Promise<void> {
    await this.exclusive(async () => {
      this.store.reset();
      this.clock = new Clock(this.options.now);
      this.ids = new IdGenerator(this.seed);
      this.faults.clear();
      this.tokens.reset();
      this.replay.reset();
      this.analysisDelayMs = this.options.analysisDelayMs ?? DEFAULT_ANALYSIS_DELAY_MS;
      this.tokenEndpointDown = false;
      this.resetCalls();
      await this.createDemo();
    });
  }

  /** Zeroes the call counters (`maxInFlight` restarts from what is in flight now). */
  resetCalls(): void {
    this.calls = { total: 0, operations: {}, maxInFlight: this.inFlight, tokenRequests: 0 };
  }

  /**
   * The state at start: what the state file holds when there is one (ids, clock and replay cache
   * continue where they were), else a fresh state with the demo data, written to the state file.
   */
  async start(): Promise<void> {
    const file = this.options.stateFile;
    const snapshot = file === undefined ? undefined : await readSnapshot(file);
    if (snapshot === undefined) {
      await this.createDemo();
      await this.persist();
      return;
    }
    this.store.reset();
    for (const proposal of snapshot.proposals) {
      this.store.add(proposal);
    }
    this.ids.restore(snapshot.ids);
    this.clock.restore(snapshot.clock);
    this.replay.restore(snapshot.replay);
    this.demo = snapshot.demo;
  }

  /**
   * Writes the state to the state file (nothing without one), after every change a partner would
   * keep: a write answered, an admin action, a signature. Writes of the file are queued, each one
   * of the state as it is when its turn comes.
   */
  persist(): Promise<void> {
    const file = this.options.stateFile;
    if (file === undefined) {
      return Promise.resolve();
    }
    const run = this.persistQueue.then(() => writeSnapshot(file, this.snapshot()));
    this.persistQueue = run.catch(() => undefined);
    return run;
  }

  private snapshot(): SandboxSnapshot {
    return {
      version: SNAPSHOT_VERSION,
      proposals: [...this.store.proposals.values()],
      ids: this.ids.snapshot(),
      clock: this.clock.snapshot(),
      replay: this.replay.snapshot(),
      demo: this.demo,
    };
  }

  async createDemo(): Promise<void> {
    this.demo = this.options.demoOwner ? await createDemoData(this.context(this.options.demoOwner)) : [];
    if (this.options.stateFile !== undefined) {
      // The demo keeps its seeded ids; what a persistent sandbox creates after it draws from an
      // unseeded point of the stream, so a ledger that outlived this state (a lost state file, an
      // admin reset) never sees one of its ids issued again.
      this.ids.restore({ ...this.ids.snapshot(), random: randomInt(2 ** 32) });
    }
  }

  /** Runs `fn` after every earlier write (writes never interleave). */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.writeQueue.then(fn, fn);
    this.writeQueue = run.catch(() => undefined);
    return run;
  }
}
