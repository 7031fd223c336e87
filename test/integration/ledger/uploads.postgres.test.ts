import { describeWithPostgres } from '../../helpers/services.js';
import { uploadStoreSuite } from './upload-store.shared.js';

describeWithPostgres('The upload store on a PostgreSQL server', () => {
  uploadStoreSuite('postgres');
});
