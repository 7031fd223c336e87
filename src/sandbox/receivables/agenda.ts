import { Decimal } from 'decimal.js';
import { roundCents } from '../../shared/money.js';
import { addDays, daysBetween, startOfDayUtc } from '../finance/dates.js';
import { type IdGenerator } from '../ids.js';
import { AgendaSituation, InstallmentSituation, type Agenda, type AgendaInstallment, type Boleto, type LedgerEntry, type Proposal } from '../model/types.js';
import { failReceivables } from './errors.js';

/** Names of the agenda situations (sandbox-defined codes, see model/types.ts AgendaSituation). */
export const AGENDA_SITUATION_NAMES: ReadonlyMap<number, string> = new Map([
  [AgendaSituation.Active, 'Ativa'],
  [AgendaSituation.Settled, 'Liquidada'],
  [AgendaSituation.Cancelled, 'Cancelada'],
]);

/**
 * Opens the receivables agenda of a disbursed proposal: one open installment per schedule item,
 * balance = installment amount, no boletos, no entries. The payment order number is the proposal
 * number followed by the installment number on three digits.
 */
export function openAgenda(proposal: Proposal, now: Date, ids: IdGenerator): Agenda {
  const installments: AgendaInstallment[] = proposal.values.schedule.map((item) => ({
    id: ids.uuid(),
    number: item.number,
    situation: InstallmentSituation.Open,
    dueDate: item.dueDate,
    currentDueDate: item.dueDate,
    amount: item.amount,
    balance: item.amount,
    totalPaid: 0,
    discount: 0,
    paymentOrder: `${proposal.number}${String(item.number).padStart(3, '0')}`,
    entries: [],
  }));
  return { createdAt: now, situation: AgendaSituation.Active, installments, boletos: [], pix: new Map() };
}

/** The agenda of a proposal, or C0200/V0001 when it has none (not disbursed). */
export function requireAgenda(proposal: Proposal): Agenda {
  if (!proposal.agenda) {
    failReceivables('NoAgenda', `A proposta ${proposal.number} não possui agenda de recebíveis (não foi paga).`, 'codigoProposta');
  }
  return proposal.agenda;
}

/** Refuses writes on a cancelled (C0200/V0002) or settled (C0200/V0003) agenda. */
export function requireActiveAgenda(proposal: Proposal): Agenda {
  const agenda = requireAgenda(proposal);
  if (agenda.situation === AgendaSituation.Cancelled) {
    failReceivables('AgendaCancelled', 'A agenda de recebíveis está cancelada.', 'codigoProposta');
  }
  if (agenda.situation === AgendaSituation.Settled) {
    failReceivables('AgendaSettled', 'A agenda de recebíveis está liquidada.', 'codigoProposta');
  }
  return agenda;
}

/** The installment `number` of the agenda, or C0201/V0001. */
export function findInstallment(agenda: Agenda, number: number, field = 'nroParcela'): AgendaInstallment {
  const installment = agenda.installments.find((i) => i.number === number);
  if (!installment) {
    failReceivables('InstallmentNotFound', `Parcela ${number} não encontrada.`, field);
  }
  return installment;
}

/** Installments by number for a list of numbers: refuses empty lists, repeats, unknown numbers. */
export function pickInstallments(agenda: Agenda, numbers: readonly number[], field: string, requireOpen: boolean): AgendaInstallment[] {
  if (numbers.length === 0) {
    failReceivables('InstallmentsMissing', 'Informe ao menos uma parcela.', field);
  }
  const seen = new Set<number>();
  return numbers.map((n) => {
    if (seen.has(n)) {
      failReceivables('InstallmentRepeated', `Parcela ${n} informada mais de uma vez.`, field);
    }
    seen.add(n);
    const installment = findInstallment(agenda, n, field);
    if (requireOpen && installment.situation === InstallmentSituation.Settled) {
      failReceivables('InstallmentSettled', `Parcela ${n} já está liquidada.`, field);
    }
    return installment;
  });
}

export interface PaymentInput {
  number: number;
  paidAt: Date;
  amount: number;
  discount: number;
  description: string;
}

/**
 * Checks a batch of payment entries against the agenda without changing anything: known, open
 * installments listed once, positive amounts, non-negative discounts, amount plus discount within
 * the balance, payment dates not after `now`'s day. Throws the first failure.
 */
