/**
 * The sandbox's domain model: the state of the partner service it twins. Field names are English;
 * routes translate to the upstream's Portuguese wire names. Money is held in numbers rounded to the
 * cent (see `src/shared/money.ts`); dates are `Date` on the sandbox clock.
 */

/** Proposal situation codes as published (docs/partner/facts.md, "Code tables"). */
export const Situation = {
  Draft: 0,
  UnderReview: 1,
  Approved: 2,
  Rejected: 3,
  Cancelled: 4,
  Pending: 5,
  Finalized: 6,
  Verified: 7,
  ReleasedForPayment: 8,
  Disbursed: 9,
  Ceded: 10,
  PendingPayment: 11,
} as const;
export type SituationCode = (typeof Situation)[keyof typeof Situation];

/** Situation names in the partner's words (C0060/V0002 texts, the signing page). */
export const SITUATION_NAMES: Record<number, string> = {
  0: 'Em digitação',
  1: 'Em análise',
  2: 'Aprovada',
  3: 'Reprovada',
  4: 'Cancelada',
  5: 'Pendente',
  6: 'Finalizada',
  7: 'Conferida',
  8: 'Liberada para pagamento',
  9: 'Paga',
  10: 'Cedida',
  11: 'Pendente de pagamento',
};

/** Installment (and agenda installment) situation: sandbox-defined, documented in the sandbox README. */
export const InstallmentSituation = { Open: 0, Settled: 1, PartiallyPaid: 2, Cancelled: 3 } as const;
/** Receivables agenda situation: sandbox-defined. */
export const AgendaSituation = { Active: 1, Settled: 2, Cancelled: 3 } as const;

export interface ScheduleInstallment {
  number: number;
  dueDate: Date;
  amount: number;
  interest: number;
  amortization: number;
  /** Outstanding principal after this installment. */
  balanceAfter: number;
}

export interface ProposalValues {
  requestedAmount: number;
  financedAmount: number;
  tac: number;
  insurance: number;
  iof: number;
  otherExpenses: number;
  otherServices: number;
  totalCredit: number;
  totalDebt: number;
  installmentAmount: number;
  monthlyInterestPct: number;
  annualInterestPct: number;
  monthlyCetPct: number;
  annualCetPct: number;
  schedule: ScheduleInstallment[];
}

export interface Signer {
  name: string;
  email: string;
  document: string;
  role: string;
  mobile: string;
  signed: boolean;
  signedAt?: Date;
  signedFromIp?: string;
  notifyByEmail: boolean;
  notifyByChat: boolean;
  notifyBySms: boolean;
  identifier?: string;
  signingDeadline?: Date;
}

export interface DocumentRecord {
  id: string;
  documentType: number;
  fileName: string;
  extension: string;
  validUntil?: Date;
  /** base64 content as received. */
  content: string;
  /** While true, the document cannot be replaced (C0068/V0003). */
  inAutomaticAnalysis: boolean;
}

export interface GuarantorRecord {
  id: string;
  number: number;
  /** The `avalista` object as received (whitelisted by the route). */
  data: Record<string, unknown>;
}

export interface PaymentAccount {
  bankCode?: number;
  accountType?: number;
  branch?: string;
  branchDigit?: string;
  account?: string;
  accountDigit?: string;
  bankNumber?: string;
  federalDocument?: string;
  payeeName?: string;
}

/** A disbursement or other payment entry of the proposal (PropostaLancamentos). */
export interface ProposalEntry {
  fieldId: string;
  description: string;
  amount: number;
  expectedPaymentDate?: Date;
  paidAt?: Date;
  situation: number;
  account: PaymentAccount;
  /** linhaDigitavel of the IncluirManual entry (a boleto the release pays), echoed as LinhaDigitavel. */
  digitableLine?: string;
  /** documentoFederalCedente / nomeCedente of the IncluirManual entry (stored, not answered: the contract's payment entry has no such field). */
  assignor?: { document?: string; name?: string };
}

export interface PixCharge {
  emv: string;
  /** PNG image, base64. */
  image: string;
  dueDate: Date;
  expiresAt: Date;
  settled: boolean;
  creditedAt?: Date;
}

