/**
 * The facts of a proposal that only move forward, as one partner answer tells them, each reduced to
 * a number that grows with the fact (docs/partner-calls.md, "Monotonic reads"):
 *
 * - `s`: the situation's lifecycle rank (ConsultaProposta, ConsultarDetalhes);
 * - `sg`: 1 once a situation reached only when every signer has signed (finalized or later) was told
 *   (told, never compared: a cancellation after it does not unsign anyone);
 * - `pe`: the proposal's payment entries (ConsultaProposta `PropostaLancamentos`), each counting 1,
 *   plus 1 once paid or returned: an answer lacking an entry or showing it pending again is lower;
 * - `ap`: the agenda's total paid in cents (ConsultarDetalhes of every installment);
 * - `al`: the agenda's ledger entries (ConsultarDetalhes with `trazerAgendaDetalhada`, every installment);
 * - `ip`: the installments' paid amounts in cents (ConsultarParcelas);
 * - `b:<number>`: each boleto's status (ConsultarBoletos): issued 1, paid 2, cancelled 3.
 *
 * Successive answers of one proposal are snapshots of one forward-moving history, so an answer is
 * older than another exactly when one of these numbers is lower (or a boleto is missing).
 */
import { proposalIdOf, type ReadOperation } from '../freshness.js';
import { type Mark, situationRank } from './monotonic.js';

/** The facts of a proposal one answer tells, by name. */
export type Facts = Mark;

/** The facts one answer tells of its proposal. */
export interface AnswerFacts {
  proposalId: string;
  facts: Facts;
  /** A boleto list: every boleto marked must be in it, but cancelled ones when `withCancelled` is false. */
  boletoList?: { withCancelled: boolean };
}

/** Boleto statuses (the `b:` facts). */
export const BOLETO = Object.freeze({ issued: 1, paid: 2, cancelled: 3 });

/** Situations the partner reaches only once every signature is in (6 finalized to 11 pending payment). */
export const ALL_SIGNED_SITUATIONS: ReadonlySet<number> = new Set([6, 7, 8, 9, 10, 11]);

/** Longest proposal id kept (the partner's are UUIDs): bounds each mark's bytes. */
export const MAX_ID_LENGTH = 64;

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const cents = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : 0);
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);

function situationFacts(code: unknown, facts: Facts): void {
  const rank = situationRank(code);
  if (rank !== undefined) {
    facts.s = rank;
    // Only told, never compared: a later situation outside the set (cancelled) does not unsign anyone.
    if (ALL_SIGNED_SITUATIONS.has(code as number)) {
      facts.sg = 1;
    }
  }
}

/** A boleto record's status: cancelled when it has a cancellation date, paid when credited or paid. */
export function boletoStatus(record: Json): number {
  if (typeof record.dtCancelamento === 'string' && record.dtCancelamento !== '') {
    return BOLETO.cancelled;
  }
  const credited = typeof record.dtCredito === 'string' && record.dtCredito !== '';
  return credited || cents(record.vlrPago) > 0 ? BOLETO.paid : BOLETO.issued;
}

const FACTS_OF: Partial<Record<ReadOperation, (value: Json, body: Json, facts: Facts) => AnswerFacts['boletoList'] | void>> = {
  ConsultaProposta: (value, _body, facts) => {
    situationFacts(value.Situacao ?? value.situacao, facts);
    if (Array.isArray(value.PropostaLancamentos)) {
      facts.pe = records(value.PropostaLancamentos).reduce((sum, entry) => sum + (typeof entry.Situacao === 'number' && entry.Situacao >= 1 ? 2 : 1), 0);
    }
  },
  ConsultarDetalhes: (value, body, facts) => {
    situationFacts(value.situacaoProposta ?? value.SituacaoProposta, facts);
    const dto = isRecord(body.dto) ? body.dto : {};
    if (dto.nroParcelas !== undefined) {
      return; // Some installments only: their totals are not the proposal's.
    }
    if (typeof value.vlrTotalPago === 'number') {
      facts.ap = cents(value.vlrTotalPago);
    }
    const options = isRecord(body.dtoConsultaDetalhes) ? body.dtoConsultaDetalhes : {};
    if (options.trazerAgendaDetalhada === true && Array.isArray(value.parcelas)) {
      facts.al = records(value.parcelas).reduce((sum, p) => sum + records(p.lancamentos).length, 0);
    }
  },
  ConsultarParcelas: (value, _body, facts) => {
    if (Array.isArray(value.parcelas)) {
      facts.ip = records(value.parcelas).reduce((sum, p) => sum + cents(p.vlrPago), 0);
    }
  },
  ConsultarBoletos: (value, body, facts) => {
    if (!Array.isArray(value.boletos)) {
      return undefined;
    }
    for (const record of records(value.boletos)) {
      if (typeof record.numeroBoleto === 'number') {
        facts[`b:${record.numeroBoleto}`] = Math.max(facts[`b:${record.numeroBoleto}`] ?? 0, boletoStatus(record));
      }
    }
    const options = isRecord(body.dtoConsultaBoletos) ? body.dtoConsultaBoletos : {};
    return { withCancelled: options.trazerBoletosCancelados === true };
  },
};

