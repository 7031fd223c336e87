import { ledgerSuite } from './ledger-store.shared.js';

describe('Ledger on an embedded PGlite', () => {
  ledgerSuite('pglite');
});
