import { SqlLedgerStore } from '../sql-store.js';
import { type LedgerStore } from '../store.js';
import { MemoryUploadRows } from './memory-rows.js';
import { type UploadRows } from './rows.js';
import { SqlUploadRows } from './sql-rows.js';
import { type UploadSettings, UploadStore, type UploadStoreOptions } from './upload-store.js';

/** The memory ledgers' uploads: replicas over one memory ledger store see the same uploads too. */
const memoryRows = new WeakMap<LedgerStore, MemoryUploadRows>();

/**
 * The upload store in the same place as the ledger's records: its PostgreSQL or PGlite database,
 * or (the memory ledger of tests and development) memory shared by every ledger over that store.
 */
export function uploadStoreFor(store: LedgerStore, settings: UploadSettings, options: UploadStoreOptions = {}): UploadStore {
  let rows: UploadRows;
  if (store instanceof SqlLedgerStore) {
    rows = new SqlUploadRows(store.kysely);
  } else {
    const shared = memoryRows.get(store) ?? new MemoryUploadRows();
    memoryRows.set(store, shared);
    rows = shared;
  }
  return new UploadStore(settings, rows, options);
}
