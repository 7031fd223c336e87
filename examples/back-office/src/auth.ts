/**
 * The caller's credential: an API key or a JWT, sent as `Authorization` on every request, queries
 * and subscriptions alike. Kept for the browser tab only (sessionStorage), never in the bundle.
 * Against `npm start` with no callers configured none is needed (the development caller).
 */
const STORAGE_KEY = 'credit-graph.authorization';

/** The `Authorization` header value, or undefined when none was given. */
export function authorization(): string | undefined {
  const value = window.sessionStorage.getItem(STORAGE_KEY);
  return value === null || value === '' ? undefined : value;
}

/** Keeps `value` (e.g. `Bearer <key>`) for this tab; an empty value forgets it. */
export function setAuthorization(value: string): void {
  if (value.trim() === '') {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } else {
    window.sessionStorage.setItem(STORAGE_KEY, value.trim());
  }
}
