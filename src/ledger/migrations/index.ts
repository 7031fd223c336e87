import { type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './0001_operations.js';
import * as m0002 from './0002_read_back.js';
import * as m0003 from './0003_access_records.js';
import * as m0004 from './0004_uploads.js';

/**
 * Every migration, by its sortable name. Append only: a landed migration is never edited (replicas
 * and existing databases have already run it).
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_operations': m0001,
  '0002_read_back': m0002,
  '0003_access_records': m0003,
  '0004_uploads': m0004,
};

/** The migrations compiled into the service (no file-system scan: the build and the tests see the same list). */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...MIGRATIONS }),
};
