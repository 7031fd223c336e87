import { Decimal } from 'decimal.js';
import { roundCents } from '../../shared/money.js';
import { failWith } from '../envelope.js';
import { daysBetween, startOfDayUtc } from '../finance/dates.js';
import { AgendaSituation, type Agenda, type AgendaInstallment, type Boleto, type PixCharge, type Proposal } from '../model/types.js';
import {
  AGENDA_SITUATION_NAMES,
  approximateDailyRetention,
  checkPayments,
  defaultExpiry,
  pickInstallments,
  postPayments,
  requireActiveAgenda,
  requireAgenda,
  type PaymentInput,
} from '../receivables/agenda.js';
import { attachBoleto, buildBoleto, RegistrationType, SANDBOX_PAYEE, type BoletoSpec } from '../receivables/boletos.js';
import { failReceivables } from '../receivables/errors.js';
import { itemObject, optArray, optBoolean, optDate, optInteger, optNumber, optObject, optString, readLocator, reqObject, type Json } from './input.js';
import { type OperationContext, type OperationRoute } from './types.js';
import {
  CONSULTAR_BOLETOS,
  CONSULTAR_DETALHES,
  GERAR_MULTIPLOS_BOLETOS,
  GERAR_UNICO_BOLETO,
  INCLUIR_LANCAMENTO_MULTIPLAS_PARCELAS,
  INCLUIR_LANCAMENTO_PARCELA,
} from './receivables.schemas.js';

/*
 * The receivables operations (AgendaRecebivel/*). Field names are the contract's; choices the
 * contract leaves open are documented in src/sandbox/README.md, section "Receivables".
 */

const iso = (d: Date | undefined): string | null => (d ? d.toISOString() : null);
const money = (n: number): string => n.toFixed(2);
const MAX_BOLETO_AMOUNT = 99_999_999.99;

/** An optional list of integers (each item type-checked). */
function optIntegers(parent: Json, key: string, path: string): number[] | undefined {
  const list = optArray(parent, key, path);
  return list?.map((item, i) => {
    if (typeof item !== 'number' || !Number.isSafeInteger(item)) {
      failWith('WrongType', `O item ${path}[${i}] deve ser um número inteiro.`, `${path}[${i}]`);
    }
    return item;
  });
}

function proposalOf(ctx: OperationContext, body: Json): Proposal {
  const dto = reqObject(body, 'dto');
  return ctx.store.require(readLocator(dto), ctx.clientId);
}

// ------------------------------------------------------------------------------------------------
// Views

function qrCodeView(pix: PixCharge | undefined): { emv: string; imagem: string } | null {
  return pix ? { emv: pix.emv, imagem: pix.image } : null;
}

function pixView(pix: PixCharge): Json {
  return {
    liquidacao: pix.settled,
    dtCredito: iso(pix.creditedAt),
    dtVencimento: iso(pix.dueDate),
    dtExpiracao: iso(pix.expiresAt),
    emv: pix.emv,
    imagem: pix.image,
  };
}

function agendaBoletoView(b: Boleto): Json {
  return {
    numeroBoleto: b.number,
    liquidacao: b.settled,
    dtCredito: iso(b.creditedAt),
    dtExpiracao: iso(b.expiresAt),
    linhaDigitavel: b.digitableLine,
    operacaoBoletoRegistro: b.registrationOperation,
    situacaoBoletoRegistro: b.registrationSituation,
    descricaoBoletoRegistro: b.registrationDescription,
    urlImpressao: b.printUrl,
    qrCode: qrCodeView(b.pix),
  };
}

function entryView(installment: AgendaInstallment): Json[] {
  return installment.entries.map((e) => ({
    dtVencimento: iso(e.dueDate),
    dtLancamento: iso(e.postedAt),
    vlrParcela: e.installmentAmount,
    vlrMulta: e.fine,
    vlrJuros: e.interest,
    vlrMora: e.lateInterest,
    vlrIOF: e.iof,
    vlrTarifas: e.fees,
    vlrAbatimento: e.rebate,
    vlrParcelaAtualizado: e.updatedInstallmentAmount,
    vlrPagamento: e.paymentAmount,
    vlrSaldoParcela: e.balanceAfter,
    vlrDesconto: e.discount,
    informarFundo: e.reportToFund,
    viaBoleto: e.viaBoleto,
    descLancamento: e.description,
  }));
}

