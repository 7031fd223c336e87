/**
 * Reading the body of IncluirManual and CalcularValoresProposta: amount, term and calculation format,
 * interest, extra days, the payment account, the entries, the fields the partner accepts and ignores,
 * and the figures computed from them (refusals as the partner's 400 envelopes).
 */
import { roundCents } from '../../shared/money.js';
import { CALCULATION_FORMATS, CalculationFormat, computeProposalValues, type ProposalTerms } from '../finance/index.js';
import { failWith, message, SandboxFailure, type MessageItem } from '../envelope.js';
import { type PaymentAccount, type ProposalEntry } from '../model/types.js';
import { EntrySituation } from '../lifecycle/transitions.js';
import { itemObject, optArray, optDate, optInteger, optNumber, optObject, optString, type Json } from './input.js';

/** percJurosNegociado when the request leaves it out (percent a month). */
export const DEFAULT_MONTHLY_INTEREST_PCT = 1.99;
/** Longest term accepted (prazo), in months. */
export const MAX_TERM_MONTHS = 420;

export function validation(items: MessageItem[]): never {
  throw new SandboxFailure(items, 400);
}

/** Checks the amount/term/format trio shared by IncluirManual and CalcularValoresProposta (T0665). */
export function readTerms(dto: Json, items: MessageItem[]): { amount?: number; term?: number; format: number } {
  const rawAmount = dto.vlrSolicitado;
  let amount: number | undefined;
  if (rawAmount === undefined || rawAmount === null) {
    items.push(message('T0665', 'D0020', 'O valor solicitado deve ser informado.', 'dto.vlrSolicitado'));
  } else if (typeof rawAmount !== 'number' || !Number.isFinite(rawAmount) || roundCents(rawAmount) <= 0) {
    // An amount that rounds to R$ 0.00 asks for nothing: refused like zero.
    items.push(message('T0665', 'D0020', 'O valor solicitado deve ser um número maior que zero.', 'dto.vlrSolicitado'));
  } else {
    amount = rawAmount;
  }
  const rawTerm = dto.prazo;
  let term: number | undefined;
  if (rawTerm === undefined || rawTerm === null) {
    items.push(message('T0665', 'D0021', 'O prazo (quantidade de parcelas) deve ser informado.', 'dto.prazo'));
  } else if (typeof rawTerm !== 'number' || !Number.isInteger(rawTerm) || rawTerm < 1 || rawTerm > MAX_TERM_MONTHS) {
    items.push(message('T0665', 'D0021', `O prazo deve ser um inteiro de 1 a ${MAX_TERM_MONTHS}.`, 'dto.prazo'));
  } else {
    term = rawTerm;
  }
  const rawFormat = dto.formatoCalculo;
  let format: number = CalculationFormat.PriceIofFinanced;
  if (rawFormat !== undefined && rawFormat !== null) {
    if (typeof rawFormat !== 'number' || !CALCULATION_FORMATS.has(rawFormat)) {
      items.push(message('T0665', 'D0022', `Formato de cálculo inválido; use ${[...CALCULATION_FORMATS.keys()].join(' ou ')}.`, 'dto.formatoCalculo'));
    } else {
      format = rawFormat;
    }
  }
  return { amount, term, format };
}

export function readInterest(dto: Json): number {
  const pct = optNumber(dto, 'percJurosNegociado', 'dto.percJurosNegociado') ?? DEFAULT_MONTHLY_INTEREST_PCT;
  if (pct < 0 || pct >= 100) {
    failWith('WrongType', 'percJurosNegociado deve estar entre 0 e 100 (% ao mês).', 'dto.percJurosNegociado');
  }
  return pct;
}

export function amountField(dto: Json, key: string): number | undefined {
  const v = optNumber(dto, key, `dto.${key}`);
  if (v !== undefined && v < 0) {
    failWith('WrongType', `${key} não pode ser negativo.`, `dto.${key}`);
  }
  return v;
}

