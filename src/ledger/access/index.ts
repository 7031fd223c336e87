/** The access record: who read whose personal data and who wrote what (append-only, HMAC'd subjects, hash-chained). */
export * from './memory-store.js';
export * from './record.js';
export * from './recorder.js';
export * from './retention.js';
export * from './sql-store.js';
export * from './store.js';
export * from './verify.js';
export * from './export.js';
