import { uploadStoreSuite } from './upload-store.shared.js';

describe('The upload store in memory', () => {
  uploadStoreSuite('memory');
});
