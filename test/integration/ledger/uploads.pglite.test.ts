import { uploadStoreSuite } from './upload-store.shared.js';

describe('The upload store in an embedded PGlite', () => {
  uploadStoreSuite('pglite');
});
