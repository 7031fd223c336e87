import { type AgendaParcela, fetchedAtOf, type Parcela } from '../../upstream/index.js';
import { AnswerMemo } from '../common/answer-memo.js';
import { nodeId } from '../common/node.js';
import { optionalMoney, toCalendarDate, toDateTime } from '../scalars.js';
import { Installment } from './installment.type.js';

/**
 * One installment from what the reads made hold of it: its ConsultarParcelas item and/or its agenda
 * item (ConsultarDetalhes `parcelas`). Fields both hold come from ConsultarParcelas when it was read
 * (the partner keeps them equal: vlrPago = vlrTotalPago, dtVencimento = dtVencimentoAtual); each
 * read's own fields are null (lists empty) without it.
 */
export function mergeInstallment(
  proposalId: string,
  number: number,
  parcela: Parcela | undefined,
  agenda: AgendaParcela | undefined,
  fetchedAt: Date | null,
): Installment {
  return Object.assign(new Installment(), {
    proposalId,
    fetchedAt,
    id: nodeId('Installment', proposalId, number),
    upstreamId: parcela?.codigo ?? agenda?.codigoParcela ?? null,
    number,
    amount: optionalMoney(parcela ? parcela.vlrParcela : agenda?.vlrParcela),
    // ConsultarParcelas answers the current due date (an extension moves it); the agenda keeps both.
    dueDate: toCalendarDate(parcela ? parcela.dtVencimento : (agenda?.dtVencimentoAtual ?? agenda?.dtVencimento)),
    situationCode: (parcela ? parcela.situacao : agenda?.situacao) ?? null,
    digitableLine: parcela?.linhaDigitavel ?? null,
    paidAt: toDateTime(parcela?.dtPagamento),
    ourNumber: parcela?.nossoNumero ?? null,
    ourNumberDigit: parcela?.nossoNumeroDv ?? null,
    interestAmount: optionalMoney(parcela?.vlrJuros),
    lateInterestAmount: optionalMoney(parcela?.vlrJurosMora),
    discountAmount: optionalMoney(parcela ? parcela.vlrDesconto : agenda?.vlrDesconto),
    paidAmount: optionalMoney(parcela ? parcela.vlrPago : agenda?.vlrTotalPago),
    balance: optionalMoney(agenda?.vlrSaldoAtual),
    originalDueDate: toCalendarDate(agenda?.dtVencimento),
    paymentOrderNumber: agenda?.nroOrdemPagamento ?? null,
    agendaBoletos: agenda?.boletos ?? [],
    agendaPix: agenda?.pix ?? [],
    agendaEntries: agenda?.lancamentos ?? [],
  });
}

/** Maps a ConsultarParcelas `parcelas` item of proposal `proposalId`. */
export function mapInstallment(item: Parcela, proposalId: string, fetchedAt: Date | null = null): Installment {
  return mergeInstallment(proposalId, item.nroParcela ?? 0, item, undefined, fetchedAt);
}

/**
 * The installments of a proposal from the items each read answered (either may be absent), by
 * number; an installment only one read lists is kept with what that read holds.
 */
export function mergeInstallments(
  proposalId: string,
  parcelas: readonly Parcela[] | undefined,
  agenda: readonly AgendaParcela[] | undefined,
  fetchedAt: Date | null,
  numbers?: readonly number[],
): Installment[] {
  const answer = parcelas ?? agenda;
  if (answer === undefined) {
    return [];
  }
  const key = `${parcelas === undefined ? 'a' : 'p'}|${proposalId}|${fetchedAt === null ? '' : fetchedAt.getTime()}|${numbers === undefined ? '*' : numbers.join(',')}`;
  return merged.get(answer, parcelas === undefined ? undefined : agenda, key, () =>
    Object.freeze(buildInstallments(proposalId, parcelas, agenda, fetchedAt, numbers)),
  ) as Installment[];
}

/** Installments merged from the same cached answers (read cache hits), by answer: built once, not per request. */
const merged = new AnswerMemo<readonly Installment[]>();

function buildInstallments(
  proposalId: string,
  parcelas: readonly Parcela[] | undefined,
  agenda: readonly AgendaParcela[] | undefined,
  fetchedAt: Date | null,
  numbers: readonly number[] | undefined,
): Installment[] {
  const wanted = numbers === undefined ? undefined : new Set(numbers);
  // One pair per number, filled in place (the first item of a number, should a read repeat it).
  const byNumber = new Map<number, { parcela: Parcela | undefined; agenda: AgendaParcela | undefined }>();
  const wants = (number: number | null | undefined): number is number => typeof number === 'number' && (wanted === undefined || wanted.has(number));
  for (const parcela of parcelas ?? []) {
    const number = parcela.nroParcela;
    if (wants(number) && !byNumber.has(number)) {
      byNumber.set(number, { parcela, agenda: undefined });
    }
  }
  for (const item of agenda ?? []) {
    const number = item.nroParcela;
    if (wants(number)) {
      const known = byNumber.get(number);
      if (known === undefined) {
        byNumber.set(number, { parcela: undefined, agenda: item });
      } else {
        known.agenda ??= item;
      }
    }
  }
  const installments: Installment[] = [];
  for (const number of [...byNumber.keys()].sort((a, b) => a - b)) {
    const pair = byNumber.get(number) as { parcela: Parcela | undefined; agenda: AgendaParcela | undefined };
    installments.push(mergeInstallment(proposalId, number, pair.parcela, pair.agenda, fetchedAt));
  }
  return installments;
}

/** Maps the installments, in installment-number order; items without a number are dropped. */
export function mapInstallments(items: readonly Parcela[], proposalId: string): Installment[] {
  return mergeInstallments(proposalId, items, undefined, fetchedAtOf(items) ?? null);
}
