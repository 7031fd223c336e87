/**
 * Display helpers that never pass a value through a float or a Date: money is a Decimal string
 * ("1200.5" -> "R$ 1.200,50"), a calendar day a Date string ("2026-12-23" -> "23/12/2026").
 */

/** A Decimal string as Brazilian reais; an em dash when absent. */
export function money(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) {
    return '—';
  }
  const negative = amount.startsWith('-');
  const [whole = '0', cents = ''] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}R$ ${grouped},${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** A calendar day as dd/mm/yyyy, as it is: a day has no zone. */
export function day(date: string | null | undefined): string {
  if (date === null || date === undefined) {
    return '—';
  }
  const [year, month, dayOfMonth] = date.slice(0, 10).split('-');
  return `${dayOfMonth}/${month}/${year}`;
}

/** An instant in the reader's own zone. */
export function instant(value: string | null | undefined): string {
  return value === null || value === undefined ? '—' : new Date(value).toLocaleString('pt-BR');
}

const SITUATIONS: Record<string, string> = {
  DRAFT: 'Draft',
  UNDER_REVIEW: 'Under review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PENDING: 'Pending',
  FINALIZED: 'Finalized',
  VERIFIED: 'Verified',
  RELEASED_FOR_PAYMENT: 'Released for payment',
  DISBURSED: 'Disbursed',
  CEDED: 'Ceded',
  CANCELLED: 'Cancelled',
  PENDING_PAYMENT: 'Pending payment',
  UNKNOWN: 'Unknown',
};

/** A proposal situation as a person reads it. */
export function situationLabel(situation: string): string {
  return SITUATIONS[situation] ?? situation;
}

/** The situations a list can be filtered by, in the order a proposal goes through them. */
export const SITUATION_FILTERS = Object.keys(SITUATIONS).filter((situation) => situation !== 'UNKNOWN');
