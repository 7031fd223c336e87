import { ledgerSuite } from './ledger-store.shared.js';

describe('Ledger on the memory store', () => {
  ledgerSuite('memory');
});
