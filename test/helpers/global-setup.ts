/**
 * Jest global setup: probes the services the service-backed suites need (PostgreSQL, Redis) once,
 * before any worker starts, and publishes the result to the workers through the environment.
 *
 * On a newcomer's machine without them the suites that need them are skipped, loudly (here and in
 * each skipped suite). Under CI (`CI=true`) or `REQUIRE_SERVICES=1` a missing service fails the run:
 * `.ci/run` starts both, so a skip there would hide a broken install step.
 */
import { Socket } from 'node:net';
import pg from 'pg';

// Inlined (not imported from service-urls.ts): jest loads global setup outside its module mapping.
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function postgresAnswers(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisAnswers(): Promise<string | undefined> {
  const url = new URL(REDIS_TEST_URL);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (why: string | undefined): void => {
      socket.destroy();
      resolve(why);
    };
    socket.setTimeout(3000, () => done('timed out'));
    socket.once('error', (error) => done(error.message));
    socket.connect(Number(url.port || 6379), url.hostname, () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG') ? undefined : `unexpected answer ${data.toString().slice(0, 40)}`));
  });
}

export default async function globalSetup(): Promise<void> {
  const required = process.env.CI === 'true' || process.env.REQUIRE_SERVICES === '1';
  const [postgres, redis] = await Promise.all([postgresAnswers(), redisAnswers()]);
  process.env.CG_TEST_POSTGRES = postgres === undefined ? 'up' : 'down';
  process.env.CG_TEST_REDIS = redis === undefined ? 'up' : 'down';
  const missing = [
    postgres === undefined ? undefined : `PostgreSQL at ${new URL(POSTGRES_ADMIN_URL).host} (${postgres})`,
    redis === undefined ? undefined : `Redis at ${new URL(REDIS_TEST_URL).host} (${redis})`,
  ].filter((line): line is string => line !== undefined);
  if (missing.length === 0) {
    return;
  }
  const banner = `\n*** Service-backed suites need: ${missing.join('; ')}.\n`;
  if (required) {
    throw new Error(`${banner}*** CI=true / REQUIRE_SERVICES=1: refusing to skip them. Start the services (see .ci/run).\n`);
  }
  process.stderr.write(
    `${banner}*** Those suites are SKIPPED on this machine; everything else runs. Set TEST_POSTGRES_URL / TEST_REDIS_URL or start the services.\n\n`,
  );
}
