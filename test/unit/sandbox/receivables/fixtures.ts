import { computeProposalValues } from '../../../../src/sandbox/finance/index.js';
import { Clock } from '../../../../src/sandbox/clock.js';
import { IdGenerator } from '../../../../src/sandbox/ids.js';
import { SandboxStore } from '../../../../src/sandbox/model/store.js';
import { Situation, type Proposal } from '../../../../src/sandbox/model/types.js';
import { openAgenda } from '../../../../src/sandbox/receivables/agenda.js';
import { type OperationContext } from '../../../../src/sandbox/routes/types.js';

export const CREATED = new Date('2026-05-27T12:00:00Z');
export const DISBURSED = new Date('2026-05-28T12:00:00Z');

/** A synthetic proposal of 10,000.00 at 2 % over 12 months (installments of 965.56, the last 965.48). */
export function makeProposal(ids: IdGenerator, owner = 'client-a', disbursed = true): Proposal {
  const values = computeProposalValues({
    requestedAmount: 10000,
    monthlyInterestPct: 2,
    installments: 12,
    personType: 1,
    calculationFormat: 1,
    baseDate: CREATED,
    extraDays: 0,
  });
  const proposal: Proposal = {
    id: ids.uuid(),
    number: ids.nextProposalNumber(),
    operationCode: 'OP-TEST-1',
    ownerClientId: owner,
    situation: disbursed ? Situation.Disbursed : Situation.Approved,
    createdAt: CREATED,
    clientDocument: '12345678909',
    clientName: 'Fulano de Tal Sintético',
    ccbNumber: 'CCB-1',
    personType: 1,
    isFgts: false,
    termMonths: 12,
    calculationFormat: 1,
    extraDays: 0,
    firstDueDate: values.schedule[0]!.dueDate,
    values,
    paymentAccount: {},
    entries: [],
    signers: [],
    documents: [],
    guarantors: [],
    fgtsCancellations: [],
  };
  if (disbursed) {
    proposal.disbursedAt = DISBURSED;
    proposal.agenda = openAgenda(proposal, DISBURSED, ids);
  }
  return proposal;
}

/** A handler context over a fresh store holding one disbursed and one approved proposal of client-a. */
export function makeContext(now = new Date('2026-06-01T10:00:00Z')): { ctx: OperationContext; disbursed: Proposal; approved: Proposal } {
  const ids = new IdGenerator(7);
  const store = new SandboxStore();
  const disbursed = makeProposal(ids);
  const approved = makeProposal(ids, 'client-a', false);
  approved.operationCode = 'OP-TEST-2';
  store.add(disbursed);
  store.add(approved);
  const ctx: OperationContext = { store, clock: new Clock(now), ids, clientId: 'client-a', baseUrl: 'http://127.0.0.1:1' };
  return { ctx, disbursed, approved };
}
