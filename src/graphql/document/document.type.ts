import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DocumentType } from '../common/codes.type.js';
import { Node } from '../common/node.js';
import { CalendarDateScalar, DateTimeScalar } from '../scalars.js';

/** A document attached to a proposal (IncluirDocumento answer). */
@ObjectType({
  implements: Node,
  description: 'A document attached to a proposal. Upstream: the document record IncluirDocumento answers (the file content is not echoed).',
})
export class ProposalDocument implements Node {
  @Field((_type) => ID, {
    description:
      'Stable, opaque id (Node): one per document type of the proposal, since the partner replaces a document of the same type. Upstream: none (minted by the graph from the proposal and the document type).',
  })
  id: string;

  @Field((_type) => ID, { nullable: true, description: 'Document id given by the partner; null when it gave none. Upstream: codigo.' })
  upstreamId: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Raw code of type (1 to 66). Upstream: tipoDocumento.' })
  typeCode: number | null;

  @Field((_type) => DocumentType.values, { nullable: true, description: 'Kind of document; null when the partner did not say. Upstream: tipoDocumento.' })
  get type(): DocumentType | null {
    return DocumentType.of(this.typeCode);
  }

  @Field((_type) => String, { nullable: true, description: 'File name. Upstream: nomeArquivo.' })
  fileName: string | null;

  @Field((_type) => String, { nullable: true, description: 'File extension. Upstream: extensao.' })
  extension: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Valid until. Upstream: dtValidade.' })
  validUntil: string | null;

  @Field((_type) => Int, {
    nullable: true,
    description: 'Size of the file in bytes, decoded from the base64 sent. Upstream: none (computed from arquivo as sent; the file itself is never kept).',
  })
  sizeBytes: number | null;

  @Field((_type) => String, {
    nullable: true,
    description: 'SHA-256 of the file, hex, to compare with your copy. Upstream: none (computed from arquivo as sent; the file itself is never kept).',
  })
  sha256: string | null;

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description: "When the graph recorded the attachment (null in attachDocument's own payload). Upstream: none (ledger).",
  })
  attachedAt: Date | null;

  @Field((_type) => String, { nullable: true, description: "Caller id that attached it (null in attachDocument's own payload). Upstream: none (ledger)." })
  attachedBy: string | null;
}
