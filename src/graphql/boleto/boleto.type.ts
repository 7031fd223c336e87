import { Field, ID, Int, ObjectType } from 'type-graphql';
import { QrCode } from '../common/qr-code.type.js';
import { BoletoRegistrationOperation, BoletoRegistrationSituation } from '../common/codes.type.js';
import { Node } from '../common/node.js';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar } from '../scalars.js';

/**
 * A boleto of a proposal: one node however it is reached (Proposal.boletos, Installment.boletos, a
 * generation's payload), its fields from whichever partner read holds them (ConsultarBoletos
 * `boletos` item, ConsultarDetalhes `parcelas[].boletos` item; see boleto.loader.ts).
 */
@ObjectType({
  // Plain properties (no middleware, no auth checker): graphql-js reads them itself, without type-graphql's wrapper per field.
  simpleResolvers: true,
  implements: Node,
  description:
    "A boleto (payment slip) generated for a proposal: the same object, with the same id, in Proposal.boletos, Installment.boletos and a generation's payload. Each field comes from whichever partner read holds it; a selection of fields both hold costs only the read the query makes anyway. Upstream: an item of boletos (AgendaRecebivel/ConsultarBoletos) and of parcelas[].boletos (AgendaRecebivel/ConsultarDetalhes).",
})
export class Boleto implements Node {
  @Field((_type) => ID, { description: 'Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal and the boleto number).' })
  id: string;

  @Field((_type) => Int, { description: 'Number of the boleto, unique within the proposal. Upstream: numeroBoleto.' })
  number: number;

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description:
      "When this boleto's data was read, so its age: a shared cached answer keeps the time of its partner read; extensions.stale says when an answer past its freshness was served. Upstream: not a partner field, the time of the read this comes from (AgendaRecebivel/ConsultarBoletos, or AgendaRecebivel/ConsultarDetalhes when the agenda carried every selected field).",
  })
  fetchedAt: Date | null;

  @Field((_type) => Int, { description: 'Proposal number. Upstream: numeroProposta.' })
  proposalNumber: number | null;

  @Field((_type) => String, { description: 'The 47-digit digitable line a bank app reads to pay the boleto. Upstream: linhaDigitavel.' })
  digitableLine: string | null;

  @Field((_type) => DecimalScalar, { description: 'Amount to pay, in BRL. Upstream: valorBoleto.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, { description: 'Day the boleto is due (a calendar day: show it as is, no zone). Upstream: dtVencimento.' })
  dueDate: string | null;

  @Field((_type) => [Int], { description: 'Installment numbers this boleto covers. Upstream: parcelas (a string listing them, parsed).' })
  installmentNumbers: number[];

  @Field((_type) => Boolean, { nullable: true, description: 'Whether paying it settles the installments. Upstream: liquidacao.' })
  settlesInstallments: boolean | null;

  @Field((_type) => String, { nullable: true, description: 'Description. Upstream: descricao.' })
  description: string | null;

  @Field((_type) => String, { nullable: true, description: 'URL to print the boleto. Upstream: impressao.' })
  printUrl: string | null;

  @Field((_type) => String, { nullable: true, description: 'CPF or CNPJ of the client. Upstream: documentoFederalCliente.' })
  clientDocument: string | null;

  @Field((_type) => String, { nullable: true, description: 'Client name. Upstream: cliente.' })
  clientName: string | null;

  @Field((_type) => String, { nullable: true, description: 'Partner name. Upstream: parceiro.' })
  partnerName: string | null;

  @Field((_type) => DateTimeScalar, { description: 'When the boleto was issued. Upstream: dtInclusao.' })
  createdAt: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the boleto was cancelled; null while active. Upstream: dtCancelamento.' })
  cancelledAt: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the boleto can no longer be paid (after its due date). Upstream: dtExpiracao.' })
  expiresAt: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When its payment reached the account; null while unpaid. Upstream: dtCredito.' })
  creditedAt: Date | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Amount paid, in BRL; null while unpaid. Upstream: vlrPago.' })
  paidAmount: string | null;

  @Field((_type) => QrCode, { nullable: true, description: 'Pix QR code printed on the boleto. Upstream: qrCode.' })
  qrCode: QrCode | null;

  @Field((_type) => Int, {
    nullable: true,
    description: 'Raw code of registrationOperation. Upstream: operacaoBoletoRegistro (ConsultarDetalhes parcelas[].boletos).',
  })
  registrationOperationCode: number | null;

  @Field((_type) => BoletoRegistrationOperation.values, {
    nullable: true,
    description:
      'What was last asked of the bank for this boleto; null when the partner did not say, and for a cancelled boleto (the agenda lists boletos in force). Upstream: operacaoBoletoRegistro (ConsultarDetalhes parcelas[].boletos).',
  })
  get registrationOperation(): BoletoRegistrationOperation | null {
    return BoletoRegistrationOperation.of(this.registrationOperationCode);
  }

  @Field((_type) => Int, {
    nullable: true,
    description: 'Raw code of registrationSituation. Upstream: situacaoBoletoRegistro (ConsultarDetalhes parcelas[].boletos).',
  })
  registrationSituationCode: number | null;

  @Field((_type) => BoletoRegistrationSituation.values, {
    nullable: true,
    description:
      'Where the bank registration stands; null when the partner did not say, and for a cancelled boleto. Upstream: situacaoBoletoRegistro (ConsultarDetalhes parcelas[].boletos).',
  })
  get registrationSituation(): BoletoRegistrationSituation | null {
    return BoletoRegistrationSituation.of(this.registrationSituationCode);
  }

  @Field((_type) => String, {
    nullable: true,
    description: 'Registration status text; null for a cancelled boleto. Upstream: descricaoBoletoRegistro (ConsultarDetalhes parcelas[].boletos).',
  })
  registrationDescription: string | null;
}
