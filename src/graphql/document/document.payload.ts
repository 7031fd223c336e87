import { Field, ObjectType } from 'type-graphql';
import { type PresentedUserError } from '../common/user-error-table.js';
import { ATTACH_DOCUMENT } from './document.errors.js';
import { Proposal } from '../proposal/proposal.type.js';
import { ProposalDocument } from './document.type.js';

/** Result of `Mutation.attachDocument`. */
@ObjectType({ description: 'Result of attachDocument. Upstream: Proposta/IncluirDocumento.' })
export class AttachDocumentPayload {
  @Field((_type) => ProposalDocument, {
    nullable: true,
    description: 'The attached document; null when userErrors is not empty. Upstream: codigo, tipoDocumento, nomeArquivo, extensao, dtValidade.',
  })
  document: ProposalDocument | null;

  @Field((_type) => Proposal, {
    nullable: true,
    description:
      'The proposal after the document was attached, read fresh when selected; null when userErrors is not empty. Upstream: the reads its selection needs.',
  })
  proposal: Proposal | null;

  @Field((_type) => [ATTACH_DOCUMENT.errors.Type], {
    description: 'Why the document was not attached (e.g. C0068/V0003 while in automatic analysis); empty on success. Upstream: messages.',
  })
  userErrors: PresentedUserError[];
}
