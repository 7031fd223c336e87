import { type LogLevel } from '../config.js';

/** Fields of one log event. Values must never hold secrets or personal data: callers pass codes, names and counts. */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined | readonly string[]>>;

/** A structured logger writing one JSON object per line. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * A JSON-lines logger at `level`. `write` receives each finished line (default: stdout, errors and
 * warnings to stderr).
 */
export function createLogger(level: LogLevel, write?: (line: string, level: Exclude<LogLevel, 'silent'>) => void): Logger {
  const sink =
    write ??
    ((line: string, lineLevel: Exclude<LogLevel, 'silent'>) => {
      (lineLevel === 'error' || lineLevel === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    });
  const emit = (lineLevel: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields): void => {
    if (RANK[lineLevel] < RANK[level]) {
      return;
    }
    sink(JSON.stringify({ time: new Date().toISOString(), level: lineLevel, message, ...fields }), lineLevel);
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

/** A logger that drops everything (tests, tools). */
export const silentLogger: Logger = createLogger('silent');

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
