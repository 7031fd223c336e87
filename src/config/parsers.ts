/**
 * How one environment variable's text becomes a value: zod schemas from a trimmed, non-empty string
 * to the value, each with the message start-up prints (`VARIABLE: <message>`) and the type the
 * configuration reference shows. Messages never quote a value that may be secret.
 */
import { createHash } from 'node:crypto';
import { CALLER_SCOPES } from '../shared/callers.js';
import { z } from 'zod';
import { parsePrivateKey, PrivateKeyError } from '../shared/private-key.js';
import { type CallerBudgetLimits, READ_OPERATIONS, type ReadOperation, type ReadPolicy } from '../shared/settings.js';

/** A variable's parser and how the reference describes what it accepts. */
export interface Parser<T> {
  readonly schema: z.ZodType<T, string>;
  /** Type and bounds, as the reference prints them (Markdown). */
  readonly type: string;
}

/** Refusal inside a parse function: becomes the variable's zod issue. */
class Invalid extends Error {}

/** A parser from a function that throws {@link Invalid} with the message to print. */
function custom<T>(type: string, parse: (raw: string) => T): Parser<T> {
  const schema = z.string().transform((raw, ctx): T => {
    try {
      return parse(raw);
    } catch (error) {
      if (error instanceof Invalid) {
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
      throw error;
    }
  });
  return { schema, type };
}

/** Comma-separated entries, blanks dropped. */
const entries = (raw: string): string[] =>
  raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** A whole number from `min` to `max`. */
export function integer(min: number, max: number): Parser<number> {
  const problem = `must be an integer from ${min} to ${max}`;
  return {
    schema: z.string().regex(/^\d+$/, problem).pipe(z.coerce.number<string>().int().min(min, problem).max(max, problem)),
    type: `integer, ${min} to ${max}`,
  };
}

/** A number above 0, fractions allowed. */
export function positiveNumber(): Parser<number> {
  const problem = 'must be a positive number';
  return {
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/, problem)
      .pipe(z.coerce.number<string>().positive(problem)),
    type: 'number > 0',
  };
}

/** A number of seconds from 0 to `max`, fractions allowed. */
export function seconds(max: number): Parser<number> {
  const problem = `must be a number of seconds from 0 to ${max}`;
  return {
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/, problem)
      .pipe(z.coerce.number<string>().max(max, problem)),
    type: `seconds, 0 to ${max}`,
  };
}

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

/** `true`/`1`/`yes`/`on` or `false`/`0`/`no`/`off`, any case. */
export function flag(): Parser<boolean> {
  return {
    schema: z.stringbool({ truthy: TRUE, falsy: FALSE, case: 'insensitive', error: 'must be true or false' }),
    type: '`true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`)',
  };
}

/** One of `allowed`; `anyCase` accepts `WARN` for `warn`. */
export function oneOf<const T extends string>(allowed: readonly [T, ...T[]], options: { anyCase?: boolean } = {}): Parser<T> {
  const known = z.enum(allowed, { error: `must be one of ${allowed.join(', ')}` });
  return {
    schema: (options.anyCase === true ? z.string().toLowerCase().pipe(known) : known) as z.ZodType<T, string>,
    type: allowed.map((item) => `\`${item}\``).join(', '),
  };
}

/** Any text (already trimmed), at most `max` characters, matching `pattern` when given. */
export function text(options: { max?: number; pattern?: RegExp; problem?: string } = {}): Parser<string> {
  const max = options.max ?? 1000;
  const problem = options.problem ?? `must be at most ${max} characters`;
  const schema = z.string().max(max, problem);
  return { schema: options.pattern === undefined ? schema : schema.regex(options.pattern, problem), type: `text, at most ${max} characters` };
}

