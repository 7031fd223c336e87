import { createHash } from 'node:crypto';
import { documentKind, onlyDigits } from '../../shared/documents.js';
import { failWith, message, type MessageItem } from '../envelope.js';
import { AgendaSituation, InstallmentSituation, Situation, type Proposal, type SituationCode } from '../model/types.js';
import { DEFAULT_ANALYSIS_DELAY_MS, decideAnalysis } from '../model/analysis.js';
import { modulo11 } from '../receivables/codes.js';
import { registryRecord } from '../registry/synthetic.js';
import { optDate, optInteger, optObject, optString, parametros, readLocator, reqObject, type Json } from './input.js';
import {
  amountField,
  checkIgnoredFields,
  compute,
  IGNORED_CALCULATION_NUMBERS,
  IGNORED_MANUAL_INTEGERS,
  IGNORED_MANUAL_NUMBERS,
  IGNORED_MANUAL_STRINGS,
  readAccount,
  readEntries,
  readExtraDays,
  readInterest,
  readTerms,
  validation,
} from './proposal.input.js';
import { GUARANTOR_PF_FIELDS, GUARANTOR_PJ_FIELDS, readGuarantorPart } from './guarantor.js';
import { type OperationContext, type OperationRoute } from './types.js';
import { CALCULAR_VALORES_PROPOSTA, CONSULTAR_PARCELAS, INCLUIR_AVALISTA, INCLUIR_MANUAL } from './proposal.schemas.js';

/** Contract types (tipoContrato) that only individuals (CPF) may take (T0665/D0023). */
export const INDIVIDUAL_ONLY_CONTRACT_TYPES: ReadonlySet<string> = new Set(['FGTS', 'CDC-PF', 'CP', 'CONSIGNADO']);
/**
 * Situations a new proposal may start in (parametros situacaoInicial). Without it a proposal starts
 * under review (1) and the simulated credit analysis moves it to 2 or 3 (model/analysis.ts).
 */
export const INITIAL_SITUATIONS: ReadonlySet<number> = new Set([0, 1, 2, 3, 5]);

function iso(d: Date | undefined): string | null {
  return d ? d.toISOString() : null;
}

