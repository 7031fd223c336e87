import { inDoubtSuite } from './in-doubt.shared.js';

describe('in-doubt writes of every family, resolved at the partner, on a memory ledger', () => {
  inDoubtSuite('memory');
});
