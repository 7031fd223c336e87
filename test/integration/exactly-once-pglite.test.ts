import { exactlyOnceSuite } from './exactly-once.shared.js';

describe('exactly-once writes over two replicas on an embedded PGlite ledger', () => {
  exactlyOnceSuite('pglite');
});
