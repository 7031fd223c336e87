/** The upstream client: typed operations, errors, catalogue and types. */
export * from './client.js';
export * from './errors.js';
export * from './catalogue.js';
export * from './types.js';
export * from './operations.js';
export * from './stats.js';
export * from './observer.js';
export { readPrivateKey, DEFAULT_SCOPE } from './auth.js';
export type { RateLimitOptions } from './limiter.js';
export * from './proposal.api.js';
export * from './signature.api.js';
export * from './document.api.js';
export * from './fgts.api.js';
export * from './receivables.api.js';
export * from './registry.api.js';
