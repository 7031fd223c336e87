import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { type Locale } from './locale.js';
import { MutationUserError, type UserError, UserErrorCode } from './user-error.type.js';

/**
 * How a mutation's user errors are declared and presented. Each mutation (a family when two
 * mutations share one payload) declares its own `code` enum in its feature folder
 * (`<noun>.errors.ts`, through {@link declareUserErrors}): for each code the partner catalogue codes
 * and graph rules that lead to it (docs/partner/contract.md "Errors", src/upstream/catalogue.ts, the
 * sandbox's codes in src/sandbox/README.md), its meaning and its Brazilian Portuguese message. This
 * file holds the codes every mutation shares and the machinery; graphql/mutations.ts lists the
 * families, and docs/errors.md is generated from them (`npm run docs:errors`). `messageKey` is
 * `<family>.<code in camelCase>`.
 */

/** One code of a mutation's enum. */
export interface UserErrorEntry {
  code: string;
  /** Partner catalogue codes ("code/detail") that mean this, for this mutation. */
  upstream?: readonly string[];
  /** Graph rules (class-validator constraint names, or the graph's own checks) that mean this. */
  rules?: readonly string[];
  /**
   * What the code means, in English (docs/errors.md). `null` for the generic codes. The English
   * `message` itself is the recorded text, unchanged from before per-mutation codes: the catalogue
   * meaning of the exact `upstreamCode` (more precise than a code that groups several), or the text
   * of the graph's rule naming the field and the limit.
   */
  meaning: string | null;
  /** The Brazilian Portuguese message. */
  pt: string;
}

export const NOT_FOUND: UserErrorEntry = {
  code: 'NOT_FOUND',
  upstream: ['C0112/V0001'],
  meaning: 'The credit partner does not know this proposal.',
  pt: 'O parceiro de crédito não conhece esta proposta.',
};
const FORBIDDEN: UserErrorEntry = {
  code: 'FORBIDDEN',
  upstream: ['C0112/V0002'],
  meaning: 'The proposal belongs to another integration.',
  pt: 'A proposta pertence a outra integração.',
};
const IDEMPOTENCY_KEY_REUSED: UserErrorEntry = {
  code: 'IDEMPOTENCY_KEY_REUSED',
  upstream: ['I0001/V0001'],
  meaning: 'This idempotencyKey was already used with a different request; nothing was sent. Use a new key for a new request.',
  pt: 'Esta idempotencyKey já foi usada com outra requisição; nada foi enviado. Use uma nova chave para uma nova requisição.',
};
const INVALID_IDEMPOTENCY_KEY: UserErrorEntry = {
  code: 'INVALID_IDEMPOTENCY_KEY',
  rules: ['idempotencyKeyLength'],
  meaning: 'idempotencyKey must have 1 to 255 characters.',
  pt: 'A idempotencyKey deve ter de 1 a 255 caracteres.',
};
const TOO_MANY_DECIMAL_PLACES: UserErrorEntry = {
  code: 'TOO_MANY_DECIMAL_PLACES',
  rules: ['maxDecimalPlaces'],
  meaning: 'Too many decimal places: amounts take at most 2, percentages at most 4.',
  pt: 'Casas decimais demais: valores aceitam no máximo 2, percentuais no máximo 4.',
};
const NEGATIVE_AMOUNT: UserErrorEntry = {
  code: 'NEGATIVE_AMOUNT',
  rules: ['isNonNegativeDecimal'],
  meaning: 'The amount must be zero or more.',
  pt: 'O valor deve ser zero ou mais.',
};
const INVALID_INPUT: UserErrorEntry = { code: 'INVALID_INPUT', meaning: null, pt: 'Valor inválido no campo indicado.' };
const REJECTED: UserErrorEntry = { code: 'REJECTED', meaning: null, pt: 'O parceiro de crédito recusou a operação.' };

/** Codes every mutation has: the proposal, the key, the graph's generic rules, and the generic fallbacks last. */
const COMMON: readonly UserErrorEntry[] = [
  NOT_FOUND,
  FORBIDDEN,
  IDEMPOTENCY_KEY_REUSED,
  INVALID_IDEMPOTENCY_KEY,
  TOO_MANY_DECIMAL_PLACES,
  NEGATIVE_AMOUNT,
  INVALID_INPUT,
  REJECTED,
];