function installmentView(agenda: Agenda, i: AgendaInstallment, withBoletos: boolean, withEntries: boolean): Json {
  // Boletos of the installment still in force (cancelled ones are listed by ConsultarBoletos on request).
  const boletos = withBoletos ? agenda.boletos.filter((b) => !b.cancelledAt && b.installmentNumbers.includes(i.number)) : [];
  const pix = withBoletos ? [...boletos.flatMap((b) => (b.pix ? [b.pix] : [])), ...(agenda.pix.get(i.number) ?? [])].map(pixView) : [];
  return {
    codigoParcela: i.id,
    nroParcela: i.number,
    situacao: i.situation,
    dtVencimento: iso(i.dueDate),
    vlrParcela: i.amount,
    nroOrdemPagamento: i.paymentOrder,
    vlrSaldoAtual: i.balance,
    vlrTotalPago: i.totalPaid,
    vlrDesconto: i.discount,
    dtVencimentoAtual: iso(i.currentDueDate),
    boletos: boletos.map(agendaBoletoView),
    pix,
    lancamentos: withEntries ? entryView(i) : [],
  };
}

function boletoRecordView(proposal: Proposal, b: Boleto): Json {
  return {
    numeroBoleto: b.number,
    numeroProposta: proposal.number,
    liquidacao: b.settled,
    parcelas: b.installmentNumbers.join(','),
    descricao: b.description,
    impressao: b.printUrl,
    linhaDigitavel: b.digitableLine,
    documentoFederalCliente: proposal.clientDocument,
    cliente: proposal.clientName,
    parceiro: proposal.ownerClientId,
    dtInclusao: iso(b.createdAt),
    dtVencimento: iso(b.dueDate),
    dtCancelamento: iso(b.cancelledAt),
    dtExpiracao: iso(b.expiresAt),
    dtCredito: iso(b.creditedAt),
    valorBoleto: b.amount,
    vlrPago: b.paidAmount ?? null,
    qrCode: qrCodeView(b.pix),
  };
}

// ------------------------------------------------------------------------------------------------
// Reads

/** POST /AgendaRecebivel/ConsultarDetalhes */
function consultarDetalhes(ctx: OperationContext, body: Json): Json {
  const proposal = proposalOf(ctx, body);
  const agenda = requireAgenda(proposal);
  const dto = reqObject(body, 'dto');
  const numbers = optIntegers(dto, 'nroParcelas', 'dto.nroParcelas');
  const options = optObject(body, 'dtoConsultaDetalhes');
  const withBoletos = (options && optBoolean(options, 'trazerBoleto', 'dtoConsultaDetalhes.trazerBoleto')) ?? false;
  const withEntries = (options && optBoolean(options, 'trazerAgendaDetalhada', 'dtoConsultaDetalhes.trazerAgendaDetalhada')) ?? false;
  const installments = numbers === undefined || numbers.length === 0 ? agenda.installments : pickInstallments(agenda, numbers, 'dto.nroParcelas', false);
  const totalPaid = agenda.installments.reduce((acc, i) => acc.plus(i.totalPaid), new Decimal(0));
  return {
    numeroProposta: proposal.number,
    dtInclusao: iso(proposal.createdAt),
    dtCancelamento: iso(agenda.cancelledAt),
    dtLiquidacao: iso(agenda.settledAt),
    situacaoAgenda: agenda.situation,
    descricaoSituacaoAgenda: AGENDA_SITUATION_NAMES.get(agenda.situation) ?? '',
    documentoFederalCliente: proposal.clientDocument,
    nomeCliente: proposal.clientName,
    nomeEmpresa: SANDBOX_PAYEE.name,
    ecCliente: String(proposal.number),
    descricaoTipoContrato: proposal.contractType ?? '',
    vlrFinanciado: proposal.values.financedAmount,
    vlrRetencaoDiarioAprox: agenda.situation === AgendaSituation.Active ? approximateDailyRetention(agenda, ctx.clock.now()) : 0,
    vlrTotalPago: roundCents(totalPaid),
    qtdeParcelas: agenda.installments.length,
    situacaoProposta: proposal.situation,
    parcelas: installments.map((i) => installmentView(agenda, i, withBoletos, withEntries)),
  };
}

