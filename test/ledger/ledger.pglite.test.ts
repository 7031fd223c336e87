import { ledgerSuite } from './ledger.shared.js';

describe('Ledger on an embedded PGlite', () => {
  ledgerSuite('pglite');
});
