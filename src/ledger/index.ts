/** The operations ledger: our record of every write, ownership and read-back. Knows nothing of GraphQL. */
export * from './database.js';
export * from './errors.js';
export * from './idempotency.js';
export * from './in-doubt.js';
export * from './ledger.js';
export * from './memory.js';
export * from './reconciler.js';
export * from './sql-store.js';
export * from './store.js';
export * from './write.js';
export * from './access/index.js';
export * from './uploads/index.js';
