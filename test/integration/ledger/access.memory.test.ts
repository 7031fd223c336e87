import { accessStoreSuite } from './access-store.shared.js';

describe('The access record on the memory store', () => {
  accessStoreSuite('memory');
});
