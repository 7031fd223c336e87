/**
 * How one environment variable is declared: its parser, its default and its entry in the reference
 * (docs/configuration.md), kept beside its zod schema in {@link settingDocs}.
 */
import { z } from 'zod';
import { type Parser } from './parsers.js';

/** What the reference shows of one variable. */
export interface SettingDoc {
  description: string;
  /** Type and bounds (Markdown). */
  type: string;
  /** The default as the reference shows it (Markdown). */
  shown: string;
  /** Never printed: not in errors, logs or the reference's examples. */
  secret: boolean;
}

/** The reference entry of each declared variable, keyed by its schema. */
export const settingDocs = z.registry<SettingDoc>();

interface Declaration {
  description: string;
  /** The default in words, when it is not one plain value (derived from other variables, or none). */
  shown?: string;
  secret?: boolean;
}

export function setting<T>(parser: Parser<T>, declaration: Declaration & { default: NonNullable<T> }): z.ZodType<T, string | undefined>;
export function setting<T>(parser: Parser<T>, declaration: Declaration & { default?: undefined }): z.ZodType<T | undefined, string | undefined>;
export function setting<T>(parser: Parser<T>, declaration: Declaration & { default?: NonNullable<T> }): z.ZodType<T | undefined, string | undefined> {
  const { default: fallback } = declaration;
  const schema: z.ZodType<T | undefined, string | undefined> = fallback === undefined ? parser.schema.optional() : parser.schema.default(fallback as never);
  settingDocs.add(schema, {
    description: declaration.description,
    type: parser.type,
    shown: declaration.shown ?? (fallback === undefined ? 'none' : `\`${String(fallback)}\``),
    secret: declaration.secret === true,
  });
  return schema;
}
