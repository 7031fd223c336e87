/**
 * Service-backed suites: a PostgreSQL database and a Redis key prefix of their own, cleaned up after.
 *
 * `global-setup.ts` probes the services once; a suite wraps itself in `describeWithPostgres` /
 * `describeWithRedis`, which skip it (saying so) where the service is down, unless CI requires it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_ADMIN_URL, REDIS_TEST_URL } from './service-urls.js';

export { POSTGRES_ADMIN_URL, REDIS_TEST_URL };

export const postgresUp = process.env.CG_TEST_POSTGRES !== 'down';
export const redisUp = process.env.CG_TEST_REDIS !== 'down';

function describeIf(up: boolean, service: string): typeof describe {
  if (up) {
    return describe;
  }
  return ((name: string, fn: () => void) => {
    process.stderr.write(`SKIPPED (${service} not reachable): ${name}\n`);
    describe.skip(name, fn);
  }) as unknown as typeof describe;
}

/** `describe` for a suite that needs the PostgreSQL server; skipped, loudly, where none answers. */
export const describeWithPostgres = describeIf(postgresUp, 'PostgreSQL');
/** `describe` for a suite that needs the Redis server; skipped, loudly, where none answers. */
export const describeWithRedis = describeIf(redisUp, 'Redis');

/** A fresh, uniquely named database on the test server; `drop()` removes it (forcing its connections off). */
export async function createTestDatabase(label = 'test'): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `cg_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A key prefix no other run or suite uses, for Redis-backed tests (delete `${prefix}*` after). */
export function redisTestPrefix(label = 'test'): string {
  return `cg-test:${label}:${process.pid}:${randomBytes(4).toString('hex')}:`;
}
