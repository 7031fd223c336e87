/** Documents sent through POST /uploads, held in the ledger's database (or memory) until attached or expired. */
export * from './memory-rows.js';
export * from './rows.js';
export * from './sql-rows.js';
export * from './tables.js';
export * from './upload-store.js';
export * from './for-ledger.js';