export interface Boleto {
  number: number;
  installmentNumbers: number[];
  description: string;
  amount: number;
  discount: number;
  dueDate: Date;
  expiresAt: Date;
  createdAt: Date;
  cancelledAt?: Date;
  settled: boolean;
  creditedAt?: Date;
  paidAmount?: number;
  digitableLine: string;
  barcode: string;
  printUrl: string;
  /** Random path component of `printUrl` (the print page is served without auth to whoever holds the URL). */
  printToken: string;
  registrationType: number;
  registrationOperation: number;
  registrationSituation: number;
  registrationDescription: string;
  pix?: PixCharge;
}

/** A payment entry against an agenda installment (lancamentos). */
export interface LedgerEntry {
  dueDate: Date;
  postedAt: Date;
  installmentAmount: number;
  fine: number;
  interest: number;
  lateInterest: number;
  iof: number;
  fees: number;
  rebate: number;
  updatedInstallmentAmount: number;
  paymentAmount: number;
  balanceAfter: number;
  discount: number;
  reportToFund: boolean;
  viaBoleto: boolean;
  description: string;
}

export interface AgendaInstallment {
  id: string;
  number: number;
  situation: number;
  dueDate: Date;
  currentDueDate: Date;
  amount: number;
  balance: number;
  totalPaid: number;
  discount: number;
  paymentOrder: string;
  entries: LedgerEntry[];
}

export interface Agenda {
  createdAt: Date;
  cancelledAt?: Date;
  settledAt?: Date;
  situation: number;
  installments: AgendaInstallment[];
  boletos: Boleto[];
  /** Standalone Pix charges per installment number (besides those attached to boletos). */
  pix: Map<number, PixCharge[]>;
}

export interface FgtsCancellationEvent {
  details: string;
  context: string;
  eventType: number;
  eventName: string;
  eventAt: Date;
  barcode?: string;
  digitableLine?: string;
  pixCopyPaste?: string;
  boletoAmount?: number;
  dueDate?: Date;
  boletoNumber?: number;
  printUrl?: string;
  /** Random path component of `printUrl`. */
  printToken?: string;
}

/**
 * Conditions at the FGTS paying agent that block CancelarProposta (set through
 * `POST /_sandbox/proposals/{codigo}/fgts`; none of them is ever set by the sandbox itself).
 */
export interface FgtsAgentState {
  /** Message 5: a fiduciary operation is in progress. */
  fiduciaryInProgress: boolean;
  /** Message 10: the operation is not allowed before this instant (sandbox clock). */
  notBefore?: Date;
  /** Message 13: an anniversary-withdrawal payment is pending. */
  pendingAnniversaryPayment: boolean;
}

/**
 * The simulated credit analysis of a proposal created under review: it concludes at `dueAt` on
 * the sandbox clock, moving the proposal to `outcome` (README, "Credit analysis").
 */
export interface CreditAnalysis {
  dueAt: Date;
  outcome: typeof Situation.Approved | typeof Situation.Rejected;
  /** The rejection reason (MotivoRejeicao) when the outcome is rejected. */
  reason?: string;
}

export interface Proposal {
  id: string;
  number: number;
  operationCode: string;
  ownerClientId: string;
  situation: SituationCode;
  createdAt: Date;
  clientDocument: string;
  clientName: string;
  promoterDocument?: string;
  contractType?: string;
  ccbNumber: string;
  personType: 1 | 2;
  isFgts: boolean;
  termMonths: number;
  calculationFormat: number;
  extraDays: number;
  firstDueDate: Date;
  values: ProposalValues;
  rejectionReason?: string;
  pendingReason?: string;
  cancellationReason?: string;
  paymentAccount: PaymentAccount;
  entries: ProposalEntry[];
  signers: Signer[];
  documents: DocumentRecord[];
  guarantors: GuarantorRecord[];
  disbursedAt?: Date;
  agenda?: Agenda;
  fgtsCancellations: FgtsCancellationEvent[];
  /** Absent: no condition at the agent. */
  fgtsAgent?: FgtsAgentState;
  /** The secret part of `urlAssinatura`, drawn when the first signers are invited. */
  signingToken?: string;
  /** Pending while the proposal is under review after IncluirManual; any move ends it. */
  analysis?: CreditAnalysis;
}
