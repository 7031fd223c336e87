import { Decimal } from 'decimal.js';

/** Rounds a monetary amount half-up to the cent, returning a number with at most two decimals. */
export function roundCents(value: Decimal.Value): number {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}
