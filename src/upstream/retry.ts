/** The waits between attempts: jittered exponential backoff honouring Retry-After. */

/**
 * The wait after failed attempt `attempt` (1-based): equal-jitter exponential backoff, never shorter
 * than Retry-After. Pure, so its arithmetic is tested without waiting.
 */
export function backoffDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: { baseDelayMs: number; maxDelayMs: number; random: () => number },
): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = cap / 2 + policy.random() * (cap / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** Waits `ms`, or rejects when `signal` ends first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
