import { useCallback, useRef } from 'react';

/** A random UUID (v4); crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newKey(): string {
  const bytes = window.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The idempotency key of one intent of a form, and how to end the intent. */
export interface IntentKey {
  /**
   * The key for sending `input`: the same key while the input is the same (a retry after a lost
   * answer, or a second click, replays the first write instead of making another), a new one when
   * the person changed the input (the graph refuses a key reused with another input:
   * IDEMPOTENCY_KEY_REUSED).
   */
  keyFor(input: unknown): string;
  /** The write succeeded: the next submission, even of the same values, is a new intent. */
  done(): void;
}

/** One idempotency key per intent (README, "Writes happen exactly once"). */
export function useIntentKey(): IntentKey {
  const current = useRef<{ key: string; body: string } | null>(null);
  const keyFor = useCallback((input: unknown): string => {
    const body = JSON.stringify(input);
    if (current.current === null || current.current.body !== body) {
      current.current = { key: newKey(), body };
    }
    return current.current.key;
  }, []);
  const done = useCallback((): void => {
    current.current = null;
  }, []);
  return { keyFor, done };
}