/** Largest amount whose cents a double still holds exactly (about R$ 90 trillion). */
const MAX_EXACT_MONEY = Number.MAX_SAFE_INTEGER / 100;

/** Largest |nroDiasAcrescimo| accepted (sandbox-defined): ten years. Beyond it dates leave the calendar. */
export const MAX_EXTRA_DAYS = 3650;

/** nroDiasAcrescimo, an integer within ±MAX_EXTRA_DAYS (S0003 otherwise). */
export function readExtraDays(dto: Json): number {
  const days = optInteger(dto, 'nroDiasAcrescimo', 'dto.nroDiasAcrescimo') ?? 0;
  if (Math.abs(days) > MAX_EXTRA_DAYS) {
    failWith('WrongType', `nroDiasAcrescimo deve estar entre -${MAX_EXTRA_DAYS} e ${MAX_EXTRA_DAYS}.`, 'dto.nroDiasAcrescimo');
  }
  return days;
}

/**
 * computeProposalValues with its RangeErrors turned into 400 envelopes naming the field the caller
 * sent (a first due date derived from nroDiasAcrescimo names that field), and values that overflow
 * (amounts so large the figures stop being finite) refused on vlrSolicitado.
 */
export function compute(terms: ProposalTerms) {
  let values: ReturnType<typeof computeProposalValues>;
  try {
    values = computeProposalValues(terms);
  } catch (err) {
    if (err instanceof RangeError) {
      const dueField = terms.firstDueDate ? 'dto.dtPrimeiroVencto' : 'dto.nroDiasAcrescimo';
      const field = /due date/.test(err.message) ? dueField : /IOF/.test(err.message) ? 'dto.vlrSolicitado' : 'dto';
      const text = /due date/.test(err.message)
        ? 'o primeiro vencimento deve ser posterior à data de hoje'
        : /IOF/.test(err.message)
          ? 'o IOF excede o valor liberado ao cliente'
          : err.message;
      failWith('WrongType', `Valores inconsistentes: ${text}.`, field);
    }
    throw err;
  }
  const figures = [
    values.financedAmount,
    values.iof,
    values.totalCredit,
    values.totalDebt,
    values.installmentAmount,
    values.monthlyCetPct,
    values.annualCetPct,
  ];
  const outOfRange = (n: number): boolean => !Number.isFinite(n) || Math.abs(n) > MAX_EXACT_MONEY;
  if (figures.some(outOfRange) || values.schedule.some((i) => outOfRange(i.amount) || Number.isNaN(i.dueDate.getTime()))) {
    failWith('WrongType', 'Valores fora do intervalo calculável: reduza vlrSolicitado, prazo ou percJurosNegociado.', 'dto.vlrSolicitado');
  }
  return values;
}

export function readAccount(dto: Json): PaymentAccount {
  const a = optObject(dto, 'propostaContaPagamentoDTO', 'dto.propostaContaPagamentoDTO');
  if (!a) {
    return {};
  }
  const p = 'dto.propostaContaPagamentoDTO';
  return {
    bankCode: optInteger(a, 'codigoBanco', `${p}.codigoBanco`),
    accountType: optInteger(a, 'tipoConta', `${p}.tipoConta`),
    branch: optString(a, 'agencia', `${p}.agencia`),
    branchDigit: optString(a, 'agenciaDig', `${p}.agenciaDig`),
    account: optString(a, 'conta', `${p}.conta`),
    accountDigit: optString(a, 'contaDig', `${p}.contaDig`),
    bankNumber: optString(a, 'numeroBanco', `${p}.numeroBanco`),
    federalDocument: optString(a, 'documentoFederalPagamento', `${p}.documentoFederalPagamento`),
    payeeName: optString(a, 'nomePagamento', `${p}.nomePagamento`),
  };
}

