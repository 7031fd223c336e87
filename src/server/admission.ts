/**
 * Admission control in front of the GraphQL work: at most `limit` requests served at once, beyond
 * which a request is refused at once (a counter, no queue), so overload is shed in microseconds
 * instead of queued for seconds. An eighth of the slots (at least one) is kept for mutations: under
 * a flood of reads a write still gets in, and reads are refused first.
 *
 * With a target delay, the bound adapts to what the process can really serve (AIMD on the event
 * loop's delay): a bound of 256 requests that each cost a fraction of a millisecond does not stop a
 * saturated loop from growing its turns until refusals, probes and admitted requests all wait. While
 * the loop's delay (p99 over a sample) stays above the target, the bound shrinks by a quarter (never
 * below {@link ADAPTIVE_FLOOR}); while requests are refused and the loop keeps up, it grows back by
 * a tenth, up to `limit`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface Admission {
  /** A release for an admitted request (call it once its answer is out), or undefined when it is refused. */
  admit(mutation: boolean): (() => void) | undefined;
  /** Whether every slot is taken, mutations' included: then a request is refused before its body is read (and counted as refused). */
  refusesEarly(): boolean;
  /** Requests admitted and not yet released. */
  readonly inFlight: number;
  /** The bound now (`limit`, or less while the adaptive bound holds it lower). */
  readonly limit: number;
  /** One adaptive step from a measured loop delay (ms); called by the sampler, and by tests. */
  adjust(delayMs: number): void;
  /** Stops the sampler. */
  close(): void;
}

/** Slots kept for mutations out of `limit`. */
export function mutationReserve(limit: number): number {
  return Math.max(1, Math.floor(limit / 8));
}

/** The adaptive bound never goes below this (or `limit`, when that is lower). */
export const ADAPTIVE_FLOOR = 16;
/** How often the loop's delay is read. */
const SAMPLE_MS = 200;

export interface AdmissionOptions {
  /** Adapt the bound to keep the event loop's delay under this (ms); 0 or absent: a fixed bound. */
  targetDelayMs?: number;
}

/** An admission of at most `limit` requests at once, `mutationReserve` of them for mutations only. */
export function createAdmission(limit: number, options: AdmissionOptions = {}): Admission {
  const floor = Math.min(limit, ADAPTIVE_FLOOR);
  let current = limit;
  let readLimit = limit - mutationReserve(limit);
  let inFlight = 0;
  let refusedSinceStep = 0;
  const setLimit = (next: number): void => {
    current = Math.max(floor, Math.min(limit, next));
    readLimit = current - mutationReserve(current);
  };
  const targetDelayMs = options.targetDelayMs ?? 0;
  let histogram: ReturnType<typeof monitorEventLoopDelay> | undefined;
  let sampler: NodeJS.Timeout | undefined;
  const admission: Admission = {
    admit(mutation) {
      if (inFlight >= (mutation ? current : readLimit)) {
        refusedSinceStep += 1;
        return undefined;
      }
      inFlight += 1;
      let released = false;
      return () => {
        if (!released) {
          released = true;
          inFlight -= 1;
        }
      };
    },
    refusesEarly() {
      if (inFlight >= current) {
        refusedSinceStep += 1;
        return true;
      }
      return false;
    },
    get inFlight() {
      return inFlight;
    },
    get limit() {
      return current;
    },
    adjust(delayMs) {
      if (targetDelayMs <= 0) {
        return;
      }
      if (delayMs > targetDelayMs && inFlight > floor) {
        setLimit(Math.floor(current * 0.75));
      } else if (delayMs <= targetDelayMs && refusedSinceStep > 0) {
        setLimit(current + Math.max(1, Math.ceil(current / 10)));
      }
      refusedSinceStep = 0;
    },
    close() {
      clearInterval(sampler);
      histogram?.disable();
    },
  };
  if (targetDelayMs > 0) {
    histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const sampled = histogram;
    sampler = setInterval(() => {
      // The histogram counts in nanoseconds, from timers of `resolution` ms: the delay beyond them.
      admission.adjust(sampled.percentile(99) / 1e6 - 10);
      sampled.reset();
    }, SAMPLE_MS);
    sampler.unref();
  }
  return admission;
}
