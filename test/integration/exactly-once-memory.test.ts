import { exactlyOnceSuite } from './exactly-once.shared.js';

describe('exactly-once writes over two replicas on a memory ledger', () => {
  exactlyOnceSuite('memory');
});
