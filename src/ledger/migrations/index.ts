import { type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './0001_operations.js';

/**
 * Every migration, by its sortable name. Append only: a landed migration is never edited (replicas
 * and existing databases have already run it).
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_operations': m0001,
};

/** The migrations compiled into the service (no file-system scan: the build and the tests see the same list). */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...MIGRATIONS }),
};