/** The receivables agenda's codes, shared by payments and boletos (sandbox-observed, src/upstream/catalogue.ts OBSERVED_CODES). */
export const AGENDA_CODES: readonly UserErrorEntry[] = [
  {
    code: 'PROPOSAL_NOT_DISBURSED',
    upstream: ['C0200/V0001'],
    meaning: 'The proposal has no receivables agenda yet: it was never disbursed.',
    pt: 'A proposta ainda não tem agenda de recebíveis: ela não foi desembolsada.',
  },
  {
    code: 'AGENDA_CANCELLED',
    upstream: ['C0200/V0002'],
    meaning: "The proposal's receivables agenda is cancelled.",
    pt: 'A agenda de recebíveis da proposta está cancelada.',
  },
  {
    code: 'AGENDA_SETTLED',
    upstream: ['C0200/V0003'],
    meaning: "The proposal's receivables agenda is settled.",
    pt: 'A agenda de recebíveis da proposta está liquidada.',
  },
  {
    code: 'UNKNOWN_INSTALLMENT',
    upstream: ['C0201/V0001'],
    meaning: 'The proposal has no installment with this number.',
    pt: 'A proposta não tem parcela com este número.',
  },
  { code: 'INSTALLMENT_SETTLED', upstream: ['C0201/V0002'], meaning: 'The installment is already settled.', pt: 'A parcela já está liquidada.' },
  { code: 'NO_INSTALLMENT', upstream: ['C0201/V0003'], meaning: 'No installment was listed.', pt: 'Nenhuma parcela foi informada.' },
  { code: 'DUPLICATE_INSTALLMENT', upstream: ['C0201/V0004'], meaning: 'An installment was listed twice.', pt: 'Uma parcela foi informada duas vezes.' },
];

/** One mutation's (or family's) user errors, as its feature folder declares them. */
export interface UserErrorFamily {
  /** The prefix of its messageKeys. */
  readonly key: string;
  /** The mutations that answer it. */
  readonly mutations: readonly string[];
  /** Its GraphQL object type and enum names. */
  readonly typeName: string;
  readonly enumName: string;
  /** Its own codes, before the common ones. */
  readonly entries: readonly UserErrorEntry[];
}

/** A user error as a client of one mutation sees it. */
export type PresentedUserError = MutationUserError & { code: string };

/** A declared family: its declaration, every code (its own, then the common ones) and its GraphQL type, built once. */
export interface UserErrors extends UserErrorFamily {
  /** Every code, its own first, then the common ones (each once). */
  readonly all: readonly UserErrorEntry[];
  /** The user error type of the family: the shared fields (MutationUserError) and its own `code` enum. */
  readonly Type: new () => PresentedUserError;
}

/** Declares a mutation family's user errors and registers its GraphQL enum and type. */
export function declareUserErrors(family: UserErrorFamily): UserErrors {
  const codes = new Set(family.entries.map((entry) => entry.code));
  const all = [...family.entries, ...COMMON.filter((entry) => !codes.has(entry.code))];
  return { ...family, all, Type: familyType(family, all) };
}

/** Every code of a family, its own first, then the common ones (each once). */
export function familyEntries(family: UserErrors): readonly UserErrorEntry[] {
  return family.all;
}

