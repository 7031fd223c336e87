import { Field, ObjectType, registerEnumType } from 'type-graphql';

/** Why a mutation did not do what was asked. Stable; clients switch on it. */
export enum UserErrorCode {
  INVALID_INPUT = 'INVALID_INPUT',
  NOT_FOUND = 'NOT_FOUND',
  FORBIDDEN = 'FORBIDDEN',
  REJECTED = 'REJECTED',
}

registerEnumType(UserErrorCode, {
  name: 'UserErrorCode',
  description: 'Why a mutation did not do what was asked. `upstreamCode` carries the partner catalogue code.',
  valuesConfig: {
    INVALID_INPUT: { description: 'The graph refused the input before calling the partner (same rule as the partner catalogue).' },
    NOT_FOUND: { description: 'The partner does not know the proposal (catalogue C0112/V0001).' },
    FORBIDDEN: { description: 'The proposal belongs to another integration (catalogue C0112/V0002).' },
    REJECTED: { description: 'The partner refused the operation for a business reason; see upstreamCode and message.' },
  },
});

/** A business failure of a mutation, reported as data rather than as a GraphQL error. */
@ObjectType({ description: 'A business failure of a mutation, returned as data. Upstream: an item of the envelope `messages`, or a graph validation rule using the same catalogue code.' })
export class UserError {
  @Field(_type => UserErrorCode, { description: 'What kind of failure this is. Upstream: derived from messages[].code (C0112/V0001 NOT_FOUND, C0112/V0002 FORBIDDEN, others REJECTED).' })
  code: UserErrorCode;

  @Field(_type => [String], { nullable: true, description: 'Path of the input field at fault, e.g. ["input", "signers", "0", "email"]. Upstream: messages[].field when the partner names one.' })
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
