import { AsyncLocalStorage } from 'node:async_hooks';
// The module object itself (not a namespace): its writeSync is replaced for the length of one flush (stdoutDestination).
import fs from 'node:fs';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { type LogLevel } from '../config/index.js';

/**
 * Fields of one log event. Callers pass codes, names, counts and durations; values under the
 * {@link REDACTED_PATHS} are replaced all the same, as a second line of defence against secrets and
 * personal data.
 */
export type LogFields = Readonly<Record<string, unknown>>;

/** A structured logger writing one JSON object per line (pino underneath). */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger adding `bindings` to every line (e.g. `{ component: 'upstream' }`). */
  child(bindings: LogFields): Logger;
  /** Whether `level` would be written (to skip building costly fields). */
  isEnabled(level: Exclude<LogLevel, 'silent'>): boolean;
  /**
   * Writes a line whose fields the caller built from values known to be safe (codes, counts,
   * durations, a route, a request id): no redaction pass and no request context lookup, so pass the
   * request id yourself. The access line of every request goes this way; anything carrying input,
   * partner data or errors goes through the levels above.
   */
  safe(level: Exclude<LogLevel, 'silent'>, message: string, fields: LogFields): void;
}

/**
 * Field paths whose values never reach a log line, whatever a caller passes: credentials, tokens,
 * keys, GraphQL variables and the personal data the partner handles (documents, names, contacts).
 * pino's `*` matches one level, so each name is listed at the top level and one level down.
 */
export const REDACTED_PATHS: readonly string[] = [
  'authorization',
  'cookie',
  'token',
  'accessToken',
  'access_token',
  'assertion',
  'client_assertion',
  'privateKey',
  'privateKeyPem',
  'apiKey',
  'password',
  'secret',
  'variables',
  'document',
  'cpf',
  'cnpj',
  'name',
  'email',
  'phone',
  'body',
].flatMap((key) => [key, `*.${key}`, `headers.${key}`, `*.headers.${key}`]);

/** What every line written while serving one request carries (read through AsyncLocalStorage, no plumbing). */
export interface RequestLogContext {
  requestId: string;
}

/**
 * The request being served: the GraphQL route runs each request inside `requestLogContext.run(...)`, so
 * every line logged on its behalf (formatError, partner failures, the graph) carries its
 * `requestId`.
 */
export const requestLogContext = new AsyncLocalStorage<RequestLogContext>();

/**
 * pino's `isoTime` (`,"time":"<ISO 8601>"`), its text made once per millisecond, and its date and
 * time of day once per second: under load many lines share a millisecond, and formatting a date was a
 * visible share of the access line's cost.
 */
function isoTime(): string {
  const now = Date.now();
  if (now !== lastTime) {
    lastTime = now;
    const second = Math.floor(now / 1000);
    if (second !== lastSecond) {
      lastSecond = second;
      // `2026-11-29T04:47:46.` (toISOString's text up to the milliseconds, always 24 characters for these years).
      lastSecondText = new Date(second * 1000).toISOString().slice(0, 20);
    }
    const millis = now - second * 1000;
    lastTimeText = `,"time":"${lastSecondText}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z"`;
  }
  return lastTimeText;
}
let lastTime = Number.NaN;
let lastTimeText = '';
let lastSecond = Number.NaN;
let lastSecondText = '';

/**
 * A JSON-lines logger at `level`: `time` (ISO 8601), `level` (label), `message`, the request id
 * of the request being served, then the fields. `write` receives each line without its newline
 * (tests); the default writes to stdout.
 */
export function createLogger(level: LogLevel, write?: ((line: string) => void) | DestinationStream): Logger {
  const destination: DestinationStream | undefined =
    typeof write === 'function' ? { write: (chunk: string) => write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) } : write;
  const plainOptions = {
    level,
    messageKey: 'message',
    base: undefined,
    timestamp: isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const options = {
    ...plainOptions,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    mixin: () => requestLogContext.getStore() ?? {},
  };
  // One stream for both (pino's own synchronous stdout writer when none was given), so lines stay in order.
  const stream = destination ?? pino.destination({ dest: 1, sync: true });
  return wrap(pino(options, stream), pino(plainOptions, stream), stream);
}

