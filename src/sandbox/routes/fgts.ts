import { createHash } from 'node:crypto';
import { isValidCpf, onlyDigits } from '../../shared/documents.js';
import { message, SandboxFailure } from '../envelope.js';
import { addDays } from '../finance/index.js';
import { EntrySituation, moveToSituation, netReleased } from '../lifecycle/transitions.js';
import { Situation, type FgtsCancellationEvent, type Proposal, type ProposalEntry } from '../model/types.js';
import { boletoPrintUrl, freeFieldFor, SANDBOX_PAYEE } from '../receivables/boletos.js';
import { boletoCodes, pixCopyPaste } from '../receivables/codes.js';
import { optObject, optString, readLocator, type Json } from './input.js';
import { type OperationContext, type OperationRoute } from './types.js';
import { CANCELAR_PROPOSTA, CONSULTA_PROPOSTA } from './fgts.schemas.js';

/** Days after disbursement within which an FGTS proposal may be cancelled (contract, Limits). */
export const FGTS_CANCELLATION_WINDOW_DAYS = 7;
/** Days from the cancellation to the due date of the money-return boleto (sandbox-defined). */
export const RETURN_BOLETO_DUE_DAYS = 5;

/** CancelamentoFGTS TipoEvento codes (sandbox-defined, README). */
export const FgtsEventType = { CancelledBeforeDisbursement: 1, CancelledWithReturn: 2 } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Throws one numbered CancelarProposta message: HTTP 400, code "400", context = the number. */
function refuse(number: number, description: string, field = ''): never {
  throw new SandboxFailure(message('400', String(number), description, field), 400);
}

function iso(d: Date | undefined): string | null {
  return d ? d.toISOString() : null;
}

/** A deterministic bank authentication string for a paid entry (looks like one, means nothing). */
function authentication(proposal: Proposal, entry: ProposalEntry): string {
  return createHash('sha256').update(`${proposal.id}:${entry.fieldId}:${entry.amount}`).digest('hex').slice(0, 24).toUpperCase();
}

function entryRecord(proposal: Proposal, e: ProposalEntry): Json {
  const paid = e.situation === EntrySituation.Paid;
  return {
    CampoID: e.fieldId,
    DescricaoCampo: e.description,
    VlrTransacao: e.amount,
    DtPrevPagto: iso(e.expectedPaymentDate),
    DtPagamento: iso(e.paidAt),
    Situacao: e.situation,
    LinhaDigitavel: e.digitableLine ?? null,
    DtVenctoBoleto: null,
    VlrBoleto: null,
    CodigoBanco: e.account.bankCode ?? null,
    NumeroBanco: e.account.bankNumber ?? null,
    TipoConta: e.account.accountType ?? null,
    Agencia: e.account.branch ?? null,
    AgenciaDig: e.account.branchDigit ?? null,
    Conta: e.account.account ?? null,
    ContaDig: e.account.accountDigit ?? null,
    DocumentoFederal: e.account.federalDocument ?? null,
    NomePagamento: e.account.payeeName ?? null,
    TextoRetornoPagamento: paid ? 'Pagamento efetuado' : null,
    AutenticacaoBancaria: paid ? authentication(proposal, e) : null,
    ControleBancario: paid ? `CTRL${proposal.number}` : null,
    DescricaoOcorrencia: paid ? 'Liquidado' : e.situation === EntrySituation.Returned ? 'Devolvido' : 'Aguardando pagamento',
  };
}

function eventRecord(e: FgtsCancellationEvent): Json {
  return {
    Detalhes: e.details,
    ContextoEvento: e.context,
    TipoEvento: e.eventType,
    NomeEvento: e.eventName,
    DtEvento: e.eventAt.toISOString(),
    NumCodigoBarras: e.barcode ?? null,
    NumLinhaDigitavel: e.digitableLine ?? null,
    PixCopiaCola: e.pixCopyPaste ?? null,
    VlrBoleto: e.boletoAmount ?? null,
    DtVencimento: iso(e.dueDate),
    NumeroBoleto: e.boletoNumber ?? null,
    UrlImpressaoBoleto: e.printUrl ?? null,
  };
}

