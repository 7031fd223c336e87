/**
 * The proposal marks in Redis, shared by every replica: one hash per proposal holding the newest
 * value seen of each fact (`reads/facts.ts`), raised in one Lua script (never read-then-write from
 * Node), with a TTL refreshed by every raise.
 */
import { type Redis } from 'ioredis';
import { MAX_FACTS, type Mark, type ProposalMarks } from '../reads/monotonic.js';
import { type Script, script } from './redis-scripts.js';

// ARGV: ttl ms, most facts, then name/value pairs. Answers the whole hash after.
const RAISE = `
local ttl = ARGV[1]
local most = tonumber(ARGV[2])
for i = 3, #ARGV, 2 do
  local value = tonumber(ARGV[i + 1])
  local current = redis.call('HGET', KEYS[1], ARGV[i])
  if current == false then
    if redis.call('HLEN', KEYS[1]) < most then
      redis.call('HSET', KEYS[1], ARGV[i], value)
    end
  elseif value > tonumber(current) then
    redis.call('HSET', KEYS[1], ARGV[i], value)
  end
end
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return redis.call('HGETALL', KEYS[1])
`;

// ARGV: name, expected, value ('' removes) triples. Each is set only if the mark still holds expected.
const SETTLE = `
for i = 1, #ARGV, 3 do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[i + 1] then
    if ARGV[i + 2] == '' then
      redis.call('HDEL', KEYS[1], ARGV[i])
    else
      redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 2])
    end
  end
end
return 0
`;

/** Marks in Redis under `<prefix>marks:<proposal id>`. */
export class RedisProposalMarks implements ProposalMarks {
  private readonly raiseScript: Script;
  private readonly settleScript: Script;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number = 24 * 3600 * 1000,
  ) {
    this.raiseScript = script(redis, 'creditGraphRaiseMarks', 1, RAISE);
    this.settleScript = script(redis, 'creditGraphSettleMarks', 1, SETTLE);
  }

  async raise(proposalId: string, facts: Readonly<Mark>): Promise<Mark> {
    const pairs = Object.entries(facts).flatMap(([name, value]) => [name, value]);
    const flat = (await this.raiseScript(`${this.prefix}marks:${proposalId}`, this.ttlMs, MAX_FACTS, ...pairs)) as string[];
    const mark: Mark = {};
    for (let i = 0; i + 1 < flat.length; i += 2) {
      mark[flat[i] as string] = Number(flat[i + 1]);
    }
    return mark;
  }

  async settle(proposalId: string, from: Readonly<Mark>, to: Readonly<Mark>): Promise<void> {
    const triples = Object.entries(from).flatMap(([name, expected]) => [name, String(expected), to[name] === undefined ? '' : String(to[name])]);
    if (triples.length > 0) {
      await this.settleScript(`${this.prefix}marks:${proposalId}`, ...triples);
    }
  }

  async close(): Promise<void> {}
}
