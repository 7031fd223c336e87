/** Jest 30 running the TypeScript ESM sources through ts-jest (transpile only; `npm run typecheck` checks types). */

/**
 * Suites that build a copy of the project (tsc, the bundle, Vite, the Docker image's steps) or drive a
 * real browser: a minute or more each on two cores. `npm test` leaves them out; `npm run test:e2e`
 * (jest.e2e.config.js) runs them, and CI runs both.
 */
export const BUILDING_SUITES = [
  'test/e2e/ops/process-exit.test.ts',
  'test/e2e/ops/failed-start.test.ts',
  'test/e2e/ops/runtime-image.test.ts',
  'test/e2e/ops/npm-start-signals.test.ts',
  'test/e2e/ops/developer-loop.test.ts',
  'test/e2e/ops/audit-crash.test.ts',
  'test/e2e/ops/explorer.browser.test.ts',
  'test/e2e/ops/explorer-callers.browser.test.ts',
  'test/e2e/ops/sandbox-admin.browser.test.ts',
  'test/e2e/back-office.browser.test.ts',
  'test/integration/signing-journey.test.ts',
];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    // .tsx: the back office's components (React JSX, tsconfig.json's `jsx`), for its own component tests over the mock kit.
    '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', isolatedModules: true, diagnostics: false }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/examples/back-office/test/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', ...BUILDING_SUITES.map((path) => `<rootDir>/${path.replaceAll('.', '\\.')}$`)],
  // Stryker's sandboxes (a copy of the project each) must not collide with it in jest's module map.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
  setupFiles: ['<rootDir>/test/helpers/setup.ts'],
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  // A hang detector, not a speed check (speed is measured by npm run bench): two suites run in
  // parallel on a loaded 2-core machine took 8x their quiet time, and 30 s cut healthy tests short.
  testTimeout: 120_000,
  maxWorkers: 2,
  // A worker that ran half the suite needs 0.5-0.8 s to exit on a loaded machine with no handle left
  // open (measured per suite and at exit), past Jest's 500 ms default, after which Jest kills it and
  // reports it as leaking.
  workerGracefulExitTimeout: 5_000,
  // A worker whose heap passed this after a suite is replaced by a fresh one (Jest's documented
  // option): the embedded ledger's suites ran many times slower late in a long-lived worker.
  workerIdleMemoryLimit: '700MB',
};
