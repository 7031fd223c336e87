import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { nodeId } from '../common/node.js';
import { type GraphContext } from '../runtime/context.js';
import { succeeded } from '../proposal/proposal-history.resolver.js';
import { Signer, SigningStatus } from '../proposal/proposal-history.type.js';
import { Proposal } from '../proposal/proposal.type.js';
import { type SignersDetails } from './signature.mapper.js';

/** Situations the partner reaches only once every signature is in (6 finalized to 11 pending payment). */
const ALL_SIGNED_SITUATIONS = new Set([6, 7, 8, 9, 10, 11]);

/** The description of Proposal.signers: long, so named. */
const SIGNERS_DESCRIPTION =
  'The people asked to sign the credit note through the graph (inviteSigners, registerSignedSigners), one per document, in the order first registered, with how far each has signed: SIGNED when registered as signed, or when the proposal situation this same query reads, or any earlier answer told, is FINALIZED or later (a status never moves back); otherwise INVITED. Upstream: assinantes sent to Proposta/IncluirAssinaturaCCB / IncluirAssinaturaCCBFinalizada, from the ledger; Situacao when already read. No partner call (the partner has no read of signatures).';

/** `Proposal.signers`: read back from the ledger (no partner call); the signature noun resolves its own field of the proposal. */
@Resolver((_of) => Proposal)
export class ProposalSignersResolver {
  @FieldResolver((_returns) => [Signer], {
    description: SIGNERS_DESCRIPTION,
  })
  async signers(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<Signer[]> {
    const records = succeeded(await ctx.history.load(proposal.id), ['IncluirAssinaturaCCB', 'IncluirAssinaturaCCBFinalizada']);
    // Only what was already read refines the ledger: no partner read is made for it. What this query
    // read, or else what any answer told of the proposal (its marks: signatures never move back).
    const readHere = typeof proposal.situationCode === 'number' && ALL_SIGNED_SITUATIONS.has(proposal.situationCode);
    const allSigned = readHere || records.length === 0 ? readHere : ((await ctx.reads.mark?.(proposal.id))?.sg ?? 0) >= 1;
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
}
