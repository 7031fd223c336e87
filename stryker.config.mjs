/**
 * Mutation testing of the critical modules (StrykerJS, jest runner, per-test coverage, TypeScript
 * checker). `npm run test:mutation` mutates every module below; `npm run test:mutation -- --mutate
 * <file or glob>` (or `npm run test:mutation:<module>`) mutates one. docs/testing.md has the how and
 * the scores.
 *
 * Each module names the unit tests written for it. Only those run (jest's `testMatch`), so a run
 * never starts the graph, the sandbox or the service-backed suites, and a mutant is judged by the
 * tests of its own module rather than killed by accident far away (every client test fetches a
 * token, but none of them pins down the token provider's rules; they would also make each auth
 * mutant cost seconds of real-time retries).
 */
/** The critical modules: what is mutated, and the unit tests that must notice. */
export const MODULES = {
  /** The token provider. */
  auth: {
    mutate: ['src/upstream/auth.ts'],
    tests: ['test/unit/upstream/auth.test.ts', 'test/unit/upstream/observer.test.ts'],
  },
  /** The request chokepoint. */
  client: {
    mutate: ['src/upstream/client.ts', 'src/upstream/hedge.ts', 'src/upstream/retry.ts', 'src/upstream/response.ts', 'src/upstream/breaker.ts'],
    tests: [
      'test/unit/upstream/client.test.ts',
      'test/unit/upstream/client.tail.test.ts',
      'test/unit/upstream/breaker.test.ts',
      'test/unit/upstream/client.calls.test.ts',
      'test/unit/upstream/client.options.test.ts',
      'test/unit/upstream/errors.test.ts',
      'test/unit/upstream/observer.test.ts',
      'test/unit/upstream/response.test.ts',
      'test/unit/upstream/hedge.test.ts',
      'test/unit/upstream/retry.test.ts',
    ],
  },
  /** How transport failures and the upstream's envelopes are read. */
  transport: {
    mutate: ['src/upstream/transport.ts', 'src/upstream/envelope.ts'],
    tests: ['test/unit/upstream/errors.test.ts', 'test/unit/upstream/envelope.test.ts', 'test/unit/upstream/transport.test.ts'],
  },
  /** The one admission path: the fair limiter over the partner budget (also what `rateLimit` builds). */
  limiter: {
    mutate: ['src/upstream/limiter.ts', 'src/upstream/scheduler.ts'],
    tests: ['test/unit/upstream/limiter.test.ts', 'test/unit/upstream/scheduler.test.ts'],
  },
  /** Caller budgets and the partner budget (memory; the shared suite also runs them on Redis). */
  budget: {
    mutate: ['src/upstream/budget.ts'],
    tests: ['test/unit/upstream/budget.test.ts', 'test/unit/upstream/scheduler.test.ts', 'test/integration/shared-state.test.ts'],
  },
  /** The partner reads: sessions, flights (coalescing, stale-while-revalidate, stale-if-error), peer claims, the read cache and freshness. */
  shared: {
    mutate: ['src/upstream/reads/*.ts', 'src/upstream/cache.ts', 'src/upstream/stores/memory.ts', 'src/upstream/freshness.ts'],
    tests: [
      'test/unit/upstream/reads.test.ts',
      'test/unit/upstream/reads.peers.test.ts',
      'test/unit/upstream/reads.session.test.ts',
      'test/unit/upstream/cache.test.ts',
      'test/integration/shared-state.test.ts',
    ],
  },
  /** The ledger's idempotency decisions and in-doubt resolution, the request fingerprint and the probes' rules. */
  ledger: {
    mutate: [
      'src/ledger/idempotency.ts',
      'src/ledger/in-doubt.ts',
      'src/graphql/runtime/idempotency.ts',
      'src/graphql/runtime/in-doubt.ts',
      'src/graphql/probes.ts',
      'src/graphql/proposal/creation.probe.ts',
    ],
    tests: [
      'test/unit/ledger/idempotency.test.ts',
      'test/unit/graphql/runtime/idempotency.test.ts',
      'test/unit/graphql/in-doubt.test.ts',
      'test/unit/graphql/probes.test.ts',
    ],
  },
  /**
   * The exactly-once core: the ledger's transitions, writeOnce and the reconciler, over the memory
   * store (src/ledger/memory.ts), which passes the same contract suite as PGlite and PostgreSQL.
   */
  core: {
    mutate: ['src/ledger/write.ts', 'src/ledger/ledger.ts', 'src/ledger/reconciler.ts'],
    tests: ['test/unit/ledger/ledger.test.ts', 'test/unit/ledger/write.test.ts', 'test/unit/ledger/reconciler.test.ts'],
  },
  /** Caller authentication: bearer JWTs against the issuer's JWKS, and the scopes the graph enforces. */
  jwt: {
    mutate: ['src/server/jwt.ts', 'src/graphql/runtime/scopes.ts'],
    tests: ['test/unit/server/jwt.test.ts', 'test/unit/server/jwt.verifier.test.ts', 'test/unit/graphql/runtime/scopes.test.ts'],
  },
  /** The sandbox's loan arithmetic. */
  finance: {
    mutate: ['src/sandbox/finance/*.ts'],
    tests: ['test/unit/sandbox/finance/**/*.test.ts'],
  },
};