/** An absolute http(s) URL without credentials, query or fragment; trailing slashes dropped. */
export function httpUrl(): Parser<string> {
  return custom('http(s) URL', (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch (_error) {
      throw new Invalid('must be an absolute http(s) URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Invalid('must be an absolute http(s) URL');
    }
    if (url.username !== '' || url.password !== '') {
      throw new Invalid('must not carry credentials');
    }
    if (url.search !== '' || url.hash !== '') {
      throw new Invalid('must not carry a query or a fragment');
    }
    return url.toString().replace(/\/+$/, '');
  });
}

/** A URL of one of `protocols` (e.g. `redis:`), never echoed: it may carry a password. */
export function serviceUrl(protocols: readonly string[]): Parser<string> {
  const names = protocols.map((protocol) => `${protocol}//`);
  const problem = `must be a ${names.join(' or ')} URL`;
  return custom(`${names.map((name) => `\`${name}\``).join(' or ')} URL`, (raw) => {
    let protocol: string | undefined;
    try {
      protocol = new URL(raw).protocol;
    } catch (_error) {
      protocol = undefined;
    }
    if (protocol === undefined || !protocols.includes(protocol)) {
      throw new Invalid(problem);
    }
    return raw;
  });
}

/** Comma-separated browser origins (`scheme://host[:port]`) or `*`. */
export function origins(): Parser<string[]> {
  return custom('comma-separated origins, or `*`', (raw) => {
    const list = entries(raw);
    for (const origin of list) {
      if (origin === '*') {
        continue;
      }
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch (_error) {
        url = undefined;
      }
      if (url === undefined || url.origin !== origin.replace(/\/$/, '') || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        throw new Invalid(`"${origin}" is not an origin (scheme://host[:port]) or *`);
      }
    }
    return list.map((origin) => origin.replace(/\/$/, ''));
  });
}

/** A secret token: `min` to `max` characters without whitespace; never echoed. */
export function token(min: number, max: number, hint: string): Parser<string> {
  const pattern = new RegExp(`^\\S{${min},${max}}$`);
  return custom(`${min} to ${max} characters, no spaces`, (raw) => {
    if (!pattern.test(raw)) {
      throw new Invalid(`must be ${min} to ${max} characters without spaces (e.g. ${hint})`);
    }
    return raw;
  });
}

/**
 * PEM text (literal `\n` escapes allowed, as env files often carry them) or a path to a PEM file;
 * RSA only, normalized to PKCS#8. Read by `parsePrivateKey` (src/shared/), as the upstream client
 * reads it, so start-up accepts exactly the keys the client can sign with; its messages name the
 * failure, never the key material or the path.
 */
export function privateKey(): Parser<string> {
  return custom('RSA private key: PEM text or a path to a PEM file', (raw) => {
    try {
      return parsePrivateKey(raw).export({ type: 'pkcs8', format: 'pem' }).toString();
    } catch (error) {
      throw new Invalid(error instanceof PrivateKeyError ? error.message.replace(/^the private key /, '') : 'is not a readable PEM private key');
    }
  });
}

/** A caller allowed to use the graph: its id (owner of what it creates; part of the derived upstream IdempotencyKey), the SHA-256 of its key, its scopes. */
export interface ApiCaller {
  callerId: string;
  keySha256: Buffer;
  scopes: readonly string[];
}

const CALLER_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** `callerId:key[:scope+scope]` entries; keys are kept only as SHA-256 digests and never appear in an error. */
export function apiCallers(): Parser<ApiCaller[]> {
  return custom('comma-separated `callerId:key[:scope+scope]`', (raw) => {
    const seenIds = new Set<string>();
    const seenKeys = new Set<string>();
    return raw.split(',').map((entry, index) => {
      const parts = entry.split(':').map((part) => part.trim());
      const [callerId = '', key = '', scopeList] = parts;
      if (parts.length < 2 || parts.length > 3 || !CALLER_ID.test(callerId)) {
        throw new Invalid(`entry ${index + 1} must be callerId:key or callerId:key:scope+scope, the caller id of 1 to 64 letters, digits, '.', '_' or '-'`);
      }
      if (key.length < 16 || /\s/.test(key)) {
        throw new Invalid(`the key of caller ${callerId} must have at least 16 characters and no spaces or colons`);
      }
      const scopes = scopeList === undefined || scopeList === '' ? [] : scopeList.split('+').map((scope) => scope.trim());
      const unknown = scopes.find((scope) => !(CALLER_SCOPES as readonly string[]).includes(scope));
      if (unknown !== undefined) {
        throw new Invalid(`caller ${callerId} has an unknown scope "${unknown.slice(0, 40)}" (known: ${CALLER_SCOPES.join(', ')})`);
      }
      const digest = createHash('sha256').update(key).digest();
      if (seenIds.has(callerId) || seenKeys.has(digest.toString('hex'))) {
        throw new Invalid(`caller ${callerId} or its key appears twice`);
      }
      seenIds.add(callerId);
      seenKeys.add(digest.toString('hex'));
      return { callerId, keySha256: digest, scopes: [...new Set(scopes)] };
    });
  });
}

/** `Operation=fresh/staleWhileRevalidate/maxStale` (seconds), comma-separated. */
export function readPolicies(): Parser<Partial<Record<ReadOperation, ReadPolicy>>> {
  const known: readonly string[] = READ_OPERATIONS;
  return custom('comma-separated `Operation=fresh/staleWhileRevalidate/maxStale` (seconds)', (raw) => {
    const out: Partial<Record<ReadOperation, ReadPolicy>> = {};
    for (const entry of entries(raw)) {
      const match = /^([A-Za-z]+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(entry);
      const operation = match?.[1] as ReadOperation | undefined;
      if (match === null || operation === undefined || !known.includes(operation)) {
        throw new Invalid(`"${entry}" must be ReadOperation=fresh/staleWhileRevalidate/maxStale seconds, the operation one of ${known.join(', ')}`);
      }
      out[operation] = { freshSeconds: Number(match[2]), staleWhileRevalidateSeconds: Number(match[3]), maxStaleSeconds: Number(match[4]) };
    }
    return out;
  });
}

/** `*=max/restore,callerId=max/restore`: bucket sizes (calls) and restore rates (calls per second); `*` is every other caller. */
export function callerBudgets(): Parser<{ defaults?: CallerBudgetLimits; byCaller: Record<string, CallerBudgetLimits> }> {
  return custom('comma-separated `callerId=maximumAvailable/restoreRate`', (raw) => {
    let defaults: CallerBudgetLimits | undefined;
    const byCaller: Record<string, CallerBudgetLimits> = {};
    for (const entry of entries(raw)) {
      const match = /^(\*|[A-Za-z0-9._-]{1,64})=(\d+)\/(\d+(?:\.\d+)?)$/.exec(entry);
      if (match === null || !(Number(match[2]) >= 1) || !(Number(match[3]) > 0)) {
        throw new Invalid(`"${entry}" must be callerId=maximumAvailable/restoreRate (or *=... for every other caller), maximumAvailable >= 1, restoreRate > 0`);
      }
      const limits = { maximumAvailable: Number(match[2]), restoreRate: Number(match[3]) };
      if (match[1] === '*') {
        defaults = limits;
      } else {
        byCaller[match[1] as string] = limits;
      }
    }
    return defaults === undefined ? { byCaller } : { defaults, byCaller };
  });
}

/** `callerId=weight,...`, weights whole numbers from 1 to 100. */
export function callerWeights(): Parser<Record<string, number>> {
  return custom('comma-separated `callerId=weight`, 1 to 100', (raw) => {
    const out: Record<string, number> = {};
    for (const entry of entries(raw)) {
      const match = /^([A-Za-z0-9._-]{1,64})=(\d+)$/.exec(entry);
      if (match === null || Number(match[2]) < 1 || Number(match[2]) > 100) {
        throw new Invalid(`"${entry}" must be callerId=weight, the weight a whole number from 1 to 100`);
      }
      out[match[1] as string] = Number(match[2]);
    }
    return out;
  });
}