/** POST /Proposta/IncluirManual: validates (T0665), computes the values and stores a new proposal. */
export function incluirManual(ctx: OperationContext, body: Json): Json {
  const dto = reqObject(body, 'dto');
  checkIgnoredFields(dto, IGNORED_MANUAL_NUMBERS, IGNORED_MANUAL_INTEGERS, IGNORED_MANUAL_STRINGS);
  const params = parametros(body);
  const items: MessageItem[] = [];
  const clientDocument = optString(dto, 'documentoCliente', 'dto.documentoCliente');
  const kind = clientDocument ? documentKind(clientDocument) : undefined;
  if (!clientDocument || clientDocument.trim() === '') {
    items.push(message('T0665', 'D0001', 'O cliente deve ser informado.', 'dto.documentoCliente'));
  } else if (!kind) {
    items.push(message('T0665', 'D0002', 'O documento (CPF/CNPJ) do cliente é inválido.', 'dto.documentoCliente'));
  }
  const contractType = optString(dto, 'tipoContrato', 'dto.tipoContrato')?.trim();
  if (!contractType) {
    items.push(message('T0665', 'D0019', 'O tipo de operação (tipoContrato) deve ser informado.', 'dto.tipoContrato'));
  }
  const { amount, term, format } = readTerms(dto, items);
  if (kind === 'cnpj' && contractType && INDIVIDUAL_ONLY_CONTRACT_TYPES.has(contractType.toUpperCase())) {
    items.push(message('T0665', 'D0023', `O cliente deve ser pessoa física para o tipo de operação ${contractType}.`, 'dto.documentoCliente'));
  }
  const partnerCode = params.get('EPCodigo');
  if (partnerCode !== undefined && partnerCode.trim() === '') {
    items.push(message('T0665', 'D0016', 'O código do parceiro (EPCodigo) não foi informado.', 'parametros.EPCodigo'));
  }
  const seller = params.get('documentoVendedor');
  if (seller !== undefined && documentKind(seller) !== 'cpf') {
    items.push(message('T0665', 'D0017', 'Vendedor não encontrado.', 'parametros.documentoVendedor'));
  }
  const promoter = optString(dto, 'documentoPromotor', 'dto.documentoPromotor');
  if (promoter !== undefined && promoter.trim() !== '' && !documentKind(promoter)) {
    items.push(message('T0665', 'D0018', 'Promotor não encontrado.', 'dto.documentoPromotor'));
  }
  if (items.length > 0 || !clientDocument || !kind || !contractType || amount === undefined || term === undefined) {
    validation(items);
  }
  const preApproved = amountField(dto, 'vlrPreAprovado');
  const initialRaw = params.get('situacaoInicial');
  let situation: SituationCode = Situation.UnderReview;
  if (initialRaw !== undefined) {
    const n = Number(initialRaw);
    if (!/^\d+$/.test(initialRaw.trim()) || !INITIAL_SITUATIONS.has(n)) {
      failWith('WrongType', `situacaoInicial deve ser um de ${[...INITIAL_SITUATIONS].join(', ')}.`, 'parametros.situacaoInicial');
    }
    situation = n as SituationCode;
  }
  const operationCode = optString(dto, 'codigoOperacao', 'dto.codigoOperacao')?.trim();
  if (operationCode && [...ctx.store.proposals.values()].some((p) => p.operationCode === operationCode)) {
    failWith('OperationCodeInUse', `O código de operação ${operationCode.slice(0, 100)} já está em uso.`, 'dto.codigoOperacao');
  }
  const personType: 1 | 2 = kind === 'cnpj' ? 2 : 1;
  const extraDays = readExtraDays(dto);
  const firstDue = optDate(dto, 'dtPrimeiroVencto', 'dto.dtPrimeiroVencto');
  // The contract types numeroCCB as an integer; the facts announce alphanumeric CCB numbers, so a
  // non-blank string (at most 50 characters) is accepted too.
  const ccbRaw = dto.numeroCCB;
  const ccb = typeof ccbRaw === 'string' ? ccbRaw.trim() : optInteger(dto, 'numeroCCB', 'dto.numeroCCB');
  if (typeof ccb === 'string' && (ccb === '' || ccb.length > 50)) {
    failWith('WrongType', 'O campo dto.numeroCCB deve ser um número inteiro ou um texto de 1 a 50 caracteres.', 'dto.numeroCCB');
  }
  const paymentAccount = readAccount(dto);
  const entries = readEntries(dto);
  const now = ctx.clock.now();
  const values = compute({
    requestedAmount: amount,
    monthlyInterestPct: readInterest(dto),
    installments: term,
    personType,
    calculationFormat: format,
    baseDate: now,
    extraDays,
    firstDueDate: firstDue,
    tac: amountField(dto, 'vlrTAC'),
    insurance: amountField(dto, 'vlrSeguro'),
    otherExpenses: amountField(dto, 'vlrOutrasDespesas'),
    otherServices: amountField(dto, 'vlrOutrosServicos'),
  });
  const id = ctx.ids.uuid();
  const number = ctx.ids.nextProposalNumber();
  const digits = onlyDigits(clientDocument);
  const proposal: Proposal = {
    id,
    number,
    operationCode: operationCode || `SBX${number}`,
    ownerClientId: ctx.clientId,
    situation,
    createdAt: now,
    clientDocument: digits,
    // Without nomeCliente the client is who the registry says the document is (one identity).
    clientName: params.get('nomeCliente')?.trim().slice(0, 200) || registryRecord(digits).nome,
    promoterDocument: promoter ? onlyDigits(promoter) : undefined,
    contractType,
    ccbNumber: String(ccb ?? number),
    personType,
    isFgts: contractType.toUpperCase() === 'FGTS',
    termMonths: term,
    calculationFormat: format,
    extraDays,
    firstDueDate: values.schedule[0]?.dueDate ?? now,
    values,
    paymentAccount,
    entries,
    signers: [],
    documents: [],
    guarantors: [],
    fgtsCancellations: [],
    ...(initialRaw === undefined
      ? {
          analysis: decideAnalysis(
            { requestedAmount: values.requestedAmount, personType, ...(preApproved ? { preApprovedAmount: preApproved } : {}) },
            now,
            ctx.analysisDelayMs ?? DEFAULT_ANALYSIS_DELAY_MS,
          ),
        }
      : {}),
  };
  ctx.store.add(proposal);
  return { codigo: id, numero: number };
}

/** POST /Proposta/CalcularValoresProposta: simulates a proposal's values (nothing is stored). */
export function calcularValoresProposta(ctx: OperationContext, body: Json): Json {
  const dto = reqObject(body, 'dto');
  checkIgnoredFields(dto, IGNORED_CALCULATION_NUMBERS);
  parametros(body);
  const items: MessageItem[] = [];
  const { amount, term, format } = readTerms(dto, items);
  if (items.length > 0 || amount === undefined || term === undefined) {
    validation(items);
  }
  const personType = optInteger(dto, 'tipoPessoa', 'dto.tipoPessoa') ?? 1;
  if (personType !== 1 && personType !== 2) {
    failWith('WrongType', 'tipoPessoa deve ser 1 (PF) ou 2 (PJ).', 'dto.tipoPessoa');
  }
  const v = compute({
    requestedAmount: amount,
    monthlyInterestPct: readInterest(dto),
    installments: term,
    personType,
    calculationFormat: format,
    baseDate: ctx.clock.now(),
    extraDays: readExtraDays(dto),
    tac: amountField(dto, 'vlrTAC'),
    insurance: amountField(dto, 'vlrSeguro'),
    otherExpenses: amountField(dto, 'vlrOutrasDespesas'),
    otherServices: amountField(dto, 'vlrOutrosServicos'),
  });
  return {
    vlrParcela: v.installmentAmount,
    vlrTAC: v.tac,
    vlrBoleto: 0,
    vlrSeguro: v.insurance,
    vlrIOF: v.iof,
    vlrTotalCredito: v.totalCredit,
    vlrTotalDivida: v.totalDebt,
    percCETMensal: v.monthlyCetPct,
    percCETAnual: v.annualCetPct,
    percJurosMensal: v.monthlyInterestPct,
    percJurosAnual: v.annualInterestPct,
  };
}

