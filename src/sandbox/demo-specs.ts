import {
  boletoAndFirstPayment,
  cancelFgts,
  cede,
  concludeAnalysis,
  disburse,
  paymentRefused,
  releaseForPayment,
  signedBy,
  verify,
  type DemoStep,
} from './demo-steps.js';
import { Situation, type SituationCode } from './model/types.js';

/** Valid CPFs of the demo clients, one per demo proposal in order (check digits correct; nobody real is meant). */
export const DEMO_CPFS = [
  '52998224725',
  '11144477735',
  '39053344705',
  '12345678909',
  '24681357928',
  '13579246828',
  '11235813207',
  '31415926590',
  '27182818205',
  '16180339805',
  '14142135651',
  '17320508052',
  '22360679767',
] as const;

/** One demo proposal: what IncluirManual is sent, where it starts, and the steps of its story. */
export interface DemoSpec {
  /** Its label; the operation code is `DEMO-<LABEL>`. */
  label: string;
  document: string;
  name: string;
  contractType: string;
  amount: number;
  term: number;
  interest: number;
  /**
   * situacaoInicial: where its story starts, skipping the credit analysis. Absent: the proposal
   * goes through the analysis, created due at once (its steps conclude it).
   */
  initial?: SituationCode;
  /** vlrPreAprovado: the client's limit the analysis holds the amount to. */
  preApproved?: number;
  steps: DemoStep[];
  /** The situation its story ends in (checked when the demo data is created). */
  situation: SituationCode;
}

function signer(label: string, name: string, document: string, mobile: string) {
  return signedBy({ name, document, email: `${label}@demo.example.com`, mobile });
}

/**
 * The demo proposals, in the order they are created (README, "Demo data"): together they are in
 * every situation the partner publishes (0 to 11). New ones go at the end, so the earlier ones keep
 * their seeded ids and numbers.
 */
export const DEMO_SPECS: readonly DemoSpec[] = [
  {
    label: 'approved',
    document: DEMO_CPFS[0],
    name: 'Ana Demo Aprovada',
    contractType: 'CDC-PF',
    amount: 5000,
    term: 12,
    interest: 2.5,
    initial: Situation.Approved,
    steps: [],
    situation: Situation.Approved,
  },
  {
    label: 'under-review',
    document: DEMO_CPFS[1],
    name: 'Bruno Demo Em Analise',
    contractType: 'CP',
    amount: 3000,
    term: 10,
    interest: 3.1,
    initial: Situation.UnderReview,
    steps: [],
    situation: Situation.UnderReview,
  },
  {
    label: 'disbursed',
    document: DEMO_CPFS[2],
    name: 'Carla Demo Paga',
    contractType: 'CP',
    amount: 12000,
    term: 12,
    interest: 1.99,
    initial: Situation.Approved,
    steps: [disburse, boletoAndFirstPayment],
    situation: Situation.Disbursed,
  },
  {
    label: 'fgts-disbursed',
    document: DEMO_CPFS[3],
    name: 'Diego Demo FGTS',
    contractType: 'FGTS',
    amount: 2500,
    term: 6,
    interest: 1.79,
    initial: Situation.Approved,
    steps: [disburse],
    situation: Situation.Disbursed,
  },
  {
    label: 'ceded',
    document: DEMO_CPFS[4],
    name: 'Elisa Demo Cedida',
    contractType: 'FGTS',
    amount: 4000,
    term: 8,
    interest: 1.79,
    initial: Situation.Approved,
    steps: [disburse, cede],
    situation: Situation.Ceded,
  },
  {
    label: 'draft',
    document: DEMO_CPFS[5],
    name: 'Fabio Demo Rascunho',
    contractType: 'CDC-PF',
    amount: 1800,
    term: 6,
    interest: 2.9,
    initial: Situation.Draft,
    steps: [],
    situation: Situation.Draft,
  },
  {
    label: 'rejected',
    document: DEMO_CPFS[6],
    name: 'Gabriela Demo Reprovada',
    contractType: 'CP',
    amount: 20000,
    term: 24,
    interest: 3.5,
    preApproved: 8000,
    steps: [concludeAnalysis],
    situation: Situation.Rejected,
  },
  {
    label: 'cancelled',
    document: DEMO_CPFS[7],
    name: 'Heitor Demo Cancelado',
    contractType: 'FGTS',
    amount: 1500,
    term: 5,
    interest: 1.79,
    initial: Situation.Approved,
    steps: [cancelFgts('O cliente desistiu da operação (demo).')],
    situation: Situation.Cancelled,
  },
  {
    label: 'pending',
    document: DEMO_CPFS[8],
    name: 'Iara Demo Pendente',
    contractType: 'CP',
    amount: 2200,
    term: 8,
    interest: 2.7,
    initial: Situation.Pending,
    steps: [],
    situation: Situation.Pending,
  },
  {
    label: 'finalized',
    document: DEMO_CPFS[9],
    name: 'Joao Demo Finalizado',
    contractType: 'CDC-PF',
    amount: 6000,
    term: 12,
    interest: 2.2,
    initial: Situation.Approved,
    steps: [signer('finalized', 'Joao Demo Finalizado', DEMO_CPFS[9], '11987650101')],
    situation: Situation.Finalized,
  },
  {
    label: 'verified',
    document: DEMO_CPFS[10],
    name: 'Karina Demo Conferida',
    contractType: 'CP',
    amount: 7000,
    term: 18,
    interest: 2.4,
    initial: Situation.Approved,
    steps: [signer('verified', 'Karina Demo Conferida', DEMO_CPFS[10], '11987650202'), verify],
    situation: Situation.Verified,
  },
  {
    label: 'released-for-payment',
    document: DEMO_CPFS[11],
    name: 'Lucas Demo Liberado',
    contractType: 'CP',
    amount: 8000,
    term: 12,
    interest: 2.1,
    initial: Situation.Approved,
    steps: [signer('released-for-payment', 'Lucas Demo Liberado', DEMO_CPFS[11], '11987650303'), verify, releaseForPayment],
    situation: Situation.ReleasedForPayment,
  },
  {
    label: 'pending-payment',
    document: DEMO_CPFS[12],
    name: 'Marina Demo Pagamento Pendente',
    contractType: 'CDC-PF',
    amount: 3500,
    term: 10,
    interest: 2.6,
    initial: Situation.Approved,
    steps: [signer('pending-payment', 'Marina Demo Pagamento Pendente', DEMO_CPFS[12], '11987650404'), verify, releaseForPayment, paymentRefused],
    situation: Situation.PendingPayment,
  },
];
