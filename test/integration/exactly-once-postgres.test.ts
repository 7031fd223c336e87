import { describeWithPostgres } from '../helpers/services.js';
import { exactlyOnceSuite } from './exactly-once.shared.js';

describeWithPostgres('exactly-once writes over two replicas on a PostgreSQL ledger', () => {
  exactlyOnceSuite('postgres');
});