function camel(code: string): string {
  return code.toLowerCase().replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The stable message key of a family's code, e.g. `payment.overBalance`. */
export function messageKeyOf(family: Pick<UserErrorFamily, 'key'>, code: string): string {
  return `${family.key}.${camel(code)}`;
}

/** The entry a recorded user error maps to in a family: by catalogue code, then by graph rule, then by its shared code; unknown codes get the generic one. */
export function entryOf(family: UserErrors, error: Pick<UserError, 'code' | 'upstreamCode' | 'rule'>): UserErrorEntry {
  const entries = family.all;
  const upstream = error.upstreamCode?.toUpperCase();
  const byUpstream = upstream === undefined ? undefined : entries.find((entry) => entry.upstream?.includes(upstream));
  const byRule = error.rule === undefined ? undefined : entries.find((entry) => entry.rules?.includes(error.rule ?? ''));
  if (byUpstream !== undefined || byRule !== undefined) {
    return (byUpstream ?? byRule) as UserErrorEntry;
  }
  switch (error.code) {
    case UserErrorCode.NOT_FOUND:
      return NOT_FOUND;
    case UserErrorCode.FORBIDDEN:
      return FORBIDDEN;
    case UserErrorCode.IDEMPOTENCY_KEY_REUSED:
      return IDEMPOTENCY_KEY_REUSED;
    case UserErrorCode.INVALID_INPUT:
      return INVALID_INPUT;
    default:
      return REJECTED;
  }
}

/** What the generic codes mean, where an entry has no `meaning` of its own. */
const GENERIC_MEANINGS: Readonly<Record<string, string>> = {
  INVALID_INPUT: 'The graph refused the input by a rule without a code of its own (the English message names the rule).',
  REJECTED:
    'The partner refused the operation with a code this table does not map (`upstreamCode` says which; the English message is its catalogue meaning when known).',
};

/**
 * What a code means, as one sentence for both readers: the enum value's description in the SDL
 * (introspection, GraphiQL) and the Meaning column of docs/errors.md, so the two cannot disagree.
 */
export function describeEntry(entry: UserErrorEntry): string {
  const meaning = entry.meaning ?? GENERIC_MEANINGS[entry.code] ?? 'A failure without a more precise code.';
  return entry.rules === undefined || entry.rules.length === 0 ? meaning : `${meaning} Graph rule: ${entry.rules.map((rule) => `\`${rule}\``).join(', ')}.`;
}

/** The user error type of one family: the shared fields (MutationUserError) and its own `code` enum. */
function familyType(family: UserErrorFamily, entries: readonly UserErrorEntry[]): new () => PresentedUserError {
  const values = Object.fromEntries(entries.map((entry) => [entry.code, entry.code]));
  registerEnumType(values, {
    name: family.enumName,
    // The message key makes each family's description its own (the common codes' meanings repeat in every enum).
    valuesConfig: Object.fromEntries(
      entries.map((entry) => [entry.code, { description: `${describeEntry(entry)} messageKey: ${family.key}.${camel(entry.code)}.` }]),
    ),
    description: `Why ${family.mutations.join(' or ')} did not do what was asked; stable, clients switch on it. messageKey is "${family.key}.<code in camelCase>"; upstreamCode keeps the partner's catalogue code. Listed with their partner codes in docs/errors.md.`,
  });
  @ObjectType(family.typeName, {
    implements: MutationUserError,
    description: `A business failure of ${family.mutations.join(' or ')}, returned as data. Upstream: an item of the envelope messages, or a graph validation rule using the same catalogue code.`,
  })
  class FamilyUserError extends MutationUserError {
    @Field((_type) => values, {
      description: `What failed, as ${family.enumName}; an unknown partner refusal is REJECTED, an input refused by a rule without its own code INVALID_INPUT. Upstream: mapped from messages[].code/context (upstreamCode).`,
    })
    code: string;

    // The shared fields again, described for this mutation: the interface says the rules once.
    @Field((_type) => [String], {
      nullable: true,
      description: `Path of the ${family.mutations.join(' / ')} input field at fault (rules: UserError.field). Upstream: messages[].field.`,
    })
    declare field: string[] | null;

    @Field((_type) => String, {
      description: `Why ${family.mutations.join(' / ')} failed, in the request's language (rules: UserError.message). Upstream: the catalogue meaning of upstreamCode.`,
    })
    declare message: string;

    @Field((_type) => String, { description: `Stable key of the message: "${family.key}." and the code in camelCase. Upstream: none.` })
    declare messageKey: string;

    @Field((_type) => String, {
      nullable: true,
      description: `The partner catalogue code behind code, as "code/detail"; null for a rule of the graph alone (${family.typeName}). Upstream: messages[].code and messages[].context.`,
    })
    declare upstreamCode: string | null;

    @Field((_type) => UserErrorCode, {
      deprecationReason: "Use code: this mutation's own enum. Removed after 2027-03-01.",
      description: `The shared code ${family.typeName}.code replaces (rules: UserError.legacyCode). Upstream: derived from messages[].code.`,
    })
    declare legacyCode: UserErrorCode;
  }
  return FamilyUserError;
}

/**
 * The recorded user errors of a mutation as its client sees them: its family's `code` and
 * `messageKey`, the message in `locale`, the input path and catalogue code as recorded, the shared
 * code as `legacyCode` (deprecated).
 */
export function presentUserErrors(family: UserErrors, errors: readonly UserError[], locale: Locale): PresentedUserError[] {
  const { Type } = family;
  return errors.map((error) => {
    const entry = entryOf(family, error);
    const message = locale === 'pt-BR' ? entry.pt : error.message;
    return Object.assign(new Type(), {
      code: entry.code,
      messageKey: messageKeyOf(family, entry.code),
      message,
      field: error.field,
      upstreamCode: error.upstreamCode,
      legacyCode: error.code,
    });
  });
}