export function readEntries(dto: Json): ProposalEntry[] {
  const list = optArray(dto, 'propostaLancamentos', 'dto.propostaLancamentos') ?? [];
  return list.map((raw, i) => {
    const p = `dto.propostaLancamentos[${i}]`;
    const e = itemObject(raw, p);
    const amount = optNumber(e, 'vlrTransacao', `${p}.vlrTransacao`);
    if (amount === undefined || roundCents(amount) <= 0) {
      failWith('WrongType', 'vlrTransacao deve ser um número maior que zero.', `${p}.vlrTransacao`);
    }
    const digitableLine = optString(e, 'linhaDigitavel', `${p}.linhaDigitavel`)?.trim();
    const assignorDocument = optString(e, 'documentoFederalCedente', `${p}.documentoFederalCedente`);
    const assignorName = optString(e, 'nomeCedente', `${p}.nomeCedente`);
    return {
      fieldId: optString(e, 'campoID', `${p}.campoID`) ?? `LANC${i + 1}`,
      description: optString(e, 'nomePagamento', `${p}.nomePagamento`) ?? 'Lançamento da proposta',
      amount: roundCents(amount),
      ...(digitableLine ? { digitableLine: digitableLine.slice(0, 100) } : {}),
      ...(assignorDocument !== undefined || assignorName !== undefined ? { assignor: { document: assignorDocument, name: assignorName } } : {}),
      expectedPaymentDate: optDate(e, 'dtPagamento', `${p}.dtPagamento`),
      situation: EntrySituation.Pending,
      account: {
        bankCode: optInteger(e, 'codigoBanco', `${p}.codigoBanco`),
        accountType: optInteger(e, 'tipoConta', `${p}.tipoConta`),
        branch: optString(e, 'agencia', `${p}.agencia`),
        branchDigit: optString(e, 'agenciaDig', `${p}.agenciaDig`),
        account: optString(e, 'conta', `${p}.conta`),
        accountDigit: optString(e, 'contaDig', `${p}.contaDig`),
        bankNumber: optString(e, 'numeroBanco', `${p}.numeroBanco`),
        federalDocument: optString(e, 'documentoFederal', `${p}.documentoFederal`),
        payeeName: optString(e, 'nomePagamento', `${p}.nomePagamento`),
      },
    };
  });
}

/**
 * Contract fields of IncluirManual / CalcularValoresProposta that the sandbox does not compute with:
 * accepted and ignored, but type-checked like every other field (S0003/V0001 on a wrong type).
 */
export const IGNORED_MANUAL_NUMBERS = [
  'vlrProdutoBem',
  'vlrEntrada',
  'vlrEntradaTradeIn',
  'vlrEntradaParcelada',
  'vlrDespesasAF',
  'vlrCorban',
  'vlrAvaliacao',
  'vlrDespachante',
  'vlrRegistro',
  'vlrServTerceiro',
  'vlrRegistroCartorio',
  'vlrTxAdmMensal',
  'vlrSeguroMensal1',
  'vlrSeguroMensal2',
  'percRetencao',
  'vlrRetencao',
  'vlrBlindagem',
  'vlrAcessorios',
  'vlrVistoria',
  'vlrCertiDocs',
  'percIndiceFinan',
];
export const IGNORED_MANUAL_INTEGERS = ['codigoVersaoCCB', 'tipoIndiceFinan'];
export const IGNORED_MANUAL_STRINGS = ['documentoParceiroCorrespondente', 'observacoesVendedor'];
export const IGNORED_CALCULATION_NUMBERS = [
  'vlrProdutoBem',
  'vlrEntrada',
  'vlrEntradaTradeIn',
  'vlrEntradaParcelada',
  'vlrDespesasAF',
  'vlrIOF',
  'vlrAvaliacao',
  'vlrBlindagem',
  'vlrAcessorios',
  'vlrVistoria',
  'vlrCertiDocs',
];

export function checkIgnoredFields(dto: Json, numbers: readonly string[], integers: readonly string[] = [], strings: readonly string[] = []): void {
  for (const key of numbers) {
    optNumber(dto, key, `dto.${key}`);
  }
  for (const key of integers) {
    optInteger(dto, key, `dto.${key}`);
  }
  for (const key of strings) {
    optString(dto, key, `dto.${key}`);
  }
}
