/** `npm run test:e2e`: the suites `npm test` leaves out (jest.config.js, BUILDING_SUITES), one at a time. */
import base, { BUILDING_SUITES } from './jest.config.js';

export default {
  ...base,
  testMatch: BUILDING_SUITES.map((path) => `<rootDir>/${path}`),
  testPathIgnorePatterns: ['/node_modules/'],
  // Each suite compiles the project with both cores; two at once only slow each other down.
  maxWorkers: 1,
};
