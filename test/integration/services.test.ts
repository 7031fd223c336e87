import { Redis } from 'ioredis';
import pg from 'pg';
import { createTestDatabase, describeWithPostgres, describeWithRedis, REDIS_TEST_URL, redisTestPrefix } from '../helpers/services.js';

describeWithPostgres('test PostgreSQL databases', () => {
  it('creates a database of its own and drops it afterwards', async () => {
    const db = await createTestDatabase('probe');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('select current_database() as name');
    await client.end();
    expect(rows[0]?.name).toBe(db.name);
    await db.drop();
    const admin = new pg.Client({ connectionString: db.url.replace(`/${db.name}`, '/test') });
    await admin.connect();
    const left = await admin.query('select 1 from pg_database where datname = $1', [db.name]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });
});

describeWithRedis('test Redis prefixes', () => {
  it('gives every suite a prefix of its own', async () => {
    const a = redisTestPrefix('probe');
    const b = redisTestPrefix('probe');
    expect(a).not.toBe(b);
    const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.set(`${a}k`, '1', 'PX', 5000);
    expect(await redis.get(`${a}k`)).toBe('1');
    expect(await redis.get(`${b}k`)).toBeNull();
    await redis.del(`${a}k`);
    await redis.quit();
  });
});
