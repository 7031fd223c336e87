/** One readiness probe: resolves `undefined` when fine, or a short reason (no secrets, no personal data). */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<string | undefined>;
  /** What the check adds to the report's `details` at every probe (never cached; never fails readiness). */
  details?: () => Record<string, unknown>;
  /** Run on every probe, even while a passing report is cached (a cheap check whose failure must show at once, e.g. the ledger). */
  uncached?: boolean;
}

/** The answer of GET /ready. */
export interface ReadinessReport {
  status: 'ready' | 'unavailable';
  checks: Record<string, 'ok' | string>;
  /** Present when a check has something to say beyond ok (e.g. `upstreamCircuit: 'open'`). */
  details?: Record<string, unknown>;
}

/** Runs the readiness checks, caching a passing answer for `cacheMs` so probes do not cost upstream calls. */
export interface Readiness {
  report(): Promise<ReadinessReport>;
}

/**
 * How long GET /ready waits for its checks: a dependency that does not answer (a silent database)
 * fails its check at this deadline, so the probe gets its 503 well inside a prober's usual 5 s.
 */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * Combines checks into one report. A passing report is cached for `cacheMs` (default 10 s); a failing
 * one is recomputed on the next probe. A check that throws or takes longer than `timeoutMs`
 * (default {@link READINESS_TIMEOUT_MS}) fails with `timed out`.
 */
export function createReadiness(checks: readonly ReadinessCheck[], options: { cacheMs?: number; timeoutMs?: number } = {}): Readiness {
  const cacheMs = options.cacheMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  let cached: { report: ReadinessReport; at: number } | undefined;
  let inFlight: Promise<ReadinessReport> | undefined;

  const run = async (): Promise<ReadinessReport> => {
    const results = await Promise.all(checks.map(async ({ name, check }) => [name, await bounded(check, timeoutMs)] as const));
    const report: ReadinessReport = { status: 'ready', checks: {} };
    for (const [name, problem] of results) {
      report.checks[name] = problem ?? 'ok';
      if (problem !== undefined) {
        report.status = 'unavailable';
      }
    }
    return report;
  };

  const withDetails = (report: ReadinessReport): ReadinessReport => {
    const details = Object.assign({}, ...checks.map((c) => c.details?.() ?? {})) as Record<string, unknown>;
    return Object.keys(details).length === 0 ? report : { ...report, details };
  };
  return {
    async report() {
      // The server check is cheap and must flip at once on shutdown: never serve it from the cache; nor the uncached ones.
      const live = checks.filter((check, index) => index === 0 || check.uncached === true);
      if (
        cached !== undefined &&
        Date.now() - cached.at < cacheMs &&
        (await Promise.all(live.map(({ check }) => bounded(check, timeoutMs)))).every((problem) => problem === undefined)
      ) {
        return withDetails(cached.report);
      }
      inFlight ??= run().finally(() => {
        inFlight = undefined;
      });
      const report = await inFlight;
      cached = report.status === 'ready' ? { report, at: Date.now() } : undefined;
      return withDetails(report);
    },
  };
}

async function bounded(check: () => Promise<string | undefined>, timeoutMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().catch((error: unknown) => (error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'failed')),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('timed out'), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Body of GET /health: the process is up and serving HTTP. */
export const HEALTH_BODY = { status: 'ok' } as const;
