import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node } from '../common/node.js';

/** Whether a guarantor is an individual or a legal entity. */
export enum GuarantorKind {
  INDIVIDUAL = 'INDIVIDUAL',
  COMPANY = 'COMPANY',
}

registerEnumType(GuarantorKind, {
  name: 'GuarantorKind',
  description: 'Individual (CPF, avalistaPF) or legal entity (CNPJ, avalistaPJ). Upstream: which of avalistaPF / avalistaPJ was sent.',
  valuesConfig: {
    INDIVIDUAL: { description: 'An individual guarantor (11-digit CPF). Upstream: avalista.avalistaPF sent, documentoFederal a CPF.' },
    COMPANY: { description: 'A legal-entity guarantor (14-digit CNPJ). Upstream: avalista.avalistaPJ sent, documentoFederal a CNPJ.' },
  },
});

/** A guarantor added to a proposal. */
@ObjectType({ implements: Node, description: 'A guarantor of a proposal. Upstream: Proposta/IncluirAvalista (codigo, numero) and the avalista sent.' })
export class Guarantor implements Node {
  @Field((_type) => ID, {
    description:
      "Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal and the partner's guarantor id, or its order when the partner gave no id).",
  })
  id: string;

  @Field((_type) => ID, { nullable: true, description: 'Guarantor id given by the partner; null when it gave none. Upstream: codigo.' })
  upstreamId: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Order of the guarantor in the proposal. Upstream: numero.' })
  number: number | null;

  @Field((_type) => String, { description: 'Name. Upstream: avalista.nome.' })
  name: string;

  @Field((_type) => String, { description: 'CPF or CNPJ, digits only. Upstream: avalista.documentoFederal.' })
  document: string;

  @Field((_type) => GuarantorKind, { description: 'Individual or company. Upstream: avalistaPF / avalistaPJ.' })
  kind: GuarantorKind;
}