export function checkPayments(agenda: Agenda, payments: readonly PaymentInput[], now: Date, field: (index: number) => string): void {
  pickInstallments(
    agenda,
    payments.map((p) => p.number),
    field(0),
    false,
  );
  payments.forEach((p, index) => {
    const installment = findInstallment(agenda, p.number, field(index));
    if (installment.situation === InstallmentSituation.Settled) {
      failReceivables('InstallmentSettled', `Parcela ${p.number} já está liquidada.`, field(index));
    }
    // An amount that rounds to R$ 0.00 pays nothing: refused like a zero amount.
    if (!(roundCents(p.amount) > 0)) {
      failReceivables('PaymentNotPositive', 'O valor do pagamento deve ser maior que zero.', `${field(index)}.vlrPagamento`);
    }
    if (p.discount < 0) {
      failReceivables('DiscountNegative', 'O valor do desconto não pode ser negativo.', `${field(index)}.vlrDesconto`);
    }
    if (new Decimal(roundCents(p.amount)).plus(roundCents(p.discount)).greaterThan(installment.balance)) {
      failReceivables(
        'PaymentOverBalance',
        `Pagamento de ${roundCents(p.amount).toFixed(2)} mais desconto excede o saldo ${installment.balance.toFixed(2)} da parcela ${p.number}.`,
        `${field(index)}.vlrPagamento`,
      );
    }
    if (daysBetween(now, p.paidAt) > 0) {
      failReceivables('PaymentInFuture', 'A data de pagamento não pode ser futura.', `${field(index)}.dtPagamento`);
    }
  });
}

/**
 * Posts checked payments: each reduces its installment's balance by amount plus discount and adds a
 * ledger entry; a zero balance settles the installment (and cancels its open boletos, which can no
 * longer be paid); a positive one leaves it partially paid. When every installment is settled the
 * agenda is settled at `now`. Call {@link checkPayments} first: this assumes the batch is valid.
 */
export function postPayments(agenda: Agenda, payments: readonly PaymentInput[], now: Date): AgendaInstallment[] {
  const touched = payments.map((p) => {
    const installment = findInstallment(agenda, p.number);
    const amount = roundCents(p.amount);
    const discount = roundCents(p.discount);
    const before = installment.balance;
    installment.balance = roundCents(new Decimal(before).minus(amount).minus(discount));
    installment.totalPaid = roundCents(new Decimal(installment.totalPaid).plus(amount));
    installment.discount = roundCents(new Decimal(installment.discount).plus(discount));
    installment.situation = installment.balance === 0 ? InstallmentSituation.Settled : InstallmentSituation.PartiallyPaid;
    const entry: LedgerEntry = {
      dueDate: installment.currentDueDate,
      postedAt: p.paidAt,
      installmentAmount: installment.amount,
      fine: 0,
      interest: 0,
      lateInterest: 0,
      iof: 0,
      fees: 0,
      rebate: 0,
      updatedInstallmentAmount: before,
      paymentAmount: amount,
      balanceAfter: installment.balance,
      discount,
      reportToFund: false,
      viaBoleto: false,
      description: p.description,
    };
    installment.entries.push(entry);
    return installment;
  });
  const settled = new Set(agenda.installments.filter((i) => i.situation === InstallmentSituation.Settled).map((i) => i.number));
  for (const boleto of agenda.boletos) {
    if (isOpenBoleto(boleto) && boleto.installmentNumbers.every((n) => settled.has(n))) {
      cancelBoleto(boleto, now);
    }
  }
  if (agenda.installments.every((i) => i.situation === InstallmentSituation.Settled)) {
    agenda.situation = AgendaSituation.Settled;
    agenda.settledAt = now;
  }
  return touched;
}

/** Boleto registration codes (sandbox-defined): operation 1 register, 2 write-off; situation 0 pending, 1 registered, 3 written off. */
export const BoletoRegistration = {
  OperationRegister: 1,
  OperationWriteOff: 2,
  Pending: 0,
  Registered: 1,
  WrittenOff: 3,
} as const;

/** Whether a boleto can still be paid: neither cancelled nor settled. */
export function isOpenBoleto(boleto: Boleto): boolean {
  return !boleto.cancelledAt && !boleto.settled;
}

/** Cancels (writes off) a boleto at `now`. */
export function cancelBoleto(boleto: Boleto, now: Date): void {
  boleto.cancelledAt = now;
  boleto.registrationOperation = BoletoRegistration.OperationWriteOff;
  boleto.registrationSituation = BoletoRegistration.WrittenOff;
  boleto.registrationDescription = 'Baixado';
}

/** Cancels every open boleto covering any of `numbers` (a new boleto replaces the previous one). */
export function cancelOpenBoletosFor(agenda: Agenda, numbers: readonly number[], now: Date): Boleto[] {
  const wanted = new Set(numbers);
  const cancelled = agenda.boletos.filter((b) => isOpenBoleto(b) && b.installmentNumbers.some((n) => wanted.has(n)));
  cancelled.forEach((b) => cancelBoleto(b, now));
  return cancelled;
}

/** Remaining balance over the days left to the last due date (at least one day), to the cent. */
export function approximateDailyRetention(agenda: Agenda, now: Date): number {
  const open = agenda.installments.filter((i) => i.balance > 0);
  if (open.length === 0) {
    return 0;
  }
  const balance = open.reduce((acc, i) => acc.plus(i.balance), new Decimal(0));
  const last = open.reduce((d, i) => (i.currentDueDate > d ? i.currentDueDate : d), startOfDayUtc(now));
  return roundCents(balance.div(Math.max(1, daysBetween(now, last))));
}

/** Default expiry of a boleto: 30 days after its due date. */
export function defaultExpiry(dueDate: Date): Date {
  return addDays(dueDate, 30);
}