/** A child logger's bindings as the JSON members pino writes after the time (`,"component":"upstream"`); empty for the root. */
function bindingsJson(logger: PinoLogger): string {
  let json = bindingsText.get(logger);
  if (json === undefined) {
    json = '';
    for (const [key, value] of Object.entries(logger.bindings())) {
      json += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
    }
    bindingsText.set(logger, json);
  }
  return json;
}
const bindingsText = new WeakMap<PinoLogger, string>();

function wrap(logger: PinoLogger, plain: PinoLogger, stream: DestinationStream): Logger {
  return {
    debug: (message, fields) => (fields === undefined ? logger.debug(message) : logger.debug(fields, message)),
    info: (message, fields) => (fields === undefined ? logger.info(message) : logger.info(fields, message)),
    warn: (message, fields) => (fields === undefined ? logger.warn(message) : logger.warn(fields, message)),
    error: (message, fields) => (fields === undefined ? logger.error(message) : logger.error(fields, message)),
    child: (bindings) => wrap(logger.child(bindings), plain.child(bindings), stream),
    isEnabled: (level) => logger.isLevelEnabled(level),
    safe: (level, message, fields) => {
      if (!plain.isLevelEnabled(level)) {
        return;
      }
      // The line pino writes for these fields, without pino's generic serializer: the values here are
      // numbers, booleans and strings of ours, which JSON.stringify writes as pino does. Anything it
      // cannot write (a BigInt, a cycle) goes through pino, which can.
      let line = `{"level":"${level}"${isoTime()}${bindingsJson(plain)}`;
      try {
        for (const key in fields) {
          const value = fields[key];
          if (value !== undefined) {
            line += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
          }
        }
      } catch {
        plain[level](fields, message);
        return;
      }
      stream.write(`${line},"message":${JSON.stringify(message)}}\n`);
    },
  };
}

/** A logger that drops everything (tests, tools). */
export const silentLogger: Logger = createLogger('silent', () => undefined);

/**
 * Removes what could identify a person from free text before it is logged: e-mail addresses,
 * runs of digits long enough to be a CPF, CNPJ, phone, account or card number (with their usual
 * punctuation), and bearer tokens.
 */
export function redact(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]')
    .replace(/Bearer\s+[\w.~+/-]+=*/gi, 'Bearer [token]')
    .replace(/\(?\d[\d.\-/() ]{4,}\d/g, (match) => (match.replace(/\D/g, '').length >= 6 ? '[digits]' : match));
}

/** The stack frames of an error without its message line (messages may quote input). */
export function stackFrames(error: Error): string[] {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => line.trim());
}

/** How long log writes retry a standard output whose pipe stays full (EAGAIN) before they wait for the next line. */
const STDOUT_BLOCKED_MS = 2000;

/**
 * Log lines are held until this many characters (at least as many bytes) wait (or {@link STDOUT_FLUSH_MS}
 * passed), then written in one call: under sonic-boom's most bytes per write (16 KiB), which its
 * `minLength` must stay under. Each write costs the main thread about as much as 20 access lines.
 */
const STDOUT_BATCH_BYTES = 16_000;

/** The longest a log line waits in the batch before it is written (an unref'd timer: it holds no process open). */
const STDOUT_FLUSH_MS = 200;

/** Most bytes of log lines held while standard output does not drain; past it new lines are dropped. */
const STDOUT_BUFFER_BYTES = 16 * 1024 * 1024;

/** The service's standard output for pino, and how to let go of it when the process exits. */
export interface StdoutDestination {
  stream: DestinationStream;
  /** Writes what the batch holds now rather than when it fills or its timer fires (e.g. right after start-up). */
  flush(): void;
  /** Writes what it holds if it can at once, then gives up on the rest: call just before `process.exit`. */
  abandon(): void;
}

/**
 * Standard output for the service's log lines (asynchronous, as pino's default, written in batches
 * of {@link STDOUT_BATCH_BYTES} or every {@link STDOUT_FLUSH_MS}) that a reader who
 * went away cannot use to hold the process: pino's own destination retries a full pipe (EAGAIN)
 * forever, and its exit hook flushes synchronously, so a process whose log pipe nobody read any more
 * stopped its server and then slept in that loop for good. Here a full pipe is retried for
 * {@link STDOUT_BLOCKED_MS} (the lines then wait for the next write), held lines are bounded, a broken
 * pipe (EPIPE) silences the log, and once {@link StdoutDestination.abandon} is called nothing waits.
 */
