import { randomUUID } from 'node:crypto';
import { keyed } from '../helpers/keys.js';
import { openTestLedger } from '../helpers/ledger.js';
import { type GraphHarness, startGraphHarness } from '../helpers/graph.js';

interface UserError {
  code: string;
  field: string[] | null;
  message: string;
  upstreamCode: string | null;
}

const USER_ERRORS = 'userErrors { code field message upstreamCode }';

const CREATE = `mutation($key: String!, $input: CreateProposalInput!) { createProposal(idempotencyKey: $key, input: $input) { proposal { id } ${USER_ERRORS} } }`;
const PAY = `mutation($key: String!, $id: ID!, $amount: Decimal!, $n: Int!) {
  registerInstallmentPayment(idempotencyKey: $key, input: { proposalId: $id, payment: { installmentNumber: $n, amount: $amount } }) {
    installments { number balance totalPaid } ${USER_ERRORS}
  }
}`;
const PAYMENTS = `mutation($id: ID!, $payments: [InstallmentPaymentInput!]!) { registerInstallmentPayments(input: { proposalId: $id, payments: $payments }) { ${USER_ERRORS} } }`;
const GENERATE = `mutation($key: String!, $id: ID!, $installments: [BoletoInstallmentInput!]!) {
  generateBoletos(idempotencyKey: $key, input: { proposalId: $id, installments: $installments }) { boletos { number installmentNumbers } ${USER_ERRORS} }
}`;
const SIMULATE = `query($amount: Decimal!, $rate: Decimal!) { simulateProposal(input: { requestedAmount: $amount, installments: 6, monthlyInterestRate: $rate }) { installmentAmount } }`;

function proposalInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    clientDocument: '529.982.247-25',
    clientName: 'Cliente Teste',
    contractType: 'CP',
    requestedAmount: '1200.00',
    monthlyInterestRate: '2.5',
    installments: 6,
    ...overrides,
  };
}

