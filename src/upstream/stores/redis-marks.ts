/**
 * The situation marks in Redis, shared by every replica: one key per proposal holding the newest
 * lifecycle rank seen, raised in one Lua script (never read-then-write from Node), with a TTL.
 */
import { type Redis } from 'ioredis';
import { type SituationMarks } from '../reads/monotonic.js';
import { type Script, script } from './redis-scripts.js';

const RAISE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '-1')
local rank = tonumber(ARGV[1])
if rank > current then
  redis.call('SET', KEYS[1], rank, 'PX', ARGV[2])
  return rank
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return current
`;

/** Marks in Redis under `<prefix>situation:<proposal id>`. */
export class RedisSituationMarks implements SituationMarks {
  private readonly raiseScript: Script;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number = 24 * 3600 * 1000,
  ) {
    this.raiseScript = script(redis, 'creditGraphRaiseSituation', 1, RAISE);
  }

  async raise(proposalId: string, rank: number): Promise<number> {
    return Number(await this.raiseScript(`${this.prefix}situation:${proposalId}`, rank, this.ttlMs));
  }

  async close(): Promise<void> {}
}
