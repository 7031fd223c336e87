/**
 * The Lua scripts the shared state runs in Redis: registered once per connection with ioredis's
 * `defineCommand` (EVALSHA, loaded again after a server restart) and typed by declaration merging, as
 * ioredis documents for custom commands.
 */
import { type ClientContext, type Redis } from 'ioredis';

/** A script call: its keys then its arguments; without a fixed key count, the key count first. */
export type Script = (...args: Array<string | number>) => Promise<unknown>;

declare module 'ioredis' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameter must match ioredis's declaration
  interface RedisCommander<Context extends ClientContext = { type: 'default' }> {
    [name: ScriptName]: Script;
  }
}

/** The scripts' names: one prefix, apart from every command ioredis knows. */
export type ScriptName = `creditGraph${string}`;

/** Registers `lua` as `name` on `redis` (once per connection) and returns a caller for it. */
export function script(redis: Redis, name: ScriptName, keys: number | undefined, lua: string): Script {
  if (typeof redis[name] !== 'function') {
    // Without numberOfKeys, the first argument of each call says how many keys follow.
    redis.defineCommand(name, keys === undefined ? { lua } : { numberOfKeys: keys, lua });
  }
  const run = redis[name];
  if (run === undefined) {
    throw new Error(`ioredis did not define the script ${name}`);
  }
  return (...args) => run.apply(redis, args);
}
