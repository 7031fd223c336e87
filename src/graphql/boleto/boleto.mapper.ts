import { nodeId } from '../common/node.js';
import { type BoletoRegistro, type GerarMultiplosBoletosRequest, type GerarUnicoBoletoRequest } from '../../upstream/index.js';
import { mapQrCode } from '../agenda/agenda.mapper.js';
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
  return Object.assign(new Boleto(), {
    id: nodeId('Boleto', proposalId, item.numeroBoleto ?? 0),
    fetchedAt,
    number: item.numeroBoleto ?? 0,
    proposalNumber: item.numeroProposta ?? null,
    digitableLine: item.linhaDigitavel ?? null,
    amount: optionalMoney(item.valorBoleto),
    dueDate: toCalendarDate(item.dtVencimento),
    installmentNumbers: parseInstallmentList(item.parcelas),
    settlesInstallments: item.liquidacao ?? null,
    description: item.descricao ?? null,
    printUrl: item.impressao ?? null,
    clientDocument: item.documentoFederalCliente ?? null,
    clientName: item.cliente ?? null,
    partnerName: item.parceiro ?? null,
    createdAt: toDateTime(item.dtInclusao),
    cancelledAt: toDateTime(item.dtCancelamento),
    expiresAt: toDateTime(item.dtExpiracao),
    creditedAt: toDateTime(item.dtCredito),
    paidAmount: optionalMoney(item.vlrPago),
    qrCode: mapQrCode(item.qrCode),
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
      parcelas: input.installments.map(i => ({
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
  return (parametros ?? []).filter(p => p.nome === 'numeroBoleto' && p.valor && /^\d+$/.test(p.valor)).map(p => Number(p.valor));
}
