import { Decimal } from 'decimal.js';

/** Rounds a monetary amount half-up to the cent, returning a number with at most two decimals. */
export function roundCents(value: Decimal.Value): number {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

/** Rounds half-up to `places` decimals (percentages use 4), returning a number. */
export function roundTo(value: Decimal.Value, places: number): number {
  return new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
}

/** Sums amounts exactly (decimal arithmetic) and rounds the result to the cent. */
export function sumCents(values: readonly Decimal.Value[]): number {
  return roundCents(values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0)));
}
