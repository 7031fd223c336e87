import { Field, InterfaceType, registerEnumType } from 'type-graphql';

/** The code every mutation shared before per-mutation codes (now `legacyCode`); also the code of `extensions.userErrors` of BAD_USER_INPUT. */
export enum UserErrorCode {
  INVALID_INPUT = 'INVALID_INPUT',
  NOT_FOUND = 'NOT_FOUND',
  FORBIDDEN = 'FORBIDDEN',
  REJECTED = 'REJECTED',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
}

registerEnumType(UserErrorCode, {
  name: 'UserErrorCode',
  description: 'Why a mutation did not do what was asked. `upstreamCode` carries the partner catalogue code.',
  valuesConfig: {
    INVALID_INPUT: {
      description:
        'The graph refused the input before calling the partner, with the rule the partner uses. Upstream: the catalogue code of that rule in upstreamCode (e.g. T0668/D0001, T0665/D0002, C0107/V0001, C0202/V0001), or null for a rule of the graph alone (e.g. more than 2 decimal places of money).',
    },
    NOT_FOUND: { description: 'The partner does not know the proposal. Upstream: catalogue C0112/V0001.' },
    FORBIDDEN: { description: 'The proposal belongs to another integration. Upstream: catalogue C0112/V0002.' },
    REJECTED: {
      description:
        'The partner refused the operation for a business reason. Upstream: any other messages[].code/context, given in upstreamCode (e.g. C0060/V0003, C0200/V0001, 400/27).',
    },
    IDEMPOTENCY_KEY_REUSED: {
      description:
        'The idempotencyKey was already used for this mutation with a different input; nothing was sent or changed. Use a new key for a new request. Upstream: HTTP 409 I0001/V0001 (same IdempotencyKey, different request), also checked by the graph before any call.',
    },
  },
});

/**
 * A business failure of a mutation as the graph records it (in the ledger too, replayed to repeats):
 * the shared `UserErrorCode`, the English text, the input path and the partner's catalogue code, and
 * for a graph rule without one the rule's name. What a client sees is built from it per mutation and
 * per language (common/user-error-table.ts, `presentUserErrors`).
 */
export class UserError {
  code: UserErrorCode;
  field: string[] | null;
  message: string;
  upstreamCode: string | null;
  /** The graph's own rule when there is no catalogue code (a class-validator constraint name, e.g. `maxDecimalPlaces`). */
  rule?: string;
}

/** Builds a `UserError` record from its parts. */
export function userError(code: UserErrorCode, message: string, field: string[] | null, upstreamCode: string | null, rule?: string): UserError {
  return Object.assign(new UserError(), { code, message, field, upstreamCode, ...(rule === undefined ? {} : { rule }) });
}

/**
 * What every mutation's user error has, whatever its `code` enum (each mutation's error type implements
 * it). Named for this domain: a neighbour's own `UserError` interface with other fields cannot merge
 * with ours (INTERFACE_FIELD_NO_IMPLEM), so ours is `CreditUserError`.
 */
@InterfaceType('CreditUserError', {
  description:
    "A business failure of a mutation, returned as data. Each mutation's payload lists its own type (e.g. PaymentUserError) whose `code` is that mutation's enum; this interface holds what they share, for a generic error display. Upstream: an item of the envelope `messages`, or a graph validation rule using the same catalogue code.",
})
export abstract class MutationUserError {
  @Field((_type) => [String], {
    nullable: true,
    description:
      'Path of the input field at fault, e.g. ["input", "signers", "0", "email"]. For the graph\'s own checks, always the graph input path. For partner rejections: the graph input path when the partner\'s field has an obvious counterpart (dtoLancamentoParcela.vlrPagamento -> ["input", "payment", "amount"], assinantes[0].email -> ["input", "signers", "0", "email"]); otherwise the partner\'s field as given, as the only item (e.g. ["avalista.avalistaPF.rg"], never starting with "input"); null when the partner names no field or names only the proposal (codigoProposta: the failure is about the proposal as a whole). Upstream: messages[].field.',
  })
  field: string[] | null;

  @Field((_type) => String, {
    description:
      "A human-readable explanation in the request's language: Brazilian Portuguese when Accept-Language prefers Portuguese (pt, pt-BR), else English. Never the partner's free text. Upstream: the catalogue meaning of messages[].code/context.",
  })
  message: string;

  @Field((_type) => String, {
    description:
      'A stable key of the message, `<mutation>.<code in camelCase>` (e.g. "payment.overBalance"), for a client that translates messages itself. Upstream: none.',
  })
  messageKey: string;

  @Field((_type) => String, {
    nullable: true,
    description:
      'The partner catalogue code as "code/detail", e.g. "T0668/D0001"; null for a rule of the graph alone. Upstream: messages[].code and messages[].context.',
  })
  upstreamCode: string | null;

  @Field((_type) => UserErrorCode, {
    deprecationReason: "Use code: this mutation's own enum. Removed after 2027-03-01.",
    description:
      'The code shared by every mutation before per-mutation codes: INVALID_INPUT, NOT_FOUND, FORBIDDEN, REJECTED or IDEMPOTENCY_KEY_REUSED. Upstream: derived from messages[].code (C0112/V0001 NOT_FOUND, C0112/V0002 FORBIDDEN, others REJECTED).',
  })
  legacyCode: UserErrorCode;
}
