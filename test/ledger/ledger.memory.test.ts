import { ledgerSuite } from './ledger.shared.js';

describe('Ledger on the memory store', () => {
  ledgerSuite('memory');
});
