/**
 * The watches behind the subscriptions. A subscription is a watch on a proposal: this replica keeps
 * one watch per proposal however many subscribe to it, and the deployment polls each watched
 * proposal at most once per interval, whoever holds the poll:
 *
 * - the poll of an interval is claimed in the shared store (the read cache's peer claim, Redis with
 *   REDIS_URL) for exactly one interval, so whichever replica claims it first polls and the others
 *   wait; a replica that dies simply stops claiming, and another one claims the next interval;
 * - the poll is one partner read at the scheduler's background priority (after every query and
 *   write), fresh, through the shared read layer (its answer refreshes the read cache for queries);
 * - the read goes to every replica on the live channel ({@link LiveBus}); each works out which parts
 *   changed (situation, agenda, boletos) from its own fingerprints and tells its subscribers;
 * - a failed poll (partner limits, outage, open circuit) is told to every subscriber as an error
 *   event, the streams stay up, and every replica backs off (doubling up to a bound) before the next;
 * - the graph's own writes tell the proposal's subscribers at once ({@link LiveHub.written});
 * - nothing is polled while no one watches: a watch ends with its last subscriber.
 */
import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { type CallOptions, consultaProposta, isUpstreamError, UpstreamRateLimitedError, type UpstreamCaller } from '../../upstream/index.js';
import { type LiveBus, type LiveMessage, type LivePart, type LiveReads, MemoryLiveBus } from './event-bus.js';
import { fingerprint, type NextRead, partsWritten, readNext } from './poll-reads.js';
import { type LiveChange, type LiveEvent, type LiveFailure, LiveStream } from './subscriber-stream.js';
import { CallerCaps } from './caller-caps.js';
import { PollClaims } from './poll-claims.js';
import { type LiveHubOptions, type LiveHubSettings, type LiveStats } from './settings.js';

export { type LiveChange, type LiveEvent, type LiveFailure, type LiveHubOptions, type LiveHubSettings, type LiveStats, LiveStream };

/** The situation code of a disbursed proposal: from then on it has a receivables agenda. */
const DISBURSED = 9;

export { SUBSCRIPTION_LIMIT_REACHED } from './caller-caps.js';

interface Watch {
  proposalId: string;
  streams: Set<LiveStream>;
  /** Streams still waiting for their first (initial) event. */
  pending: Set<LiveStream>;
  reads: LiveReads;
  fingerprints: Partial<Record<LivePart, string>>;
  ready: boolean;
  loading: boolean;
  nextRead: NextRead;
  lastPollAt: number;
  backoffUntil: number;
  failures: number;
  polling: boolean;
  /** This replica's claim on the current interval's poll, if it made it. */
  holder: string | undefined;
}

/** Every part of a watched proposal whose state is known (a first event's `changed`). */
function knownParts(watch: Watch): LivePart[] {
  return (Object.keys(watch.fingerprints) as LivePart[]).filter((part) => watch.fingerprints[part] !== undefined);
}

/** The watches of one replica. */
export class LiveHub {
  readonly origin = randomUUID();
  private readonly watches = new Map<string, Watch>();
  private readonly streams = new Set<LiveStream>();
  private readonly callers: CallerCaps;
  private readonly claims: PollClaims;
  private readonly bus: LiveBus;
  private readonly counters = { polls: 0, failedPolls: 0, deferredPolls: 0, claimsLost: 0 };
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private closed = false;
  private readonly started: Promise<void>;

  constructor(private readonly options: LiveHubOptions) {
    this.bus = options.bus ?? new MemoryLiveBus();
    this.callers = new CallerCaps(options.settings.maxPerCaller);
    this.claims = new PollClaims(this.origin, options.clientId, options.settings.intervalMs, options.claims, (message, error) => this.error(message, error));
    this.started = this.bus
      .subscribe((message) => this.onBus(message))
      .then(
        (unsubscribe) => {
          this.unsubscribe = unsubscribe;
        },
        (error: unknown) => this.error('live channel subscription failed', error),
      );
  }

  get settings(): LiveHubSettings {
    return this.options.settings;
  }

  stats(): LiveStats {
    return { watches: this.watches.size, subscriptions: this.callers.total, streams: this.streams.size, ...this.counters };
  }

