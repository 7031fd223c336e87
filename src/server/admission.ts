/**
 * Admission control in front of the GraphQL work: at most `limit` requests served at once, beyond
 * which a request is refused at once (a counter, no queue), so overload is shed in microseconds
 * instead of queued for seconds. An eighth of the slots (at least one) is kept for mutations: under
 * a flood of reads a write still gets in, and reads are refused first.
 */
export interface Admission {
  /** A release for an admitted request (call it once its answer is out), or undefined when it is refused. */
  admit(mutation: boolean): (() => void) | undefined;
  /** Requests admitted and not yet released. */
  readonly inFlight: number;
}

/** Slots kept for mutations out of `limit`. */
export function mutationReserve(limit: number): number {
  return Math.max(1, Math.floor(limit / 8));
}

/** An admission of at most `limit` requests at once, `mutationReserve(limit)` of them for mutations only. */
export function createAdmission(limit: number): Admission {
  const readLimit = limit - mutationReserve(limit);
  let inFlight = 0;
  return {
    admit(mutation) {
      if (inFlight >= (mutation ? limit : readLimit)) {
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
    get inFlight() {
      return inFlight;
    },
  };
}
