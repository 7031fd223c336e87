import { registerEnumType } from 'type-graphql';

/** One value of a code enum: the partner's integer and what it means, in English. */
export interface CodeMeaning {
  readonly code: number;
  readonly description: string;
}

/**
 * A GraphQL enum beside a raw integer code of the partner: one value per known code, plus
 * `UNKNOWN` for any code this graph does not know yet (the raw integer stays in the `...Code`
 * field next to it, so nothing is lost when the partner adds a code).
 */
export interface CodeEnum<V extends string> {
  /** The enum object registered with type-graphql (its values are its names). */
  readonly values: Readonly<Record<V | 'UNKNOWN', V | 'UNKNOWN'>>;
  /** The enum value of a raw code: null when there is no code, UNKNOWN when it is not in the table. */
  of(code: number | null | undefined): V | 'UNKNOWN' | null;
  /** The raw code of a known value. */
  codeOf(value: V): number;
}

/**
 * Defines and registers a code enum named `name`. `codeField` names the raw field beside it, for the
 * UNKNOWN value's description; `upstream` is the partner's field name, said once in the type's
 * description.
 */
export function defineCodeEnum<V extends string>(
  name: string,
  options: { description: string; codeField: string; upstream: string; values: Readonly<Record<V, CodeMeaning>> },
): CodeEnum<V> {
  const entries = Object.entries(options.values) as [V, CodeMeaning][];
  const values = Object.fromEntries([...entries.map(([key]) => [key, key]), ['UNKNOWN', 'UNKNOWN']]) as Record<V | 'UNKNOWN', V | 'UNKNOWN'>;
  const byCode = new Map<number, V>(entries.map(([key, meaning]) => [meaning.code, key]));
  registerEnumType(values, {
    name,
    description: `${options.description} Upstream: ${options.upstream}.`,
    valuesConfig: Object.fromEntries([
      ...entries.map(([key, meaning]) => [key, { description: `${meaning.description} (code ${meaning.code}).` }]),
      ['UNKNOWN', { description: `A code this graph does not know yet; read ${options.codeField} for the raw value.` }],
    ]) as Record<V | 'UNKNOWN', { description: string }>,
  });
  return {
    values,
    of(code) {
      if (code === null || code === undefined) {
        return null;
      }
      return byCode.get(code) ?? 'UNKNOWN';
    },
    codeOf(value) {
      return options.values[value].code;
    },
  };
}