  /**
   * A stream of the changes of one proposal, starting with its current state. The caller's ownership
   * was checked before (resolver). Refused with SUBSCRIPTION_LIMIT_REACHED past the per-caller cap.
   */
  async watchProposal(proposalId: string, callerId: string, session: UpstreamCaller): Promise<LiveStream> {
    await this.started;
    const stream = this.open(callerId, session, false);
    this.attach(stream, proposalId);
    return stream;
  }

  /** A stream of the changes of `proposalIds` (the caller's own) and of every proposal the caller creates from now on. */
  async watchViewer(proposalIds: readonly string[], callerId: string, session: UpstreamCaller): Promise<LiveStream> {
    await this.started;
    const stream = this.open(callerId, session, true);
    for (const id of proposalIds.slice(0, this.options.settings.viewerMaxProposals)) {
      this.attach(stream, id);
    }
    return stream;
  }

  /**
   * A write of the graph succeeded: its proposal's subscribers (every replica) are told now, with no
   * poll; their next event reads the proposal as a query would (the write invalidated the cache).
   */
  written(change: { proposalId: string; callerId: string; operation: string; created: boolean }): void {
    const message: LiveMessage = {
      kind: 'write',
      origin: this.origin,
      proposalId: change.proposalId,
      callerId: change.callerId,
      parts: partsWritten(change.operation),
      created: change.created,
    };
    this.send(message);
  }