/** The `--mutate` patterns given on the command line, without Stryker's `:line-range` suffixes. */
function requestedPatterns(argv) {
  const patterns = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = arg === '--mutate' || arg === '-m' ? argv[i + 1] : arg.startsWith('--mutate=') ? arg.slice('--mutate='.length) : undefined;
    if (value !== undefined) {
      patterns.push(
        ...value
          .split(',')
          .map((p) => p.trim().replace(/:\d+(:\d+)?-\d+(:\d+)?$/, ''))
          .filter((p) => p !== ''),
      );
    }
  }
  return patterns;
}

/** A glob (`*`, `**`, `?`) as a regular expression over repository-relative paths. */
function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      source += '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') {
      source += '[^/]*';
    } else if (c === '?') {
      source += '[^/]';
    } else {
      source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

function matchesGlob(path, glob) {
  return globToRegExp(glob).test(path.replace(/^\.\//, ''));
}

function overlaps(pattern, moduleGlob) {
  const bare = pattern.replace(/^!/, '');
  // A file of the module, the module's own glob, or a glob covering the module's files.
  return bare === moduleGlob || matchesGlob(bare, moduleGlob) || (!moduleGlob.includes('*') && matchesGlob(moduleGlob, bare));
}

function selectedModules() {
  const patterns = requestedPatterns(process.argv);
  if (patterns.length === 0) {
    return Object.keys(MODULES);
  }
  const names = Object.keys(MODULES).filter((name) => MODULES[name].mutate.some((glob) => patterns.some((p) => overlaps(p, glob))));
  if (names.length === 0) {
    throw new Error(
      `--mutate ${patterns.join(',')} matches none of the critical modules (${Object.keys(MODULES).join(', ')}); add it to MODULES in stryker.config.mjs`,
    );
  }
  return names;
}

const names = selectedModules();
const label = names.length === Object.keys(MODULES).length ? 'all' : names.join('+');
const testMatch = [...new Set(names.flatMap((name) => MODULES[name].tests))].map((path) => `<rootDir>/${path}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings'],
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  // The critical modules' unit tests and what they import, not the whole project: a mutant of
  // auth.ts is then re-checked against a few dozen files instead of the whole graph.
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: names.flatMap((name) => MODULES[name].mutate),
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // The unit tests of these modules need neither PostgreSQL nor Redis: skip the services probe.
    config: { testMatch, globalSetup: null },
    enableFindRelatedTests: false,
  },
  // Two cores shared with other work; `--concurrency 1` on a busy machine.
  concurrency: 2,
  timeoutMS: 10_000,
  timeoutFactor: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${label}.html` },
  jsonReporter: { fileName: `reports/mutation/${label}.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
