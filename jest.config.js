/** Jest 30 running the TypeScript ESM sources through ts-jest (transpile only; `npm run typecheck` checks types). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json', isolatedModules: true, diagnostics: false }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // Stryker's sandboxes (a copy of the project each) must not collide with it in jest's module map.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
  setupFiles: ['<rootDir>/test/helpers/setup.ts'],
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  // A hang detector, not a speed check (speed is measured by npm run bench): two suites run in
  // parallel on a loaded 2-core machine took 8x their quiet time, and 30 s cut healthy tests short.
  testTimeout: 120_000,
  maxWorkers: 2,
};
