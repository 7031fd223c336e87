import { nodeId } from '../common/node.js';
import { type AgendaBoleto, type BoletoRegistro, type GerarMultiplosBoletosRequest, type GerarUnicoBoletoRequest } from '../../upstream/index.js';
import { mapQrCode } from '../common/qr-code.type.js';
import { toUpstreamCalendarDate, toUpstreamDate, toUpstreamNumber } from '../common/validation.js';
import { type GenerateBoletosInput, type GenerateSingleBoletoInput, REGISTRATION_TYPE_CODES } from './boleto.input.js';
import { optionalMoney, toCalendarDate, toDateTime } from '../scalars.js';
import { Boleto } from './boleto.type.js';

/** Reads the installment list the upstream sends as a string (`"1,2,3"`, `"1;2"`, `"[1, 2]"`). */
export function parseInstallmentList(text: string | null | undefined): number[] {
  if (!text) {
    return [];
  }
  return (text.match(/\d+/g) ?? []).map(Number);
}

/** Maps a ConsultarBoletos `boletos` item of proposal `proposalId`. */
export function mapBoleto(item: BoletoRegistro, proposalId: string, fetchedAt: Date | null = null): Boleto {
  return mergeBoleto(proposalId, item.numeroBoleto ?? 0, item, undefined, fetchedAt);
}

/**
 * One boleto from what the reads made hold of it: its ConsultarBoletos record and/or its agenda item
 * (ConsultarDetalhes `parcelas[].boletos`, of installment `installment`). Fields both hold come from
 * the record when there is one (they agree); each read's own fields are null without it.
 */
export function mergeBoleto(
  proposalId: string,
  number: number,
  record: BoletoRegistro | undefined,
  agenda: AgendaBoleto | undefined,
  fetchedAt: Date | null,
  installment?: number,
): Boleto {
  return Object.assign(new Boleto(), {
    id: nodeId('Boleto', proposalId, number),
    fetchedAt,
    number,
    proposalNumber: record?.numeroProposta ?? null,
    digitableLine: record?.linhaDigitavel ?? agenda?.linhaDigitavel ?? null,
    amount: optionalMoney(record?.valorBoleto),
    dueDate: toCalendarDate(record?.dtVencimento),
    // Without its record, the installment it was reached through is the one known to be covered.
    installmentNumbers: record ? parseInstallmentList(record.parcelas) : installment === undefined ? [] : [installment],
    settlesInstallments: record?.liquidacao ?? agenda?.liquidacao ?? null,
    description: record?.descricao ?? null,
    printUrl: record?.impressao ?? agenda?.urlImpressao ?? null,
    clientDocument: record?.documentoFederalCliente ?? null,
    clientName: record?.cliente ?? null,
    partnerName: record?.parceiro ?? null,
    createdAt: toDateTime(record?.dtInclusao),
    cancelledAt: toDateTime(record?.dtCancelamento),
    expiresAt: toDateTime(record ? record.dtExpiracao : agenda?.dtExpiracao),
    creditedAt: toDateTime(record ? record.dtCredito : agenda?.dtCredito),
    paidAmount: optionalMoney(record?.vlrPago),
    qrCode: mapQrCode(record ? record.qrCode : agenda?.qrCode),
    registrationOperationCode: agenda?.operacaoBoletoRegistro ?? null,
    registrationSituationCode: agenda?.situacaoBoletoRegistro ?? null,
    registrationDescription: agenda?.descricaoBoletoRegistro ?? null,
  });
}

/** The GerarMultiplosBoletos request for a validated input. */
export function generateBoletosRequest(input: GenerateBoletosInput): GerarMultiplosBoletosRequest {
  return {
    dto: { codigoProposta: input.proposalId },
    dtoGerarMultiplosBoletos: {
      ...(input.description ? { descricaoBoleto: input.description } : {}),
      notificarCliente: input.notifyClient,
      tipoRegistro: REGISTRATION_TYPE_CODES[input.registrationType],
      parcelas: input.installments.map((i) => ({
        nroParcela: i.number,
        ...(i.dueDate ? { dtVencimento: toUpstreamCalendarDate(i.dueDate) } : {}),
        ...(i.expiresAt ? { dtExpiracao: toUpstreamDate(i.expiresAt) } : {}),
        ...(i.discount ? { vlrDesconto: toUpstreamNumber(i.discount) } : {}),
        ...(i.allowDecapitalization != null ? { permiteDescapitalizacao: i.allowDecapitalization } : {}),
      })),
    },
  };
}

/** The GerarUnicoBoleto request for a validated input. */
export function generateSingleBoletoRequest(input: GenerateSingleBoletoInput): GerarUnicoBoletoRequest {
  return {
    dto: { codigoProposta: input.proposalId, nroParcelas: input.installmentNumbers },
    dtoGerarUnicoBoleto: {
      tipoRegistro: REGISTRATION_TYPE_CODES[input.registrationType],
      ...(input.dueDate ? { dtVencimento: toUpstreamCalendarDate(input.dueDate) } : {}),
      ...(input.expiresAt ? { dtExpiracao: toUpstreamDate(input.expiresAt) } : {}),
      ...(input.amount ? { vlrBoleto: toUpstreamNumber(input.amount) } : {}),
      ...(input.discount ? { vlrDesconto: toUpstreamNumber(input.discount) } : {}),
      ...(input.settlesInstallments != null ? { liquidacao: input.settlesInstallments } : {}),
      ...(input.allowDecapitalization != null ? { permiteDescapitalizacao: input.allowDecapitalization } : {}),
      ...(input.description ? { descricaoBoleto: input.description } : {}),
    },
  };
}

/** The boleto numbers a generation answered with (`parametros` named numeroBoleto). */
export function generatedBoletoNumbers(parametros: ReadonlyArray<{ nome?: string | null; valor?: string | null }> | null | undefined): number[] {
  return (parametros ?? []).filter((p) => p.nome === 'numeroBoleto' && p.valor && /^\d+$/.test(p.valor)).map((p) => Number(p.valor));
}
