/**
 * Payments while the partner hangs (the sandbox's timeoutRate and latency faults): each is answered
 * success or OUTCOME_UNKNOWN, never a plain timeout once it may have reached the partner, and a
 * retry under the same key leaves exactly one entry per payment at the partner (docs/in-doubt.md).
 */
import { randomUUID } from 'node:crypto';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const PAY = `mutation($key: String!, $input: RegisterInstallmentPaymentInput!) {
  registerInstallmentPayment(idempotencyKey: $key, input: $input) { paidInstallments { number paidAt } userErrors { code } }
}`;
const ENTRIES = `query($id: ID!) { proposal(id: $id) { installments { number entries { paymentAmount } } } }`;
const WRITE = '/AgendaRecebivel/IncluirLancamentoParcela';
const INSTALLMENTS_READ = '/Proposta/ConsultarParcelas';

type Paid = { registerInstallmentPayment: { paidInstallments: Array<{ number: number }>; userErrors: unknown[] } | null };
type Entries = { proposal: { installments: Array<{ number: number; entries: Array<{ paymentAmount: string }> }> } };

describe('payments under partner hangs', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    // Absence at the partner is proof at once (no settling wait), so a hung write that never landed is sent again on retry.
    graph = await startTestGraph({ upstream: { timeouts: { deadlineMs: 1000 }, retry: { maxAttempts: 1 } }, writes: { settleMs: 0 } });
    await graph.admin.setReplay(false);
  }, 60_000);
  afterAll(async () => {
    await graph?.close();
  });

  it('answers each of 5 payments success or OUTCOME_UNKNOWN, and same-key retries leave exactly one entry each', async () => {
    const id = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed')?.id ?? '';
    const entriesOf = async (): Promise<Map<number, number>> => {
      const answer = await graph.execute<Entries>(ENTRIES, { id }, { 'cache-control': 'no-cache' });
      return new Map((answer.data?.proposal.installments ?? []).map((i) => [i.number, i.entries.filter((e) => e.paymentAmount === '0.37').length]));
    };
    const before = await entriesOf();
    const payments = [2, 3, 4, 5, 6].map((installmentNumber) => ({
      key: randomUUID(),
      input: { proposalId: id, payment: { installmentNumber, amount: '0.37' } },
    }));
    const pay = (index: number): Promise<{ errors?: Array<{ extensions?: Record<string, unknown> }> }> => graph.execute<Paid>(PAY, payments[index]);
    await graph.admin.resetCalls();

    // The payment lands; the read of its payload hangs past the deadline.
    await graph.admin.setFaults({ timeoutRate: 1, operations: [INSTALLMENTS_READ] });
    const readHung = [await pay(0), await pay(1)];
    // The payment lands; its answer comes after the deadline.
    await graph.admin.setFaults({ latencyMs: 60_000, operations: [WRITE] });
    const answerLate = [await pay(2), await pay(3)];
    // The write itself hangs: the partner never processes it.
    await graph.admin.setFaults({ timeoutRate: 1, operations: [WRITE] });
    const writeHung = [await pay(4)];
    await graph.admin.clearFaults();

    expect(readHung.map((answer) => answer.errors?.map((e) => [e.extensions?.['code'], e.extensions?.['applied']]))).toEqual([
      [['OUTCOME_UNKNOWN', true]],
      [['OUTCOME_UNKNOWN', true]],
    ]);
    expect([...answerLate, ...writeHung].map((answer) => answer.errors?.map((e) => [e.extensions?.['code'], e.extensions?.['applied']]))).toEqual([
      [['OUTCOME_UNKNOWN', undefined]],
      [['OUTCOME_UNKNOWN', undefined]],
      [['OUTCOME_UNKNOWN', undefined]],
    ]);
    expect((await graph.admin.calls()).operations[WRITE]).toBe(5);

    // Same-key retries: the four that landed are found (or replayed), the one that never did is sent once more.
    const retried = await Promise.all(payments.map((payment) => graph.execute<Paid>(PAY, payment)));
    expect(retried.map((answer) => [answer.errors, answer.data?.registerInstallmentPayment?.userErrors])).toEqual(payments.map(() => [undefined, []]));
    expect((await graph.admin.calls()).operations[WRITE]).toBe(6);
    const records = await Promise.all(payments.map((payment) => graph.ledger.find('anonymous', payment.key)));
    expect(records.map((record) => record?.state)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
    const after = await entriesOf();
    expect([2, 3, 4, 5, 6].map((n) => (after.get(n) ?? 0) - (before.get(n) ?? 0))).toEqual([1, 1, 1, 1, 1]);
  });
});
