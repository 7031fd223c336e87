import { describeWithPostgres } from '../../helpers/services.js';
import { accessStoreSuite } from './access-store.shared.js';

describeWithPostgres('The access record on a PostgreSQL server', () => {
  accessStoreSuite('postgres');
});
