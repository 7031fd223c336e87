import { Field, ObjectType } from 'type-graphql';
import { UpstreamParameter } from '../common/parameter.type.js';
import { type PresentedUserError } from '../common/user-error-table.js';
import { BOLETO } from './boleto.errors.js';
import { Installment } from '../installment/installment.type.js';
import { Proposal } from '../proposal/proposal.type.js';
import { Boleto } from './boleto.type.js';

/** Result of `generateBoletos` and `generateSingleBoleto`. */
@ObjectType({
  description: 'Result of a boleto generation. Upstream: parametros (numeroBoleto, linhaDigitavel, pixCopiaECola) of GerarMultiplosBoletos / GerarUnicoBoleto.',
})
export class GenerateBoletosPayload {
  @Field((_type) => Proposal, {
    nullable: true,
    description:
      'The proposal after the boletos were generated, read fresh when selected; null when userErrors is not empty. Upstream: the reads its selection needs.',
  })
  proposal: Proposal | null;

  @Field((_type) => [Boleto], {
    description:
      'The boletos just generated, read fresh when selected. One ConsultarBoletos call. Upstream: AgendaRecebivel/ConsultarBoletos, filtered by the numeroBoleto parameters.',
  })
  boletos: Boleto[];

  @Field((_type) => [Installment], {
    description:
      "The installments the new boletos cover, read fresh when selected (their boletos now list them): the same Installment objects as Proposal.installments, so a client cache shows the boletos at once. One ConsultarDetalhes (nroParcelas), shared with the proposal's agenda when both are selected. Upstream: AgendaRecebivel/ConsultarDetalhes (nroParcelas), Proposta/ConsultarParcelas only for fields only it holds.",
  })
  installments: Installment[];

  @Field((_type) => [UpstreamParameter], { description: 'What the partner answered. Upstream: parametros.' })
  parameters: UpstreamParameter[];

  @Field((_type) => [BOLETO.errors.Type], { description: 'Why no boleto was generated; empty on success. Upstream: messages.' })
  userErrors: PresentedUserError[];
}
