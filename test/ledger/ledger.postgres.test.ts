import { describeWithPostgres } from '../helpers/services.js';
import { ledgerSuite } from './ledger.shared.js';

describeWithPostgres('Ledger on a PostgreSQL server', () => {
  ledgerSuite('postgres');
});
