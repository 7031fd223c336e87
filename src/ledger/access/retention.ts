import { type AccessStore } from './store.js';
import { type Periodic, startPeriodic } from '../periodic.js';

/** Options of {@link startAccessPurge}. */
export interface AccessPurgeOptions {
  /** Records older than this are deleted (AUDIT_RETENTION_DAYS). */
  retentionMs: number;
  /** Period of the purge (AUDIT_PURGE_INTERVAL_MS). */
  intervalMs: number;
  /** Most records deleted per chain and transaction (default 1000), so a purge never holds a chain long. */
  batchSize?: number;
  /** Most batches per period (default 10): a backlog is worked off over several periods. */
  maxBatches?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

/** One purge: batches until one deletes less than a full batch or `maxBatches` ran. Returns how many were deleted. */
export async function purgeAccessRecords(store: AccessStore, options: Omit<AccessPurgeOptions, 'intervalMs' | 'onError'>): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  const before = new Date((options.now?.() ?? new Date()).getTime() - options.retentionMs);
  let total = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 10); batch += 1) {
    const deleted = await store.purge(before, batchSize);
    total += deleted;
    if (deleted < batchSize) {
      break;
    }
  }
  return total;
}

/** Runs {@link purgeAccessRecords} every period (the first one period after start, never two at once) until stopped. */
export function startAccessPurge(store: AccessStore, options: AccessPurgeOptions): Periodic {
  return startPeriodic(() => purgeAccessRecords(store, options), options);
}