/** POST /AgendaRecebivel/ConsultarBoletos */
function consultarBoletos(ctx: OperationContext, body: Json): Json {
  const proposal = proposalOf(ctx, body);
  const agenda = requireAgenda(proposal);
  const options = optObject(body, 'dtoConsultaBoletos');
  const numbers = options ? optIntegers(options, 'numerosBoletos', 'dtoConsultaBoletos.numerosBoletos') : undefined;
  const withCancelled = (options && optBoolean(options, 'trazerBoletosCancelados', 'dtoConsultaBoletos.trazerBoletosCancelados')) ?? false;
  const wanted = numbers && numbers.length > 0 ? new Set(numbers) : undefined;
  const boletos = agenda.boletos.filter((b) => (withCancelled || !b.cancelledAt) && (!wanted || wanted.has(b.number)));
  return { boletos: boletos.map((b) => boletoRecordView(proposal, b)) };
}

// ------------------------------------------------------------------------------------------------
// Boleto writes

function readRegistrationType(options: Json, path: string): number {
  const type = optInteger(options, 'tipoRegistro', `${path}.tipoRegistro`) ?? RegistrationType.Online;
  if (type !== RegistrationType.Online && type !== RegistrationType.Offline) {
    failReceivables('BoletoRegistrationType', 'tipoRegistro deve ser 1 (online) ou 2 (offline).', `${path}.tipoRegistro`);
  }
  return type;
}

/** Due date (given, or the default) and expiry of a boleto, both checked. */
function boletoDates(now: Date, given: Date | undefined, fallback: Date, expiry: Date | undefined, path: string): { dueDate: Date; expiresAt: Date } {
  const today = startOfDayUtc(now);
  if (given && daysBetween(today, given) < 0) {
    failReceivables('BoletoDueInPast', 'A data de vencimento do boleto não pode ser passada.', `${path}.dtVencimento`);
  }
  const dueDate = given ? startOfDayUtc(given) : daysBetween(today, fallback) < 0 ? today : startOfDayUtc(fallback);
  const expiresAt = expiry ? startOfDayUtc(expiry) : defaultExpiry(dueDate);
  if (daysBetween(dueDate, expiresAt) < 0) {
    failReceivables('BoletoExpiryBeforeDue', 'A data de expiração deve ser igual ou posterior ao vencimento.', `${path}.dtExpiracao`);
  }
  return { dueDate, expiresAt };
}

/**
 * The boleto's amount, checked; `amountField` names the request field failures point at. A
 * `requested` amount that is absent or 0 (after rounding to the cent) leaves it to the partner: the
 * listed installments' balances less the discount.
 */
function boletoAmount(balance: Decimal, discount: number, requested: number | undefined, path: string, amountField = `${path}.vlrBoleto`): number {
  if (discount < 0) {
    failReceivables('DiscountNegative', 'O valor do desconto não pode ser negativo.', `${path}.vlrDesconto`);
  }
  const amount = requested === undefined || roundCents(requested) === 0 ? balance.minus(roundCents(discount)).toNumber() : requested;
  // The barcode's amount field has 10 digits: 99,999,999.99 at most.
  if (!(roundCents(amount) > 0) || roundCents(amount) > MAX_BOLETO_AMOUNT) {
    failReceivables('BoletoAmountNotPositive', 'O valor do boleto deve ser maior que zero e no máximo 99.999.999,99.', amountField);
  }
  if (new Decimal(roundCents(amount)).plus(roundCents(discount)).greaterThan(balance)) {
    failReceivables('BoletoAmountOverBalance', 'O valor do boleto mais o desconto excede o saldo das parcelas.', amountField);
  }
  return roundCents(amount);
}

function boletoParametros(boletos: readonly Boleto[]): Json[] {
  return boletos.flatMap((b) => [
    { nome: 'numeroBoleto', valor: String(b.number) },
    { nome: 'linhaDigitavel', valor: b.digitableLine },
    ...(b.pix ? [{ nome: 'pixCopiaECola', valor: b.pix.emv }] : []),
  ]);
}

