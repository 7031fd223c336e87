import { accessStoreSuite } from './access-store.shared.js';

describe('The access record on an embedded PGlite', () => {
  accessStoreSuite('pglite');
});
