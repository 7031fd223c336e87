import { exactlyOnceSuite } from './ledger.shared.js';

describe('exactly-once writes over two replicas on a memory ledger', () => {
  exactlyOnceSuite('memory');
});