/** POST /AgendaRecebivel/GerarMultiplosBoletos: one boleto per listed installment. */
async function gerarMultiplosBoletos(ctx: OperationContext, body: Json): Promise<Json> {
  const proposal = proposalOf(ctx, body);
  const agenda = requireActiveAgenda(proposal);
  const path = 'dtoGerarMultiplosBoletos';
  const options = reqObject(body, path);
  const description = optString(options, 'descricaoBoleto', `${path}.descricaoBoleto`) ?? '';
  const registrationType = readRegistrationType(options, path);
  optBoolean(options, 'notificarCliente', `${path}.notificarCliente`);
  const items = (optArray(options, 'parcelas', `${path}.parcelas`) ?? []).map((raw, index) => {
    const itemPath = `${path}.parcelas[${index}]`;
    const item = itemObject(raw, itemPath);
    const number = optInteger(item, 'nroParcela', `${itemPath}.nroParcela`);
    if (number === undefined) {
      failReceivables('InstallmentsMissing', 'Informe o número da parcela.', `${itemPath}.nroParcela`);
    }
    optBoolean(item, 'permiteDescapitalizacao', `${itemPath}.permiteDescapitalizacao`);
    return {
      number,
      itemPath,
      dueDate: optDate(item, 'dtVencimento', `${itemPath}.dtVencimento`),
      expiry: optDate(item, 'dtExpiracao', `${itemPath}.dtExpiracao`),
      discount: optNumber(item, 'vlrDesconto', `${itemPath}.vlrDesconto`) ?? 0,
    };
  });
  const installments = pickInstallments(
    agenda,
    items.map((i) => i.number),
    `${path}.parcelas`,
    true,
  );
  const now = ctx.clock.now();
  const specs: BoletoSpec[] = items.map((item, k) => {
    const installment = installments[k] as AgendaInstallment;
    const dates = boletoDates(now, item.dueDate, installment.currentDueDate, item.expiry, item.itemPath);
    return {
      installmentNumbers: [installment.number],
      ...dates,
      amount: boletoAmount(new Decimal(installment.balance), item.discount, undefined, item.itemPath, `${item.itemPath}.vlrDesconto`),
      discount: item.discount,
      description: description || `Parcela ${installment.number} da proposta ${proposal.number}`,
      registrationType,
    };
  });
  // Everything is checked; build (numbers, codes, QR images), then change the agenda.
  const boletos: Boleto[] = [];
  for (const spec of specs) {
    boletos.push(await buildBoleto(spec, ctx.ids, now, ctx.baseUrl));
  }
  boletos.forEach((b) => attachBoleto(agenda, b, now));
  return { parametros: boletoParametros(boletos) };
}

/** POST /AgendaRecebivel/GerarUnicoBoleto: one boleto covering the listed installments. */
async function gerarUnicoBoleto(ctx: OperationContext, body: Json): Promise<Json> {
  const proposal = proposalOf(ctx, body);
  const agenda = requireActiveAgenda(proposal);
  const dto = reqObject(body, 'dto');
  const path = 'dtoGerarUnicoBoleto';
  const options = optObject(body, path) ?? {};
  const numbers = optIntegers(dto, 'nroParcelas', 'dto.nroParcelas') ?? [];
  const installments = pickInstallments(agenda, numbers, 'dto.nroParcelas', true);
  const registrationType = readRegistrationType(options, path);
  optBoolean(options, 'liquidacao', `${path}.liquidacao`);
  optBoolean(options, 'permiteDescapitalizacao', `${path}.permiteDescapitalizacao`);
  const now = ctx.clock.now();
  const earliest = installments.reduce((d, i) => (i.currentDueDate < d ? i.currentDueDate : d), installments[0]!.currentDueDate);
  const dates = boletoDates(
    now,
    optDate(options, 'dtVencimento', `${path}.dtVencimento`),
    earliest,
    optDate(options, 'dtExpiracao', `${path}.dtExpiracao`),
    path,
  );
  const balance = installments.reduce((acc, i) => acc.plus(i.balance), new Decimal(0));
  const discount = optNumber(options, 'vlrDesconto', `${path}.vlrDesconto`) ?? 0;
  const amount = boletoAmount(balance, discount, optNumber(options, 'vlrBoleto', `${path}.vlrBoleto`), path);
  const description =
    optString(options, 'descricaoBoleto', `${path}.descricaoBoleto`) ||
    `Parcelas ${installments.map((i) => i.number).join(',')} da proposta ${proposal.number}`;
  const boleto = await buildBoleto(
    { installmentNumbers: installments.map((i) => i.number), ...dates, amount, discount, description, registrationType },
    ctx.ids,
    now,
    ctx.baseUrl,
  );
  attachBoleto(agenda, boleto, now);
  return { parametros: boletoParametros([boleto]) };
}

