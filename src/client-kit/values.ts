/**
 * Seeded generators of realistic values for the mock kit: the same seed gives the same values in the
 * same order, so a component test's rendered output (and a snapshot of it) is stable.
 */

/** A seeded source of numbers in [0, 1) (mulberry32: 32-bit state, no dependency, fast). */
export interface Rng {
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(values: readonly T[]): T;
}

export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(values: readonly T[]): T => {
      if (values.length === 0) {
        throw new RangeError('pick from an empty list');
      }
      return values[int(0, values.length - 1)]!;
    },
  };
}

function digits(rng: Rng, count: number): number[] {
  return Array.from({ length: count }, () => rng.int(0, 9));
}

/** The mod-11 check digit over `base` with the weights given (CPF and CNPJ both use it). */
function checkDigit(base: readonly number[], weights: readonly number[]): number {
  const sum = base.reduce((acc, digit, index) => acc + digit * weights[index]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** An 11-digit CPF with valid check digits, unmasked; never a reserved repeated-digit number. */
export function cpf(rng: Rng): string {
  let base = digits(rng, 9);
  while (base.every((digit) => digit === base[0])) {
    base = digits(rng, 9);
  }
  const first = checkDigit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...base, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, second].join('');
}

/** A 14-digit CNPJ (head office, branch 0001) with valid check digits, unmasked. */
export function cnpj(rng: Rng): string {
  let root = digits(rng, 8);
  while (root.every((digit) => digit === root[0])) {
    root = digits(rng, 8);
  }
  const base = [...root, 0, 0, 0, 1];
  const first = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...base, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, second].join('');
}

/** An amount of money as the graph's Decimal: two decimals, no float ever ("1234.56"), from 100.00 to 50000.00. */
export function money(rng: Rng, min = 10_000, max = 5_000_000): string {
  const cents = rng.int(min, max);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A monthly rate in percent as a Decimal with two decimals, from 0.50 to 4.99. */
export function rate(rng: Rng): string {
  return money(rng, 50, 499);
}

/** A calendar day ("YYYY-MM-DD") in 2026 or 2027; days 1 to 28, so every month has it. */
export function isoDate(rng: Rng): string {
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  return `${rng.int(2026, 2027)}-${month}-${day}`;
}

/** An instant as the graph answers it: RFC 3339 in UTC, whole seconds. */
export function isoDateTime(rng: Rng): string {
  const time = [rng.int(0, 23), rng.int(0, 59), rng.int(0, 59)].map((part) => String(part).padStart(2, '0')).join(':');
  return `${isoDate(rng)}T${time}Z`;
}

const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João'] as const;
const SURNAMES = ['Almeida', 'Barbosa', 'Cardoso', 'Duarte', 'Esteves', 'Ferreira', 'Gomes', 'Lima', 'Moura', 'Souza'] as const;

/** A made-up person's full name (no real person's data in fixtures). */
export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
}

/** A boleto's 47-digit digitable line (format only; not a payable line). */
export function digitableLine(rng: Rng): string {
  return digits(rng, 47).join('');
}
