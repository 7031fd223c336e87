import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node } from '../common/node.js';
import { DateTimeScalar } from '../scalars.js';

/** How far a signer is known to have signed. */
export enum SigningStatus {
  INVITED = 'INVITED',
  SIGNED = 'SIGNED',
}

registerEnumType(SigningStatus, {
  name: 'SigningStatus',
  description:
    'Signing status of a signer as far as the graph knows: the partner has no read of signatures, so it comes from the ledger of writes made through the graph, refined by the proposal situation when the same query reads it anyway. Upstream: none (ledger), situacao of FGTS/ConsultaProposta or ConsultarDetalhes when already read.',
  valuesConfig: {
    INVITED: {
      description:
        'Invited through inviteSigners and not known to have signed: the partner has not told the graph (the proposal situation, when read by the same query, is not FINALIZED or later). Upstream: Proposta/IncluirAssinaturaCCB recorded in the ledger.',
    },
    SIGNED: {
      description:
        'Signed: registered through registerSignedSigners (signedAt is the time given), or invited and the proposal situation read by the same query is FINALIZED or later, which the partner sets once every signature is in (signedAt then null). Upstream: Proposta/IncluirAssinaturaCCBFinalizada recorded in the ledger, or Situacao 6 to 11.',
    },
  },
});

/** Where a write stands in the ledger. */
export enum OperationState {
  IN_PROGRESS = 'IN_PROGRESS',
  SUCCEEDED = 'SUCCEEDED',
  REJECTED = 'REJECTED',
  FAILED = 'FAILED',
  UNKNOWN = 'UNKNOWN',
}

registerEnumType(OperationState, {
  name: 'OperationState',
  description: "Where a write recorded in the ledger stands. Upstream: none (the graph's ledger).",
  valuesConfig: {
    IN_PROGRESS: { description: 'Sent (or about to be) and not answered yet.' },
    SUCCEEDED: { description: 'The partner accepted it (or it was found at the partner after its answer was lost).' },
    REJECTED: { description: 'The partner refused it; the refusal is replayed to a retry with the same key.' },
    FAILED: { description: 'It never reached the partner (refused before sending); a retry with the same key sends it.' },
    UNKNOWN: { description: 'Its answer was lost and the partner has not told yet whether it happened; a retry with the same key finds out first.' },
  },
});

/** A signer registered through the graph. */
@ObjectType({
  implements: Node,
  description:
    'A signer of the credit note registered through the graph (inviteSigners, registerSignedSigners). A signer is one document: registered twice, the later registration completes the earlier. Read back from the ledger: no partner call. Upstream: assinantes of Proposta/IncluirAssinaturaCCB / IncluirAssinaturaCCBFinalizada, as sent.',
})
export class Signer implements Node {
  @Field((_type) => ID, {
    description: 'Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal and the place of the signer in the order first registered).',
  })
  id: string;

  @Field((_type) => String, { description: 'Signer name. Upstream: nome (as sent).' })
  name: string;

  @Field((_type) => String, { description: 'E-mail. Upstream: email (as sent).' })
  email: string;

  @Field((_type) => String, { description: 'CPF or CNPJ, digits only. Upstream: documento (as sent).' })
  document: string;

  @Field((_type) => String, { nullable: true, description: 'Role of the signer (e.g. "Emitente"). Upstream: descricao (as sent).' })
  role: string | null;

  @Field((_type) => SigningStatus, {
    description: 'Signing status as far as known (see SigningStatus). Upstream: none (ledger), refined by Situacao when the query reads it anyway.',
  })
  status: SigningStatus;

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description: 'When the signer signed, when registered as signed. Upstream: dtAssinatura (as sent to IncluirAssinaturaCCBFinalizada).',
  })
  signedAt: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'Signing deadline given with the invitation. Upstream: dtLimiteAssinatura (as sent).' })
  signingDeadline: Date | null;

  @Field((_type) => DateTimeScalar, { description: 'When the graph first registered this signer (the write was recorded). Upstream: none (ledger).' })
  addedAt: Date;

  @Field((_type) => String, { description: 'Caller id that registered the signer first. Upstream: none (ledger).' })
  addedBy: string;
}

/** A write on a proposal, as the ledger recorded it. */
@ObjectType({
  implements: Node,
  description: "A write made through the graph on a proposal. Read from the graph's ledger: no partner call. Upstream: none (ledger).",
})
export class ProposalOperation implements Node {
  @Field((_type) => ID, { description: 'Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal and the ledger record).' })
  id: string;

  @Field((_type) => String, {
    description: 'The partner operation written (e.g. IncluirManual, IncluirAvalista, IncluirAssinaturaCCB, IncluirDocumento). Upstream: the operation name.',
  })
  operation: string;

  @Field((_type) => OperationState, { description: 'Where the write stands (its outcome once known). Upstream: none (ledger).' })
  state: OperationState;

  @Field((_type) => String, { description: 'Caller id that made the write. Upstream: none (ledger).' })
  callerId: string;

  @Field((_type) => DateTimeScalar, { description: 'When the write was recorded, before it was sent. Upstream: none (ledger).' })
  requestedAt: Date;

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description: 'When its outcome was recorded (succeeded or rejected); null while unsettled. Upstream: none (ledger).',
  })
  finishedAt: Date | null;

  @Field((_type) => Int, {
    description:
      'How many times the write was sent to the partner (more than 1 only after a failure or an in-doubt answer proven absent). Upstream: none (ledger).',
  })
  attempts: number;

  @Field((_type) => String, {
    nullable: true,
    description:
      "The idempotencyKey the write was made with; only for the caller's own writes (null for another caller's). Upstream: none (never sent as is; the partner gets a derived key).",
  })
  idempotencyKey: string | null;
}