/** A stable UUID-shaped id for an installment of a proposal that has no agenda yet. */
export function derivedInstallmentId(proposalId: string, number: number): string {
  const h = createHash('sha256').update(`${proposalId}:parcela:${number}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** POST /Proposta/ConsultarParcelas: the proposal's installments (main fields). */
export function consultarParcelas(ctx: OperationContext, body: Json): Json {
  const dto = reqObject(body, 'dto');
  parametros(body);
  const proposal = ctx.store.require(readLocator(dto), ctx.clientId);
  const agenda = proposal.agenda;
  const parcelas = proposal.values.schedule.map((s) => {
    const inst = agenda?.installments.find((i) => i.number === s.number);
    const boleto = agenda?.boletos.filter((b) => !b.cancelledAt && b.installmentNumbers.includes(s.number)).sort((a, b) => b.number - a.number)[0];
    const lastEntry = inst?.entries[inst.entries.length - 1];
    const nossoNumero = boleto ? String(boleto.number).padStart(11, '0') : null;
    let situacao: number = inst?.situation ?? InstallmentSituation.Open;
    const cancelled = agenda ? agenda.situation === AgendaSituation.Cancelled : proposal.situation === Situation.Cancelled;
    if (cancelled && situacao !== InstallmentSituation.Settled) {
      situacao = InstallmentSituation.Cancelled;
    }
    return {
      msg: '',
      hasError: false,
      messages: [],
      codigo: inst?.id ?? derivedInstallmentId(proposal.id, s.number),
      codigoProposta: proposal.number,
      nroParcela: s.number,
      dtVencimento: iso(inst?.currentDueDate ?? s.dueDate),
      vlrParcela: s.amount,
      situacao,
      linhaDigitavel: boleto?.digitableLine ?? null,
      dtPagamento: inst && inst.situation === InstallmentSituation.Settled ? iso(lastEntry?.postedAt) : null,
      nossoNumero,
      nossoNumeroDv: nossoNumero ? String(modulo11(nossoNumero)) : null,
      vlrJuros: s.interest,
      vlrJurosMora: inst ? Math.round(inst.entries.reduce((t, e) => t + e.lateInterest, 0) * 100) / 100 : 0,
      vlrDesconto: inst?.discount ?? 0,
      vlrPago: inst?.totalPaid ?? 0,
    };
  });
  return { parcelas };
}

const GUARANTOR_STRINGS = ['nome', 'documentoFederal', 'cep', 'logradouro', 'nroLogradouro', 'bairro', 'complemento', 'cidade', 'uf'];

/** POST /Proposta/IncluirAvalista: adds a guarantor (codigo = guarantor id, numero = its order in the proposal). */
export function incluirAvalista(ctx: OperationContext, body: Json): Json {
  const dto = reqObject(body, 'dto');
  const proposal = ctx.store.require(readLocator(dto), ctx.clientId);
  const avalista = reqObject(body, 'avalista');
  const data: Json = {};
  for (const key of GUARANTOR_STRINGS) {
    const v = optString(avalista, key, `avalista.${key}`);
    if (v !== undefined) {
      data[key] = v.slice(0, 1000);
    }
  }
  const document = data.documentoFederal as string | undefined;
  if (document !== undefined && document.trim() !== '' && !documentKind(document)) {
    failWith('InvalidGuarantorDocument', 'O documento federal (CPF/CNPJ) do avalista é inválido.', 'avalista.documentoFederal');
  }
  const pf = readGuarantorPart(optObject(avalista, 'avalistaPF', 'avalista.avalistaPF'), GUARANTOR_PF_FIELDS, 'avalista.avalistaPF');
  const pj = readGuarantorPart(optObject(avalista, 'avalistaPJ', 'avalista.avalistaPJ'), GUARANTOR_PJ_FIELDS, 'avalista.avalistaPJ');
  if (pf) {
    data.avalistaPF = pf;
  }
  if (pj) {
    data.avalistaPJ = pj;
  }
  const record = { id: ctx.ids.uuid(), number: proposal.guarantors.length + 1, data };
  proposal.guarantors.push(record);
  return { codigo: record.id, numero: record.number };
}

export const proposalRoutes: OperationRoute[] = [
  { path: '/Proposta/IncluirManual', write: true, pascal: false, handler: incluirManual, doc: INCLUIR_MANUAL },
  { path: '/Proposta/CalcularValoresProposta', write: false, pascal: false, handler: calcularValoresProposta, doc: CALCULAR_VALORES_PROPOSTA },
  { path: '/Proposta/ConsultarParcelas', write: false, pascal: false, handler: consultarParcelas, doc: CONSULTAR_PARCELAS },
  { path: '/Proposta/IncluirAvalista', write: true, pascal: false, handler: incluirAvalista, doc: INCLUIR_AVALISTA },
];
