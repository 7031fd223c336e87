import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { type OperationRecord } from '../../ledger/index.js';
import { type IncluirAvalistaResponse, type IncluirDocumentoResponse } from '../../upstream/index.js';
import { nodeId } from '../common/node.js';
import { type GraphContext } from '../runtime/context.js';
import { type DocumentDetails, mapDocument } from '../document/document.mapper.js';
import { ProposalDocument } from '../document/document.type.js';
import { guarantorFromLedger, type GuarantorDetails } from '../guarantor/guarantor.mapper.js';
import { Guarantor } from '../guarantor/guarantor.type.js';
import { type SignersDetails } from '../signature/signature.mapper.js';
import { OperationState, ProposalOperation, Signer, SigningStatus } from './proposal-history.type.js';
import { Proposal } from './proposal.type.js';

/** Situations the partner reaches only once every signature is in (6 finalized to 11 pending payment). */
const ALL_SIGNED_SITUATIONS = new Set([6, 7, 8, 9, 10, 11]);

const STATES: Record<OperationRecord['state'], OperationState> = {
  in_progress: OperationState.IN_PROGRESS,
  succeeded: OperationState.SUCCEEDED,
  rejected: OperationState.REJECTED,
  failed: OperationState.FAILED,
  unknown: OperationState.UNKNOWN,
};

/** The succeeded writes of `operations` that recorded read-back details, oldest first. */
function succeeded(records: readonly OperationRecord[], operations: readonly string[]): OperationRecord[] {
  return records.filter(r => r.state === 'succeeded' && r.details !== null && operations.includes(r.operation));
}

/**
 * The read-back fields of `Proposal`: what was written through the graph, from the ledger (one
 * batched ledger read per request, no partner call). A write whose outcome is not known yet
 * (in progress, unknown) is not read back until it is found to have succeeded.
 */
@Resolver(_of => Proposal)
export class ProposalHistoryResolver {
  @FieldResolver(_returns => [Guarantor], {
    description:
      'Guarantors added to the proposal through the graph (addGuarantor succeeded), oldest first, from the ledger: no partner call (the partner has no read of guarantors). Guarantors added elsewhere are not known. Upstream: Proposta/IncluirAvalista answers (codigo, numero) and the avalista sent.',
  })
  async guarantors(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<Guarantor[]> {
    const records = succeeded(await ctx.history.load(proposal.id), ['IncluirAvalista']);
    return records.map(r => guarantorFromLedger(r.outcome as IncluirAvalistaResponse | null, r.details as GuarantorDetails, proposal.id));
  }

  @FieldResolver(_returns => [Signer], {
    description:
      'Signers registered through the graph (inviteSigners, registerSignedSigners succeeded), one per document, in the order first registered, from the ledger: no partner call (the partner has no read of signatures). status is as far as known: SIGNED when registered as signed, or when the proposal situation this same query reads anyway (a core field such as situation selected beside signers) is FINALIZED or later; otherwise INVITED. Upstream: assinantes of Proposta/IncluirAssinaturaCCB / IncluirAssinaturaCCBFinalizada as sent; Situacao when already read.',
  })
  async signers(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<Signer[]> {
    const records = succeeded(await ctx.history.load(proposal.id), ['IncluirAssinaturaCCB', 'IncluirAssinaturaCCBFinalizada']);
    // Only what the query already read refines the ledger: no read is made for it.
    const allSigned = typeof proposal.situationCode === 'number' && ALL_SIGNED_SITUATIONS.has(proposal.situationCode);
    const byDocument = new Map<string, Signer>();
    for (const record of records) {
      for (const s of (record.details as SignersDetails).signers ?? []) {
        const known = byDocument.get(s.document);
        const signedAt = s.signedAt === null ? null : new Date(s.signedAt);
        if (known === undefined) {
          byDocument.set(
            s.document,
            Object.assign(new Signer(), {
              id: nodeId('Signer', proposal.id, byDocument.size),
              name: s.name,
              email: s.email,
              document: s.document,
              role: s.role,
              status: signedAt !== null || allSigned ? SigningStatus.SIGNED : SigningStatus.INVITED,
              signedAt,
              signingDeadline: s.signingDeadline === null ? null : new Date(s.signingDeadline),
              addedAt: record.created_at,
              addedBy: record.caller_id,
            }),
          );
        } else {
          // A later registration of the same signer completes the earlier one.
          Object.assign(known, {
            name: s.name,
            email: s.email,
            role: s.role ?? known.role,
            signedAt: signedAt ?? known.signedAt,
            signingDeadline: s.signingDeadline === null ? known.signingDeadline : new Date(s.signingDeadline),
            status: signedAt !== null ? SigningStatus.SIGNED : known.status,
          });
        }
      }
    }
    return [...byDocument.values()];
  }

  @FieldResolver(_returns => [ProposalDocument], {
    description:
      'Documents attached through the graph (attachDocument succeeded), by type code, the latest of each type (the partner replaces a document of the same type), from the ledger: metadata only (type, name, size, SHA-256, when, who), never the file; no partner call. Upstream: Proposta/IncluirDocumento answers (codigo, dtValidade) and the documento sent.',
  })
  async documents(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<ProposalDocument[]> {
    const records = succeeded(await ctx.history.load(proposal.id), ['IncluirDocumento']);
    const byType = new Map<number, ProposalDocument>();
    for (const record of records) {
      const details = record.details as DocumentDetails;
      const document = mapDocument((record.outcome ?? {}) as IncluirDocumentoResponse, proposal.id, details);
      byType.set(details.typeCode, Object.assign(document, { attachedAt: record.finished_at ?? record.created_at, attachedBy: record.caller_id }));
    }
    return [...byType.values()].sort((a, b) => (a.typeCode ?? 0) - (b.typeCode ?? 0));
  }

  @FieldResolver(_returns => [ProposalOperation], {
    description:
      "Every write made through the graph on this proposal (its creation included), oldest first, with its state: the graph's ledger, no partner call. idempotencyKey is shown only on the caller's own writes. Upstream: none (ledger).",
  })
  async operations(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<ProposalOperation[]> {
    const records = await ctx.history.load(proposal.id);
    return records.map(r =>
      Object.assign(new ProposalOperation(), {
        id: nodeId('ProposalOperation', proposal.id, r.id),
        operation: r.operation,
        state: STATES[r.state],
        callerId: r.caller_id,
        requestedAt: r.created_at,
        finishedAt: r.finished_at,
        attempts: r.attempts,
        idempotencyKey: r.caller_id === ctx.callerId ? r.idempotency_key : null,
      }),
    );
  }
}