/** StatusProtocoloAgente (sandbox-defined): the FGTS protocol status at the paying agent. */
function agentProtocolStatus(p: Proposal): string | null {
  if (!p.isFgts) {
    return null;
  }
  if (p.situation === Situation.Cancelled) {
    return 'CANCELADO';
  }
  return p.disbursedAt ? 'CONFIRMADO' : 'PENDENTE';
}

/** The request object of /FGTS/ operations: `dto`, `Dto`, or the body itself. */
function fgtsDto(body: Json): Json {
  return optObject(body, 'dto') ?? optObject(body, 'Dto') ?? body;
}

/** POST /FGTS/ConsultaProposta: every field of a proposal, PascalCase. */
export function consultaProposta(ctx: OperationContext, body: Json): Json {
  const dto = fgtsDto(body);
  const p = ctx.store.require(readLocator(dto, 'dto', true), ctx.clientId);
  const v = p.values;
  return {
    Codigo: p.id,
    DtInclusao: p.createdAt.toISOString(),
    Situacao: p.situation,
    VlrFinanciado: v.financedAmount,
    VlrTAC: v.tac,
    VlrSeguro: v.insurance,
    VlrIOF: v.iof,
    VlrOutrasDespesas: v.otherExpenses,
    VlrOutrosServicos: v.otherServices,
    VlrTotalCredito: v.totalCredit,
    VlrTotalDivida: v.totalDebt,
    QtdeParcelas: p.termMonths,
    PercCETMensal: v.monthlyCetPct,
    PercCETAnual: v.annualCetPct,
    PercJurosMensal: v.monthlyInterestPct,
    PercJurosAnual: v.annualInterestPct,
    CodigoProposta: String(p.number),
    NumeroCCB: p.ccbNumber,
    MotivoRejeicao: p.rejectionReason ?? null,
    MotivoPendencia: p.pendingReason ?? null,
    MotivoCancelamento: p.cancellationReason ?? null,
    TextoRetornoPagamento: p.disbursedAt ? 'Pagamento efetuado' : null,
    AutenticacaoBancaria: p.entries[0] && p.entries[0].situation === EntrySituation.Paid ? authentication(p, p.entries[0]) : null,
    ControleBancario: p.disbursedAt ? `CTRL${p.number}` : null,
    StatusProtocoloAgente: agentProtocolStatus(p),
    PropostaLancamentos: p.entries.map((e) => entryRecord(p, e)),
    CancelamentoFGTS: p.fgtsCancellations.map(eventRecord),
  };
}

/**
 * POST /FGTS/CancelarProposta (served at {environment_url}). Body (sandbox-defined, README):
 * `{ CodigoProposta?, CodigoOperacao?, NumeroProposta?, DocumentoFederal?, Motivo? }`, at the top level
 * or inside `dto`. Refusals are HTTP 400 with the numbered messages (code "400", context the number).
 * Answers `{ Boleto }`: the digitable line of the money-return boleto, or null when nothing was disbursed.
 */
