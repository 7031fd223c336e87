import { describeWithPostgres } from '../helpers/services.js';
import { inDoubtSuite } from './in-doubt.shared.js';

describeWithPostgres('in-doubt writes of every family, resolved at the partner, on a PostgreSQL ledger', () => {
  inDoubtSuite('postgres');
});
