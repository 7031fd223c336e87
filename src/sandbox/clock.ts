/** The sandbox's controllable business clock. Token lifetimes use wall-clock time, not this clock. */
export class Clock {
  private offsetMs = 0;
  private fixed: number | undefined;

  constructor(now?: Date) {
    if (now) {
      this.fixed = now.getTime();
    }
  }

  /** The clock's setting (a pinned moment, if any, and the offset moved by), to keep across restarts. */
  snapshot(): { offsetMs: number; fixed: number | null } {
    return { offsetMs: this.offsetMs, fixed: this.fixed ?? null };
  }
  /** Takes back a {@link Clock.snapshot}. */
  restore(snapshot: { offsetMs: number; fixed: number | null }): void {
    this.offsetMs = snapshot.offsetMs;
    this.fixed = snapshot.fixed ?? undefined;
  }

  now(): Date {
    return new Date((this.fixed ?? Date.now()) + this.offsetMs);
  }

  /** Pins the clock to a moment (it stays there until moved again). */
  set(now: Date): void {
    this.fixed = now.getTime();
    this.offsetMs = 0;
  }

  advanceDays(days: number): void {
    this.advanceMs(days * 86_400_000);
  }

  advanceMs(ms: number): void {
    this.offsetMs += ms;
  }
}