export function cancelarProposta(ctx: OperationContext, body: Json): Json {
  const dto = fgtsDto(body);
  const locator = readLocator(dto, 'dto', true);
  const hasId = typeof locator.codigoProposta === 'string' && locator.codigoProposta.trim() !== '';
  if (hasId && !UUID.test((locator.codigoProposta as string).trim())) {
    refuse(38, 'Identificador da requisição inválido: CodigoProposta deve ser um UUID.', 'CodigoProposta');
  }
  if (!hasId && !(typeof locator.codigoOperacao === 'string' && locator.codigoOperacao.trim() !== '') && locator.numeroProposta === undefined) {
    refuse(38, 'Identificador da requisição inválido: informe CodigoProposta ou CodigoOperacao.', 'CodigoProposta');
  }
  const document = optString(dto, 'DocumentoFederal', 'DocumentoFederal') ?? optString(dto, 'documentoFederal', 'documentoFederal');
  if (document !== undefined && !isValidCpf(document)) {
    refuse(4, 'Número de CPF inválido.', 'DocumentoFederal');
  }
  const reason = optString(dto, 'Motivo', 'Motivo') ?? optString(dto, 'motivo', 'motivo');
  const p = ctx.store.require(locator, ctx.clientId);
  if (document !== undefined && onlyDigits(document) !== p.clientDocument) {
    refuse(4, 'Número de CPF inválido: não corresponde ao cliente da proposta.', 'DocumentoFederal');
  }
  if (p.situation === Situation.Cancelled) {
    refuse(27, 'Operação já cancelada.');
  }
  if (!p.isFgts) {
    refuse(28, 'Cancelamento não permitido: a proposta não é uma operação FGTS.');
  }
  if (p.situation === Situation.Ceded) {
    refuse(28, 'Cancelamento não permitido: operação cedida (situação 10).');
  }
  if (p.situation === Situation.Rejected) {
    refuse(28, 'Cancelamento não permitido: proposta reprovada.');
  }
  const now = ctx.clock.now();
  if (p.disbursedAt && now.getTime() - p.disbursedAt.getTime() > FGTS_CANCELLATION_WINDOW_DAYS * 86_400_000) {
    refuse(28, `Cancelamento não permitido: prazo de ${FGTS_CANCELLATION_WINDOW_DAYS} dias após o desembolso expirado.`);
  }
  // Conditions at the paying agent (admin API only), checked after the proposal's own rules.
  const agent = p.fgtsAgent;
  if (agent?.fiduciaryInProgress) {
    refuse(5, 'Existe uma operação fiduciária em andamento. Tente novamente mais tarde.');
  }
  if (agent?.notBefore && now.getTime() < agent.notBefore.getTime()) {
    refuse(10, `Operação não permitida antes de ${agent.notBefore.toISOString()}.`);
  }
  if (agent?.pendingAnniversaryPayment) {
    refuse(13, 'Operação não permitida: existe pagamento de saque-aniversário pendente.');
  }
  let event: FgtsCancellationEvent;
  if (p.disbursedAt) {
    const amount = netReleased(p);
    const boletoNumber = ctx.ids.nextBoletoNumber();
    const printToken = ctx.ids.printToken();
    const dueDate = addDays(now, RETURN_BOLETO_DUE_DAYS);
    const codes = boletoCodes({ bankCode: SANDBOX_PAYEE.bankCode, amount, dueDate, freeField: freeFieldFor(boletoNumber) });
    event = {
      details: `Cancelamento após desembolso: devolver R$ ${amount.toFixed(2)} até ${dueDate.toISOString().slice(0, 10)}.`,
      context: 'CANCELAMENTO_FGTS',
      eventType: FgtsEventType.CancelledWithReturn,
      eventName: 'Cancelamento com devolução',
      eventAt: now,
      barcode: codes.barcode,
      digitableLine: codes.digitableLine,
      pixCopyPaste: pixCopyPaste({
        key: SANDBOX_PAYEE.pixKey,
        merchantName: SANDBOX_PAYEE.name,
        merchantCity: SANDBOX_PAYEE.city,
        amount,
        txid: `CANC${p.number}B${boletoNumber}`,
      }),
      boletoAmount: amount,
      dueDate,
      boletoNumber,
      printUrl: boletoPrintUrl(ctx.baseUrl, boletoNumber, printToken),
      printToken,
    };
  } else {
    event = {
      details: 'Cancelamento antes do desembolso: nada a devolver.',
      context: 'CANCELAMENTO_FGTS',
      eventType: FgtsEventType.CancelledBeforeDisbursement,
      eventName: 'Cancelamento',
      eventAt: now,
    };
  }
  p.fgtsCancellations.push(event);
  p.cancellationReason = reason?.slice(0, 500) || 'Cancelado pelo parceiro.';
  moveToSituation(ctx, p, Situation.Cancelled);
  return { Boleto: event.digitableLine ?? null };
}

export const fgtsRoutes: OperationRoute[] = [
  { path: '/FGTS/ConsultaProposta', write: false, pascal: true, handler: consultaProposta, doc: CONSULTA_PROPOSTA },
  { path: '/FGTS/CancelarProposta', write: true, pascal: true, handler: cancelarProposta, doc: CANCELAR_PROPOSTA },
];
