import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { Node } from '../common/node.js';
import { RegistrationRecord } from './registry.type.js';
import { DateTimeScalar, JSONScalar } from '../scalars.js';

/**
 * A person (individual or legal entity) by CPF/CNPJ. Only `document` is known up front; the other
 * fields cost one Pessoa/ConsultarPessoa call per document, when selected.
 */
@Directive('@key(fields: "id")')
@ObjectType({
  implements: Node,
  description:
    'A person (individual or legal entity) identified by CPF or CNPJ. Fields other than id and document cost one Pessoa/ConsultarPessoa call per document, only when selected. ' +
    'Upstream: Pessoa/ConsultarPessoa (request documentoCliente; answer json, whose nome gives name), or documentoFederalCliente and nomeCliente of AgendaRecebivel/ConsultarDetalhes when reached through Proposal.client.',
})
export class Person implements Node {
  @Field((_type) => ID, {
    description:
      "The person's opaque, stable id: the same person has the same id in every answer and on every replica, and it never reveals the document (the federation key, so no CPF/CNPJ travels in a router's query plans). Upstream: none; issued by the graph.",
  })
  id: string;

  @Field((_type) => String, {
    description: 'CPF (11 digits) or CNPJ (14 digits), digits only. Upstream: documentoCliente (ConsultarPessoa request) / documentoFederalCliente (agenda).',
  })
  document: string;

  /** A name already known from where the person was reached (the agenda's nomeCliente); not a field. */
  knownName: string | null;

  @Field((_type) => String, {
    nullable: true,
    description: "The person's name. Upstream: nome in the json of ConsultarPessoa; reached through Proposal.client, the agenda's nomeCliente (no extra call).",
  })
  name?: string | null;

  @Field((_type) => RegistrationRecord, {
    nullable: true,
    description:
      "The person's registry data (addresses, e-mails, phones, tax status, partners), typed. One call per document, shared with raw. Upstream: json of Pessoa/ConsultarPessoa.",
  })
  details?: RegistrationRecord | null;

  @Field((_type) => JSONScalar, {
    nullable: true,
    description: 'The whole person record as the partner sends it (its structure is not published). Upstream: json of Pessoa/ConsultarPessoa, parsed.',
  })
  raw?: unknown;

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description:
      "When this person's data was read, so its age: a shared cached answer keeps the time of its partner read. One call, shared with details and raw. Upstream: not a partner field, the time of the Pessoa/ConsultarPessoa read.",
  })
  fetchedAt?: Date | null;
}
