/** One readiness probe: resolves `undefined` when fine, or a short reason (no secrets, no personal data). */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<string | undefined>;
  /** What the check adds to the report's `details` at every probe (never cached; never fails readiness). */
  details?: () => Record<string, unknown>;
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
 * Combines checks into one report. A passing report is cached for `cacheMs` (default 10 s); a failing
 * one is recomputed on the next probe. A check that throws or takes longer than `timeoutMs` fails.
 */
export function createReadiness(checks: readonly ReadinessCheck[], options: { cacheMs?: number; timeoutMs?: number } = {}): Readiness {
  const cacheMs = options.cacheMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 5000;
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
      // The server check is cheap and must flip at once on shutdown: never serve it from the cache.
      const first = checks[0];
      if (cached !== undefined && Date.now() - cached.at < cacheMs && (first === undefined || (await bounded(first.check, timeoutMs)) === undefined)) {
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
