/** Freezes `value` and everything it holds (a Buffer's bytes cannot be frozen: its object is). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    if (!ArrayBuffer.isView(value)) {
      Object.freeze(value);
    }
    for (const child of Object.values(value)) {
      deepFreeze(child);
    }
  }
  return value;
}