/** Whether answers of `operation` carry facts the guard orders. */
export function carriesFacts(operation: ReadOperation): boolean {
  return FACTS_OF[operation] !== undefined;
}

/** The proposal an answer speaks of and the facts it tells of it, when it tells any. */
export function answerFacts(operation: ReadOperation, body: unknown, value: unknown): AnswerFacts | undefined {
  const pick = FACTS_OF[operation];
  if (pick === undefined || !isRecord(value)) {
    return undefined;
  }
  const fromAnswer = value.Codigo ?? value.codigoProposta ?? value.CodigoProposta;
  const proposalId = proposalIdOf(body) ?? (typeof fromAnswer === 'string' && fromAnswer !== '' ? fromAnswer : undefined);
  if (proposalId === undefined || proposalId.length > MAX_ID_LENGTH) {
    return undefined;
  }
  const facts: Facts = {};
  const boletoList = pick(value, isRecord(body) ? body : {}, facts) ?? undefined;
  if (Object.keys(facts).length === 0 && boletoList === undefined) {
    return undefined;
  }
  return boletoList === undefined ? { proposalId, facts } : { proposalId, facts, boletoList };
}

/** The order of a fact's values: a paid and a cancelled boleto are both past issued, neither past the other. */
const level = (name: string, value: number): number => (name.startsWith('b:') ? Math.min(value, BOLETO.paid) : value);

/**
 * The facts in which `found` is older than `mark` (the newest seen); none when it is not older: a
 * lower number, or a boleto list lacking a boleto already shown (unless the list leaves out
 * cancelled ones and that one was seen cancelled).
 */
export function olderFacts(found: AnswerFacts, mark: Readonly<Facts>): string[] {
  const older: string[] = [];
  for (const [name, value] of Object.entries(found.facts)) {
    const newest = mark[name];
    if (newest !== undefined && level(name, value) < level(name, newest)) {
      older.push(name);
    }
  }
  if (found.boletoList !== undefined) {
    for (const [name, newest] of Object.entries(mark)) {
      if (name.startsWith('b:') && found.facts[name] === undefined && (found.boletoList.withCancelled || newest < BOLETO.cancelled)) {
        older.push(name);
      }
    }
  }
  return older;
}

/** The first fact in which `found` is older than `mark`, or undefined. */
export function olderFact(found: AnswerFacts, mark: Readonly<Facts>): string | undefined {
  return olderFacts(found, mark)[0];
}

/** `facts` restricted to `names`. */
export function factsNamed(facts: Readonly<Facts>, names: readonly string[]): Facts {
  return Object.fromEntries(names.filter((name) => facts[name] !== undefined).map((name) => [name, facts[name] as number]));
}

/**
 * What a partner answer read fresh teaches beyond its own facts: a boleto marked open or paid that a
 * list without cancelled ones no longer holds was cancelled since.
 */
export function learnedFacts(found: AnswerFacts, mark: Readonly<Facts>): Facts {
  const learned: Facts = {};
  if (found.boletoList?.withCancelled === false) {
    for (const [name, newest] of Object.entries(mark)) {
      if (name.startsWith('b:') && found.facts[name] === undefined && newest < BOLETO.cancelled) {
        learned[name] = BOLETO.cancelled;
      }
    }
  }
  return learned;
}
