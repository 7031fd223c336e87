import { describeWithPostgres } from '../../helpers/services.js';
import { ledgerSuite } from './ledger-store.shared.js';

describeWithPostgres('Ledger on a PostgreSQL server', () => {
  ledgerSuite('postgres');
});