describe('the credit graph user errors', () => {
  let h: GraphHarness;
  beforeAll(async () => {
    h = await startGraphHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.resetCalls();
  });

  /** A fresh disbursed proposal of 6 installments, so tests do not share balances. */
  async function disbursedProposal(): Promise<string> {
    const created = await h.run(CREATE, { key: randomUUID(), input: proposalInput() });
    const id = (created.data?.createProposal as { proposal: { id: string } }).proposal.id;
    await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 9 });
    await h.resetCalls();
    return id;
  }

  async function balanceOf(id: string, installment: number): Promise<string> {
    const read = await h.run(`query($id: ID!, $n: Int!) { proposal(id: $id) { agenda { installments(numbers: [$n]) { balance } } } }`, { id, n: installment });
    return (read.data?.proposal as { agenda: { installments: Array<{ balance: string }> } }).agenda.installments[0]?.balance as string;
  }

  describe('money with more than two decimals', () => {
    it('refuses a payment of 1.005 before any call, and the balance is unchanged', async () => {
      const id = await disbursedProposal();
      const before = await balanceOf(id, 1);
      await h.resetCalls();
      const result = await h.run(PAY, { key: randomUUID(), id, amount: '1.005', n: 1 });
      expect(result.errors).toBeUndefined();
      expect((result.data?.registerInstallmentPayment as { userErrors: UserError[] }).userErrors).toEqual([
        { code: 'TOO_MANY_DECIMAL_PLACES', field: ['input', 'payment', 'amount'], message: 'amount must have at most 2 decimal places', upstreamCode: null },
      ]);
      expect((await h.calls()).total).toBe(0);
      expect(await balanceOf(id, 1)).toBe(before);
    });

    it('accepts 1.010 (a trailing zero: two significant decimals) and records 1.01', async () => {
      const id = await disbursedProposal();
      const result = await h.run(PAY, { key: randomUUID(), id, amount: '1.010', n: 1 });
      const payload = result.data?.registerInstallmentPayment as { installments: Array<{ totalPaid: string }>; userErrors: UserError[] };
      expect(payload.userErrors).toEqual([]);
      expect(payload.installments[0]?.totalPaid).toBe('1.01');
      expect((await h.calls()).operations['/AgendaRecebivel/IncluirLancamentoParcela']).toBe(1);
    });

    it('refuses createProposal of 1000.001 before any call, naming the field', async () => {
      const result = await h.run(CREATE, { key: randomUUID(), input: proposalInput({ requestedAmount: '1000.001' }) });
      expect(result.data?.createProposal).toEqual({
        proposal: null,
        userErrors: [
          {
            code: 'TOO_MANY_DECIMAL_PLACES',
            field: ['input', 'requestedAmount'],
            message: 'requestedAmount must have at most 2 decimal places',
            upstreamCode: null,
          },
        ],
      });
      expect((await h.calls()).total).toBe(0);
    });

    it('refuses an interest rate with more than 4 decimals, accepts 4', async () => {
      const rate = await h.run(CREATE, { key: randomUUID(), input: proposalInput({ monthlyInterestRate: '1.99995' }) });
      expect((rate.data?.createProposal as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.'), e.upstreamCode])).toEqual([
        ['TOO_MANY_DECIMAL_PLACES', 'input.monthlyInterestRate', null],
      ]);
      expect((await h.calls()).total).toBe(0);
      const fine = await h.run(SIMULATE, { amount: '1000.00', rate: '1.9999' });
      expect(fine.errors).toBeUndefined();
      expect((await h.calls()).operations).toEqual({ '/Proposta/CalcularValoresProposta': 1 });
    });

    it('refuses simulateProposal of 1000.001 as BAD_USER_INPUT before any call', async () => {
      const result = await h.run(SIMULATE, { amount: '1000.001', rate: '1.99' });
      expect(result.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
      // The same item createProposal would answer in userErrors for this amount.
      expect(result.errors?.[0]?.extensions?.userErrors).toEqual([
        { code: 'INVALID_INPUT', field: ['input', 'requestedAmount'], message: 'requestedAmount must have at most 2 decimal places', upstreamCode: null },
      ]);
      expect(result.data).toBeNull();
      expect((await h.calls()).total).toBe(0);
    });
  });

  describe('an idempotencyKey reused with another input', () => {
    it('replays the same input, refuses another input with IDEMPOTENCY_KEY_REUSED after 0 calls', async () => {
      const id = await disbursedProposal();
      const key = randomUUID();
      const first = await h.run(GENERATE, { key, id, installments: [{ number: 3 }] });
      const boletos = (first.data?.generateBoletos as { boletos: Array<{ number: number; installmentNumbers: number[] }> }).boletos;
      expect(boletos.map((b) => b.installmentNumbers)).toEqual([[3]]);
      // The boleto list read before the write (recorded for in-doubt resolution) and after it.
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/GerarMultiplosBoletos': 1, '/AgendaRecebivel/ConsultarBoletos': 2 });

      await h.resetCalls();
      const other = await h.run(GENERATE, { key, id, installments: [{ number: 6 }] });
      expect(other.errors).toBeUndefined();
      expect(other.data?.generateBoletos).toEqual({
        boletos: [],
        userErrors: [
          {
            code: 'IDEMPOTENCY_KEY_REUSED',
            field: ['idempotencyKey'],
            message: 'This idempotencyKey was already used with a different request.',
            upstreamCode: 'I0001/V0001',
          },
        ],
      });
      expect((await h.calls()).total).toBe(0);

      await h.resetCalls();
      const again = await h.run(GENERATE, { key, id, installments: [{ number: 3 }] });
      expect((again.data?.generateBoletos as { boletos: Array<{ number: number }> }).boletos.map((b) => b.number)).toEqual(boletos.map((b) => b.number));
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarBoletos': 1 });
    });

    it('maps the partner 409 I0001/V0001 (a graph whose ledger lost the key) to the same user error', async () => {
      const id = await disbursedProposal();
      const key = randomUUID();
      const first = await h.run(PAY, { key, id, amount: '10.00', n: 4 });
      expect((first.data?.registerInstallmentPayment as { userErrors: UserError[] }).userErrors).toEqual([]);
      const balance = await balanceOf(id, 4);
      await h.resetCalls();
      const emptyLedger = await openTestLedger();
      const restarted = await h.run(PAY, { key, id, amount: '20.00', n: 4 }, { ledger: emptyLedger.ledger }).finally(() => emptyLedger.close());
      expect(restarted.errors).toBeUndefined();
      expect((restarted.data?.registerInstallmentPayment as { userErrors: UserError[] }).userErrors).toEqual([
        {
          code: 'IDEMPOTENCY_KEY_REUSED',
          field: ['idempotencyKey'],
          message: 'This idempotencyKey was already used with a different request.',
          upstreamCode: 'I0001/V0001',
        },
      ]);
      // The agenda read every payment write records before it is sent, then the write the partner refuses.
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/IncluirLancamentoParcela': 1, '/AgendaRecebivel/ConsultarDetalhes': 1 });
      expect(await balanceOf(id, 4)).toBe(balance);
    });
  });

  describe('partner rejections', () => {
    it('name the graph input field and give the English meaning of receivables codes (C0202/V0002)', async () => {
      const id = await disbursedProposal();
      const result = await h.run(PAY, { key: randomUUID(), id, amount: '99999.00', n: 2 });
      expect((result.data?.registerInstallmentPayment as { userErrors: UserError[] }).userErrors).toEqual([
        {
          code: 'OVER_BALANCE',
          field: ['input', 'payment', 'amount'],
          message: 'The payment plus the discount exceeds the installment balance.',
          upstreamCode: 'C0202/V0002',
        },
      ]);
      // The agenda read every payment write records before it is sent, then the write the partner refuses.
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/IncluirLancamentoParcela': 1, '/AgendaRecebivel/ConsultarDetalhes': 1 });
    });

    it('keep field null for a failure about the proposal as a whole, with the English meaning (C0200/V0001)', async () => {
      const { id } = h.demo('approved');
      const result = await h.run(PAY, { key: randomUUID(), id, amount: '1.00', n: 1 });
      expect((result.data?.registerInstallmentPayment as { userErrors: UserError[] }).userErrors).toEqual([
        {
          code: 'PROPOSAL_NOT_DISBURSED',
          field: null,
          message: 'The proposal has no receivables agenda yet (it was never disbursed).',
          upstreamCode: 'C0200/V0001',
        },
      ]);
      // The agenda read before the write (refused too: no agenda, so no entries) and the write, refused.
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/IncluirLancamentoParcela': 1, '/AgendaRecebivel/ConsultarDetalhes': 1 });
    });

    it('map a signer field to the graph path (T0668/D0013 on assinantes[0].email)', async () => {
      const created = await h.run(CREATE, { key: randomUUID(), input: proposalInput() });
      const id = (created.data?.createProposal as { proposal: { id: string } }).proposal.id;
      await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 2 });
      const INVITE = `mutation($input: InviteSignersInput!) { inviteSigners(input: $input) { ${USER_ERRORS} } }`;
      const signer = { name: 'Ana Assinante', email: 'ana@example.com', document: '52998224725', mobilePhone: '11987654321' };
      const first = await h.run(keyed(INVITE), { input: { proposalId: id, signers: [signer] } });
      expect((first.data?.inviteSigners as { userErrors: UserError[] }).userErrors).toEqual([]);
      await h.resetCalls();
      const twice = await h.run(keyed(INVITE), { input: { proposalId: id, signers: [{ ...signer, name: 'Outra Pessoa', document: '39053344705' }] } });
      const errors = (twice.data?.inviteSigners as { userErrors: UserError[] }).userErrors;
      expect(errors).toContainEqual({
        code: 'DUPLICATE_SIGNER',
        field: ['input', 'signers', '0', 'email'],
        message: 'A signer with this e-mail or mobile phone already exists.',
        upstreamCode: 'T0668/D0013',
      });
      expect((await h.calls()).operations).toEqual({ '/Proposta/IncluirAssinaturaCCB': 1 });
    });
  });

  describe('input refused with the partner code', () => {
    it('a non-positive payment is C0202/V0001', async () => {
      const result = await h.run(PAY, { key: randomUUID(), id: randomUUID(), amount: '0', n: 1 });
      expect(
        (result.data?.registerInstallmentPayment as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.'), e.upstreamCode]),
      ).toEqual([['AMOUNT_NOT_POSITIVE', 'input.payment.amount', 'C0202/V0001']]);
      expect((await h.calls()).total).toBe(0);
    });

    it('an empty installment list is C0201/V0003 in generateBoletos and registerInstallmentPayments', async () => {
      const boletos = await h.run(GENERATE, { key: randomUUID(), id: randomUUID(), installments: [] });
      expect((boletos.data?.generateBoletos as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.'), e.upstreamCode])).toEqual([
        ['NO_INSTALLMENT', 'input.installments', 'C0201/V0003'],
      ]);
      const payments = await h.run(keyed(PAYMENTS), { id: randomUUID(), payments: [] });
      expect(
        (payments.data?.registerInstallmentPayments as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.'), e.upstreamCode]),
      ).toEqual([['NO_INSTALLMENT', 'input.payments', 'C0201/V0003']]);
      expect((await h.calls()).total).toBe(0);
    });

    it('a guarantor with an invalid CPF/CNPJ is T0665/D0002', async () => {
      const result = await h.run(keyed(`mutation($input: AddGuarantorInput!) { addGuarantor(input: $input) { ${USER_ERRORS} } }`), {
        input: { proposalId: h.demo('approved').id, name: 'Gui', document: '52998224724' },
      });
      expect((result.data?.addGuarantor as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.'), e.upstreamCode])).toEqual([
        ['INVALID_DOCUMENT', 'input.document', 'T0665/D0002'],
      ]);
      expect((await h.calls()).total).toBe(0);
    });

    it('attachDocument content that is not base64 is C0068/V0002', async () => {
      const result = await h.run(keyed(`mutation($input: AttachDocumentInput!) { attachDocument(input: $input) { ${USER_ERRORS} } }`), {
        input: { proposalId: h.demo('approved').id, documentTypeCode: 5, fileName: 'cpf.pdf', extension: 'pdf', contentBase64: 'not base64!' },
      });
      expect((result.data?.attachDocument as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.'), e.upstreamCode])).toEqual([
        ['UPLOAD_FAILED', 'input.contentBase64', 'C0068/V0002'],
      ]);
      expect((await h.calls()).total).toBe(0);
    });
  });

  describe('calendar dates', () => {
    it('answers a Date that is not a real day as a user error at its path, before any call and without echoing it', async () => {
      const result = await h.run(
        keyed(
          `mutation { addGuarantor(input: { proposalId: "00000000-0000-4000-8000-000000000000", name: "Ana", document: "52998224725", individual: { birthDate: "1990-02-30" } }) { userErrors { code field message upstreamCode } } }`,
        ),
      );
      expect(result.errors).toBeUndefined();
      expect((result.data?.addGuarantor as { userErrors: UserError[] }).userErrors).toEqual([
        {
          code: 'INVALID_INPUT',
          field: ['input', 'individual', 'birthDate'],
          message: 'Date expects a calendar day as "YYYY-MM-DD", such as "2026-12-23"',
          upstreamCode: null,
        },
      ]);
      expect(JSON.stringify(result)).not.toContain('1990-02-30');
      expect((await h.calls()).total).toBe(0);
    });

    it('sends a Date input as that day and reads the same day back', async () => {
      const { id } = h.demo('disbursed');
      const before = await h.run(`query($id: ID!) { proposal(id: $id) { installments { number dueDate } } }`, { id });
      const due = (before.data?.proposal as { installments: Array<{ number: number; dueDate: string }> }).installments.find((i) => i.number === 6)?.dueDate;
      expect(due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const result = await h.run(
        keyed(
          `mutation($id: ID!, $due: Date!) { generateSingleBoleto(input: { proposalId: $id, installmentNumbers: [6], dueDate: $due }) { boletos { installmentNumbers dueDate } userErrors { code upstreamCode } } }`,
        ),
        { id, due },
      );
      expect(result.errors).toBeUndefined();
      expect(result.data?.generateSingleBoleto).toEqual({ boletos: [{ installmentNumbers: [6], dueDate: due }], userErrors: [] });
    });
  });

  describe('input values the scalars cannot read', () => {
    const DECIMAL = 'Decimal expects a plain decimal string such as "1234.56": a dot before the decimals, no spaces, no exponent';

    it.each(['', '100,00', '1e2', ' 100.00', '100.00 ', '1.000,00'])(
      'answers the amount %j as a user error at its path, and registers nothing',
      async (amount) => {
        const id = await disbursedProposal();
        const before = await balanceOf(id, 1);
        await h.resetCalls();
        const result = await h.run(PAY, { key: randomUUID(), id, amount, n: 1 });
        expect(result.errors).toBeUndefined();
        expect((result.data?.registerInstallmentPayment as { userErrors: UserError[] }).userErrors).toEqual([
          { code: 'INVALID_INPUT', field: ['input', 'payment', 'amount'], message: DECIMAL, upstreamCode: null },
        ]);
        expect((await h.calls()).total).toBe(0);
        expect(await balanceOf(id, 1)).toBe(before);
      },
    );

    it('reports every unreadable value and every broken rule of one input in one answer', async () => {
      const result = await h.run(CREATE, {
        key: randomUUID(),
        input: proposalInput({ clientDocument: '529.982.247-24', requestedAmount: '100,00', monthlyInterestRate: ' 2.5', firstDueDate: '2026-13-01' }),
      });
      expect(result.errors).toBeUndefined();
      expect((result.data?.createProposal as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.'), e.upstreamCode]).sort()).toEqual(
        [
          ['INVALID_CLIENT_DOCUMENT', 'input.clientDocument', 'T0665/D0002'],
          ['INVALID_INPUT', 'input.firstDueDate', null],
          ['INVALID_INPUT', 'input.monthlyInterestRate', null],
          ['INVALID_INPUT', 'input.requestedAmount', null],
        ].sort(),
      );
      expect((await h.calls()).total).toBe(0);
    });

    it('answers an unknown enum value and unreadable decimals and days of a mutation input as user errors at their paths', async () => {
      const result = await h.run(GENERATE, {
        key: randomUUID(),
        id: h.demo('disbursed').id,
        installments: [{ number: 6, discount: '1.0.0' }],
      });
      expect(result.errors).toBeUndefined();
      expect((result.data?.generateBoletos as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.')])).toEqual([
        ['INVALID_INPUT', 'input.installments.0.discount'],
      ]);
      const registration = await h.run(
        keyed(
          `mutation($id: ID!, $type: BoletoRegistrationType!) { generateSingleBoleto(input: { proposalId: $id, installmentNumbers: [6], registrationType: $type, dueDate: "23/12/2026" }) { userErrors { code field } } }`,
        ),
        { id: h.demo('disbursed').id, type: 'NOT_A_TYPE' },
      );
      expect(registration.errors).toBeUndefined();
      expect((registration.data?.generateSingleBoleto as { userErrors: UserError[] }).userErrors.map((e) => [e.code, e.field?.join('.')]).sort()).toEqual([
        ['INVALID_INPUT', 'input.dueDate'],
        ['INVALID_INPUT', 'input.registrationType'],
      ]);
      expect((await h.calls()).total).toBe(0);
    });

    it('refuses an unreadable query argument as BAD_USER_INPUT naming its path, before any call', async () => {
      const result = await h.run(SIMULATE, { amount: '1000,00', rate: '1.99' });
      expect(result.data).toBeNull();
      expect(result.errors?.map((e) => e.extensions)).toEqual([
        { code: 'BAD_USER_INPUT', userErrors: [{ code: 'INVALID_INPUT', field: ['input', 'requestedAmount'], message: DECIMAL, upstreamCode: null }] },
      ]);
      expect((await h.calls()).total).toBe(0);
    });
  });
});
