/** The typed operation modules, grouped as the suite uses them. */
export * as document from '../../../src/upstream/document.api.js';
export * as fgts from '../../../src/upstream/fgts.api.js';
export * as proposal from '../../../src/upstream/proposal.api.js';
export * as receivables from '../../../src/upstream/receivables.api.js';
export * as registry from '../../../src/upstream/registry.api.js';
export * as signature from '../../../src/upstream/signature.api.js';
