import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { type IncluirDocumentoResponse } from '../../upstream/index.js';
import { type GraphContext } from '../runtime/context.js';
import { succeeded } from '../proposal/proposal-history.resolver.js';
import { Proposal } from '../proposal/proposal.type.js';
import { type DocumentDetails, mapDocument } from './document.mapper.js';
import { ProposalDocument } from './document.type.js';

/** `Proposal.documents`: read back from the ledger (no partner call); the document noun resolves its own field of the proposal. */
@Resolver((_of) => Proposal)
export class ProposalDocumentsResolver {
  @FieldResolver((_returns) => [ProposalDocument], {
    description:
      'The documents attached to this proposal through the graph (attachDocument), the latest of each type (the partner replaces a document of the same type), by type code: metadata only (type, name, size, SHA-256, when, who), never the file. Upstream: the documento sent to Proposta/IncluirDocumento and its answer (codigo, dtValidade), from the ledger. No partner call.',
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
}
