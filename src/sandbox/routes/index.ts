import { documentRoutes } from './document.js';
import { fgtsRoutes } from './fgts.js';
import { proposalRoutes } from './proposal.js';
import { receivablesRoutes } from './receivables.js';
import { registryRoutes } from './registry.js';
import { signatureRoutes } from './signature.js';
import { type OperationRoute } from './types.js';

/** Every operation the sandbox serves, keyed by its contract path. */
export function operationRoutes(): OperationRoute[] {
  return [...proposalRoutes, ...signatureRoutes, ...documentRoutes, ...fgtsRoutes, ...receivablesRoutes, ...registryRoutes];
}