export function stdoutDestination(): StdoutDestination {
  let abandoned = false;
  /** The reader of the pipe went away (EPIPE) or the output failed otherwise: nothing is written any more. */
  let broken = false;
  let blockedSince: number | undefined;
  const stream = pino.destination({
    dest: 1,
    sync: false,
    // Lines are written in batches of at least STDOUT_BATCH_BYTES, or after STDOUT_FLUSH_MS, not one
    // write (a system call) per access line, that is per request.
    minLength: STDOUT_BATCH_BYTES,
    periodicFlush: STDOUT_FLUSH_MS,
    maxLength: STDOUT_BUFFER_BYTES,
    retryEAGAIN: () => {
      if (abandoned || broken) {
        return false;
      }
      blockedSince ??= Date.now();
      return Date.now() - blockedSince < STDOUT_BLOCKED_MS;
    },
  });
  stream.on('write', () => {
    blockedSince = undefined;
  });
  // EPIPE is pino's (it turns writing off); an EAGAIN past the bound leaves the lines for the next write.
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EAGAIN' && error.code !== 'EBUSY') {
      broken = true;
    }
  });
  const flushSync = stream.flushSync.bind(stream);
  // pino's exit hook calls this: what cannot be written at once is dropped, never waited for.
  stream.flushSync = () => {
    if (broken) {
      return;
    }
    // sonic-boom's flushSync (4.2) retries a write that fails with anything but EAGAIN or EBUSY for
    // ever, 100 ms apart in Atomics.wait: a pipe whose reader exited (EPIPE) held the exit, and every
    // SIGTERM after it, for good. While it runs, such a failure is told to it as an EAGAIN, which
    // retryEAGAIN (above) refuses once `broken` is set, so the flush ends.
    const writeSync = fs.writeSync;
    fs.writeSync = ((...args: Parameters<typeof writeSync>) => {
      try {
        return writeSync(...args);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EAGAIN' && code !== 'EBUSY') {
          broken = true;
          throw Object.assign(new Error('the log output failed'), { code: 'EAGAIN' });
        }
        throw error;
      }
    }) as typeof writeSync;
    try {
      flushSync();
    } catch {
      // The reader is gone or not reading: the lines are lost, the exit is not.
    } finally {
      fs.writeSync = writeSync;
    }
  };
  // Lines are gathered here and handed to sonic-boom a batch at a time: sonic-boom measures the
  // UTF-8 length of its whole pending buffer at every write, which made each line cost a copy of the
  // batch so far (a third of the access line's cost, and garbage).
  let batch = '';
  const handOver = (): void => {
    if (batch !== '') {
      const text = batch;
      batch = '';
      stream.write(text);
    }
  };
  const lines: DestinationStream = {
    write(line: string) {
      batch += line;
      if (batch.length >= STDOUT_BATCH_BYTES) {
        handOver();
      }
    },
  };
  const flush = (): void => {
    try {
      handOver();
    } catch {
      // A destroyed stream (the reader went away): the lines are lost.
    }
    // Never throws: a destroyed stream answers through the callback.
    stream.flush(() => undefined);
  };
  // sonic-boom's own periodic flush writes only what it was handed.
  setInterval(() => {
    if (batch !== '') {
      flush();
    }
  }, STDOUT_FLUSH_MS).unref();
  /**
   * Writes what the batch holds at once, after what sonic-boom holds (older lines first), trying once:
   * at exit nothing waits for the pipe (as retryEAGAIN decides once `abandoned` is set).
   */
  const writeBatchNow = (): void => {
    stream.flushSync();
    let pending = Buffer.from(batch);
    batch = '';
    if (broken) {
      return;
    }
    try {
      while (pending.length > 0) {
        pending = pending.subarray(fs.writeSync(1, pending));
      }
    } catch {
      // The reader is gone or not reading: the lines are lost, the exit is not.
    }
  };
  // After pino's exit hook (registered with the stream, so before this one): what the batch held.
  process.once('exit', () => {
    if (batch !== '') {
      abandoned = true;
      writeBatchNow();
    }
  });
  return {
    stream: lines,
    flush,
    abandon() {
      abandoned = true;
      writeBatchNow();
    },
  };
}
