/** A background job that runs every period; `stop()` waits for the run in progress. */
export interface Periodic {
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` (the first one a period after start), never two at once: a tick that
 * finds the previous run still going is skipped. Failures go to `onError`; the timer does not hold
 * the process open.
 */
export function startPeriodic(run: () => Promise<unknown>, options: { intervalMs: number; onError?: (error: unknown) => void }): Periodic {
  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running !== undefined || stopped) {
      return;
    }
    running = run()
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