// ------------------------------------------------------------------------------------------------
// Payment entries

function readPayment(item: Json, number: number | undefined, path: string, now: Date): PaymentInput {
  if (number === undefined) {
    failReceivables('InstallmentsMissing', 'Informe o número da parcela.', `${path}.nroParcela`);
  }
  optBoolean(item, 'permiteDescapitalizacao', `${path}.permiteDescapitalizacao`);
  const amount = optNumber(item, 'vlrPagamento', `${path}.vlrPagamento`);
  return {
    number,
    paidAt: optDate(item, 'dtPagamento', `${path}.dtPagamento`) ?? now,
    amount: amount ?? 0,
    discount: optNumber(item, 'vlrDesconto', `${path}.vlrDesconto`) ?? 0,
    description: optString(item, 'descricaoLancamento', `${path}.descricaoLancamento`) ?? 'Pagamento de parcela',
  };
}

function paymentParametros(installments: readonly AgendaInstallment[]): Json[] {
  return installments.flatMap((i) => [
    { nome: 'nroParcela', valor: String(i.number) },
    { nome: 'vlrSaldoParcela', valor: money(i.balance) },
    { nome: 'situacaoParcela', valor: String(i.situation) },
  ]);
}

/** POST /AgendaRecebivel/IncluirLancamentoParcela */
function incluirLancamentoParcela(ctx: OperationContext, body: Json): Json {
  const proposal = proposalOf(ctx, body);
  const agenda = requireActiveAgenda(proposal);
  const dto = reqObject(body, 'dto');
  const path = 'dtoLancamentoParcela';
  const now = ctx.clock.now();
  const payment = readPayment(reqObject(body, path), optInteger(dto, 'nroParcela', 'dto.nroParcela'), path, now);
  checkPayments(agenda, [payment], now, () => path);
  const touched = postPayments(agenda, [payment], now);
  return { parametros: [...paymentParametros(touched), { nome: 'situacaoAgenda', valor: String(agenda.situation) }] };
}

/** POST /AgendaRecebivel/IncluirLancamentoMultiplasParcelas: all entries or none. */
function incluirLancamentoMultiplasParcelas(ctx: OperationContext, body: Json): Json {
  const proposal = proposalOf(ctx, body);
  const agenda = requireActiveAgenda(proposal);
  const path = 'dtoLancamentoParcelas';
  const now = ctx.clock.now();
  const payments = (optArray(body, path) ?? []).map((raw, index) => {
    const itemPath = `${path}[${index}]`;
    const item = itemObject(raw, itemPath);
    return readPayment(item, optInteger(item, 'nroParcela', `${itemPath}.nroParcela`), itemPath, now);
  });
  checkPayments(agenda, payments, now, (index) => `${path}[${index}]`);
  const touched = postPayments(agenda, payments, now);
  return { parametros: [...paymentParametros(touched), { nome: 'situacaoAgenda', valor: String(agenda.situation) }] };
}

export const receivablesRoutes: OperationRoute[] = [
  { path: '/AgendaRecebivel/ConsultarDetalhes', write: false, pascal: false, handler: consultarDetalhes, doc: CONSULTAR_DETALHES },
  { path: '/AgendaRecebivel/ConsultarBoletos', write: false, pascal: false, handler: consultarBoletos, doc: CONSULTAR_BOLETOS },
  { path: '/AgendaRecebivel/GerarMultiplosBoletos', write: true, pascal: false, handler: gerarMultiplosBoletos, doc: GERAR_MULTIPLOS_BOLETOS },
  { path: '/AgendaRecebivel/GerarUnicoBoleto', write: true, pascal: false, handler: gerarUnicoBoleto, doc: GERAR_UNICO_BOLETO },
  { path: '/AgendaRecebivel/IncluirLancamentoParcela', write: true, pascal: false, handler: incluirLancamentoParcela, doc: INCLUIR_LANCAMENTO_PARCELA },
  {
    path: '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas',
    write: true,
    pascal: false,
    handler: incluirLancamentoMultiplasParcelas,
    doc: INCLUIR_LANCAMENTO_MULTIPLAS_PARCELAS,
  },
];
