import { Field, ObjectType, registerEnumType } from 'type-graphql';

/** Why a mutation did not do what was asked. Stable; clients switch on it. */
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
    REJECTED: { description: 'The partner refused the operation for a business reason. Upstream: any other messages[].code/context, given in upstreamCode (e.g. C0060/V0003, C0200/V0001, 400/27).' },
    IDEMPOTENCY_KEY_REUSED: {
      description:
        'The idempotencyKey was already used for this mutation with a different input; nothing was sent or changed. Use a new key for a new request. Upstream: HTTP 409 I0001/V0001 (same IdempotencyKey, different request), also checked by the graph before any call.',
    },
  },
});

/** A business failure of a mutation, reported as data rather than as a GraphQL error. */
@ObjectType({ description: 'A business failure of a mutation, returned as data. Upstream: an item of the envelope `messages`, or a graph validation rule using the same catalogue code.' })
export class UserError {
  @Field(_type => UserErrorCode, { description: 'What kind of failure this is. Upstream: derived from messages[].code (C0112/V0001 NOT_FOUND, C0112/V0002 FORBIDDEN, others REJECTED).' })
  code: UserErrorCode;

  @Field(_type => [String], { nullable: true, description:
      'Path of the input field at fault, e.g. ["input", "signers", "0", "email"]. For the graph\'s own checks, always the graph input path. For partner rejections: the graph input path when the partner\'s field has an obvious counterpart (dtoLancamentoParcela.vlrPagamento -> ["input", "payment", "amount"], assinantes[0].email -> ["input", "signers", "0", "email"]); otherwise the partner\'s field as given, as the only item (e.g. ["avalista.avalistaPF.rg"], never starting with "input"); null when the partner names no field or names only the proposal (codigoProposta: the failure is about the proposal as a whole). Upstream: messages[].field.',
  })
  field: string[] | null;

  @Field(_type => String, { description: 'A human-readable explanation in English. Upstream: the catalogue meaning of messages[].code/context; never the partner\'s free text.' })
  message: string;

  @Field(_type => String, { nullable: true, description: 'The partner catalogue code as "code/detail", e.g. "T0668/D0001". Upstream: messages[].code and messages[].context.' })
  upstreamCode: string | null;
}

/** Builds a `UserError` instance from its parts. */
export function userError(code: UserErrorCode, message: string, field: string[] | null, upstreamCode: string | null): UserError {
  return Object.assign(new UserError(), { code, message, field, upstreamCode });
}