  /** Ends every stream (a replica stopping: clients resubscribe elsewhere) and stops polling. */
  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    for (const stream of [...this.streams]) {
      stream.end();
    }
    this.unsubscribe?.();
  }

  private open(callerId: string, session: UpstreamCaller, viewer: boolean): LiveStream {
    this.admit(callerId);
    const stream = new LiveStream(callerId, session, viewer, (ended) => this.detachAll(ended));
    this.streams.add(stream);
    return stream;
  }

  /**
   * Counts one more subscriber of `callerId` (a stream's own, or one joining a cohort's stream),
   * refused with SUBSCRIPTION_LIMIT_REACHED past the per-caller cap; {@link leave} gives it back.
   */
  admit(callerId: string): void {
    if (this.closed) {
      throw new GraphQLError('This replica is stopping; subscribe again (another replica will answer).', { extensions: { code: 'SERVER_STOPPING' } });
    }
    this.callers.admit(callerId);
  }

  /** A subscriber counted by {@link admit} left. */
  leave(callerId: string): void {
    this.callers.leave(callerId);
  }

  /**
   * The current state of each proposal of `stream` already told to it, as first events for a
   * subscriber joining the stream now (the proposals still loading reach it with the stream's own
   * first event).
   */
  snapshot(stream: LiveStream): LiveChange[] {
    const events: LiveChange[] = [];
    for (const proposalId of stream.proposals) {
      const watch = this.watches.get(proposalId);
      if (watch === undefined || !watch.ready || watch.pending.has(stream)) {
        continue;
      }
      events.push({ kind: 'change', proposalId, parts: knownParts(watch), initial: true, reads: watch.reads });
    }
    return events;
  }

  private attach(stream: LiveStream, proposalId: string): void {
    if (stream.ended || stream.proposals.has(proposalId)) {
      return;
    }
    stream.proposals.add(proposalId);
    let watch = this.watches.get(proposalId);
    if (watch === undefined) {
      watch = {
        proposalId,
        streams: new Set(),
        pending: new Set(),
        reads: {},
        fingerprints: {},
        ready: false,
        loading: false,
        nextRead: 'record',
        lastPollAt: Number.NEGATIVE_INFINITY,
        backoffUntil: 0,
        failures: 0,
        polling: false,
        holder: undefined,
      };
      this.watches.set(proposalId, watch);
    }
    watch.streams.add(stream);
    if (watch.ready) {
      this.tellInitial(watch, stream);
    } else {
      watch.pending.add(stream);
      if (!watch.loading) {
        watch.loading = true;
        void this.load(watch, stream.session).finally(() => {
          watch.loading = false;
        });
      }
    }
    this.schedule();
  }

  private detachAll(stream: LiveStream): void {
    // Its subscribers are given back by its cohort's members as each leaves (cohorts.ts).
    this.streams.delete(stream);
    for (const proposalId of stream.proposals) {
      const watch = this.watches.get(proposalId);
      if (watch === undefined) {
        continue;
      }
      watch.streams.delete(stream);
      watch.pending.delete(stream);
      if (watch.streams.size === 0) {
        // The last subscriber left: no more polls; another replica may claim the next interval at once.
        this.watches.delete(proposalId);
        this.claims.release(watch);
      }
    }
  }

  /** The current state of a newly watched proposal, as a query reads it (the subscriber's turn, the read cache). */
  private async load(watch: Watch, session: UpstreamCaller): Promise<void> {
    try {
      const record = await consultaProposta(session, { dto: { CodigoProposta: watch.proposalId } });
      this.receive({ kind: 'read', origin: this.origin, proposalId: watch.proposalId, reads: { record }, fetchedAt: Date.now() });
    } catch (error) {
      if (error instanceof UpstreamRateLimitedError && error.local) {
        // Nothing was sent (the partner budget is busy): the poll brings the first state instead.
        return;
      }
      const code = isUpstreamError(error) ? (error.code === 'UPSTREAM_NOT_FOUND' ? 'NOT_FOUND' : error.code) : 'UPSTREAM_UNAVAILABLE';
      // Told to this replica's subscribers only: the poll decides for everyone, at its own pace.
      this.receive({ kind: 'failure', origin: this.origin, proposalId: watch.proposalId, code, retryAt: 0 });
    }
  }

  private schedule(): void {
    if (this.timer !== undefined || this.closed || this.watches.size === 0) {
      return;
    }
    const tickMs = Math.max(5, Math.floor(this.options.settings.intervalMs / 4));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.tick();
      this.schedule();
    }, tickMs);
    this.timer.unref();
  }

  private tick(): void {
    const now = Date.now();
    for (const watch of this.watches.values()) {
      if (watch.polling || watch.loading || now < watch.backoffUntil || now < watch.lastPollAt + this.options.settings.intervalMs) {
        continue;
      }
      void this.tryPoll(watch);
    }
  }

  private async tryPoll(watch: Watch): Promise<void> {
    watch.polling = true;
    try {
      if (!(await this.claims.claim(watch))) {
        this.counters.claimsLost += 1;
        return;
      }
      watch.lastPollAt = Date.now();
      if (this.watches.get(watch.proposalId) !== watch || this.closed) {
        this.claims.release(watch);
        return;
      }
      await this.poll(watch);
    } finally {
      watch.polling = false;
    }
  }

  /** One partner read of the proposal, at the lowest priority; its answer (or failure) goes to every replica. */
  private async poll(watch: Watch): Promise<void> {
    const id = watch.proposalId;
    const call: CallOptions = { priority: 'background' };
    this.counters.polls += 1;
    let reads: LiveReads;
    try {
      const next = await readNext(this.options.poller, id, watch.nextRead, call);
      watch.nextRead = next.nextRead;
      reads = next.reads;
    } catch (error) {
      if (error instanceof UpstreamRateLimitedError && error.local) {
        // Our own limiter refused it (nothing was sent: queries and writes come first). Not an
        // outage: the claim is given back and the next tick, here or elsewhere, tries again.
        this.counters.deferredPolls += 1;
        watch.lastPollAt = Number.NEGATIVE_INFINITY;
        this.claims.release(watch);
        return;
      }
      this.counters.failedPolls += 1;
      const code = isUpstreamError(error) ? (error.code === 'UPSTREAM_NOT_FOUND' ? 'NOT_FOUND' : error.code) : 'UPSTREAM_UNAVAILABLE';
      const pause = Math.min(this.options.settings.maxBackoffMs, this.options.settings.intervalMs * 2 ** Math.min(watch.failures + 1, 20));
      this.send({ kind: 'failure', origin: this.origin, proposalId: id, code, retryAt: Date.now() + pause });
      return;
    }
    this.send({ kind: 'read', origin: this.origin, proposalId: id, reads, fetchedAt: Date.now() });
  }

  /** Delivers here at once, then to the other replicas (a failed send costs only their copies). */
  private send(message: LiveMessage): void {
    this.receive(message);
    this.bus.publish(message).catch((error: unknown) => this.error('live channel publish failed', error));
  }

  private onBus(message: LiveMessage): void {
    if (message.origin !== this.origin && !this.closed) {
      this.receive(message);
    }
  }

  private receive(message: LiveMessage): void {
    const watch = this.watches.get(message.proposalId);
    if (message.kind === 'write' && message.created) {
      for (const stream of this.streams) {
        if (stream.viewer && stream.callerId === message.callerId && stream.proposals.size < this.options.settings.viewerMaxProposals) {
          this.attach(stream, message.proposalId);
        }
      }
    }
    if (watch === undefined) {
      return;
    }
    switch (message.kind) {
      case 'read':
        this.applyRead(watch, message.reads);
        return;
      case 'failure':
        watch.failures += 1;
        watch.backoffUntil = Math.max(watch.backoffUntil, message.retryAt);
        for (const stream of [...watch.streams]) {
          stream.push({ kind: 'failure', proposalId: watch.proposalId, code: message.code });
          if (message.code === 'NOT_FOUND' && watch.pending.has(stream) && !stream.viewer) {
            // The partner does not know it: nothing will ever be delivered to this stream.
            stream.end();
          }
        }
        return;
      case 'write':
        // What the watch read before the write is out of date: the next events read afresh.
        watch.reads = {};
        for (const stream of watch.streams) {
          if (!watch.pending.has(stream)) {
            stream.push({ kind: 'change', proposalId: watch.proposalId, parts: message.parts, initial: false, reads: {} });
          }
        }
        return;
    }
  }

  private applyRead(watch: Watch, read: LiveReads): void {
    watch.failures = 0;
    watch.backoffUntil = 0;
    const reads: LiveReads = { ...watch.reads, ...read };
    const fresh: Partial<Record<LivePart, string>> = {};
    if (read.record !== undefined) {
      fresh.SITUATION = String(read.record.Situacao ?? '');
      if (read.record.Situacao === DISBURSED && watch.nextRead === 'record') {
        watch.nextRead = 'agenda';
        if (watch.ready && watch.fingerprints.SITUATION !== fresh.SITUATION) {
          // Newly disbursed: the agenda is the next poll's read, and the change is told with it (one
          // event, the proposal disbursed with its schedule), not before; no extra partner call.
          delete fresh.SITUATION;
          reads.record = watch.reads.record ?? reads.record;
        }
      }
    }
    if (read.agenda !== undefined) {
      fresh.AGENDA = fingerprint(read.agenda);
      if (read.agenda.situacaoProposta != null) {
        fresh.SITUATION = String(read.agenda.situacaoProposta);
        if (reads.record !== undefined) {
          reads.record = { ...reads.record, Situacao: read.agenda.situacaoProposta };
        }
      }
      watch.nextRead = 'boletos';
    }
    if (read.boletos !== undefined) {
      fresh.BOLETOS = fingerprint(read.boletos);
      watch.nextRead = 'agenda';
    }
    const changed = (Object.keys(fresh) as LivePart[]).filter((part) => fresh[part] !== watch.fingerprints[part]);
    watch.fingerprints = { ...watch.fingerprints, ...fresh };
    watch.reads = reads;
    watch.ready = true;
    for (const stream of watch.streams) {
      if (watch.pending.has(stream)) {
        this.tellInitial(watch, stream);
        continue;
      }
      const seen = stream.seen.get(watch.proposalId) ?? {};
      const parts = changed.filter((part) => seen[part] !== watch.fingerprints[part]);
      if (parts.length > 0) {
        stream.seen.set(watch.proposalId, { ...seen, ...Object.fromEntries(parts.map((part) => [part, watch.fingerprints[part]])) });
        stream.push({ kind: 'change', proposalId: watch.proposalId, parts, initial: false, reads });
      }
    }
  }

  private tellInitial(watch: Watch, stream: LiveStream): void {
    watch.pending.delete(stream);
    stream.seen.set(watch.proposalId, { ...watch.fingerprints });
    stream.push({ kind: 'change', proposalId: watch.proposalId, parts: knownParts(watch), initial: true, reads: watch.reads });
  }

  private error(message: string, error: unknown): void {
    try {
      this.options.onError?.(message, error);
    } catch {
      // A broken hook must not stop the watches.
    }
  }
}
