import { randomUUID } from 'node:crypto';
import { keyed } from '../helpers/keys.js';
import {
  CreateProposalDocument,
  type CreateProposalInput,
  GenerateBoletosDocument,
  RegisterInstallmentPaymentDocument,
} from '../helpers/__generated__/graphql.js';
import { type GraphHarness, startGraphHarness } from '../helpers/graph.js';

const CREATE = CreateProposalDocument;

function proposalInput(overrides: Partial<CreateProposalInput> = {}): CreateProposalInput {
  return {
    clientDocument: '529.982.247-25',
    clientName: 'Cliente Teste',
    contractType: 'CP',
    requestedAmount: '1500.00',
    monthlyInterestRate: '2.5',
    installments: 6,
    operationCode: `GRAPH-${randomUUID()}`,
    ...overrides,
  };
}

describe('the credit graph mutations', () => {
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

  describe('createProposal', () => {
    it('creates a proposal and reads it back fresh with only the reads its selection needs', async () => {
      const input = proposalInput();
      const result = await h.run(CREATE, { input, idempotencyKey: randomUUID() });
      expect(result.errors).toBeUndefined();
      const payload = result.data?.createProposal;
      expect(payload?.userErrors).toEqual([]);
      // A new proposal waits for the partner's credit analysis (the sandbox's lasts 10 s of its clock).
      expect(payload?.proposal).toMatchObject({
        operationCode: input.operationCode,
        situation: 'UNDER_REVIEW',
        financedAmount: expect.stringMatching(/^\d+\.\d{2}$/),
      });
      expect(payload?.proposal?.installments?.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6]);
      payload?.proposal?.installments?.forEach((i) => expect(i.amount).toMatch(/^\d+\.\d{2}$/));
      expect((await h.calls()).operations).toEqual({ '/Proposta/IncluirManual': 1, '/FGTS/ConsultaProposta': 1, '/Proposta/ConsultarParcelas': 1 });
    });

    it('reports invalid input as userErrors with the catalogue codes, before any upstream call', async () => {
      const result = await h.run(CREATE, {
        idempotencyKey: randomUUID(),
        input: proposalInput({ clientDocument: '529.982.247-24', requestedAmount: '0', installments: 0 }),
      });
      expect(result.errors).toBeUndefined();
      const payload = result.data?.createProposal;
      expect(payload?.proposal).toBeNull();
      expect(payload?.userErrors.map((e) => [e.code, e.field?.join('.'), e.upstreamCode])).toEqual([
        ['INVALID_CLIENT_DOCUMENT', 'input.clientDocument', 'T0665/D0002'],
        ['AMOUNT_MISSING', 'input.requestedAmount', 'T0665/D0020'],
        ['INSTALLMENTS_MISSING', 'input.installments', 'T0665/D0021'],
      ]);
      expect((await h.calls()).total).toBe(0);
    });

    it('reports a business rejection by the partner as userErrors, not as an error', async () => {
      const input = proposalInput({ contractType: 'CDC-PF', clientDocument: '11.222.333/0001-81' });
      const result = await h.run(CREATE, { input, idempotencyKey: randomUUID() });
      expect(result.errors).toBeUndefined();
      const payload = result.data?.createProposal;
      expect(payload?.proposal).toBeNull();
      expect(payload?.userErrors).toEqual([
        { code: 'CLIENT_MUST_BE_INDIVIDUAL', field: ['input', 'clientDocument'], upstreamCode: 'T0665/D0023', message: 'The client must be an individual.' },
      ]);
      expect((await h.calls()).operations).toEqual({ '/Proposta/IncluirManual': 1 });
    });

    it('creates one proposal when the same idempotencyKey is sent twice, writing once', async () => {
      const before = ((await h.admin('GET', '/_sandbox/proposals')) as unknown[]).length;
      const input = proposalInput();
      const key = randomUUID();
      const first = await h.run(CREATE, { input, idempotencyKey: key });
      const second = await h.run(CREATE, { input, idempotencyKey: key });
      expect(first.errors).toBeUndefined();
      expect(second.errors).toBeUndefined();
      expect(second.data?.createProposal.proposal?.id).toBe(first.data?.createProposal.proposal?.id);
      expect(((await h.admin('GET', '/_sandbox/proposals')) as unknown[]).length).toBe(before + 1);
      expect((await h.calls()).operations['/Proposta/IncluirManual']).toBe(1);
    });

    it('creates one proposal when two graph processes on one ledger receive the same idempotencyKey, writing once', async () => {
      const before = ((await h.admin('GET', '/_sandbox/proposals')) as unknown[]).length;
      const input = proposalInput();
      const key = randomUUID();
      const other = await h.ledger.open();
      const first = await h.run(CREATE, { input, idempotencyKey: key });
      const second = await h.run(CREATE, { input, idempotencyKey: key }, { ledger: other });
      expect(second.data?.createProposal.proposal?.id).toBe(first.data?.createProposal.proposal?.id);
      expect((await h.calls()).operations['/Proposta/IncluirManual']).toBe(1);
      expect(((await h.admin('GET', '/_sandbox/proposals')) as unknown[]).length).toBe(before + 1);
    });

    it('sends different upstream keys for the same client key from different callers', async () => {
      const before = ((await h.admin('GET', '/_sandbox/proposals')) as unknown[]).length;
      const key = randomUUID();
      const first = await h.run(CREATE, { input: proposalInput(), idempotencyKey: key }, { callerId: 'caller-a' });
      const second = await h.run(CREATE, { input: proposalInput(), idempotencyKey: key }, { callerId: 'caller-b' });
      expect(first.data?.createProposal.userErrors).toEqual([]);
      expect(second.data?.createProposal.userErrors).toEqual([]);
      expect(second.data?.createProposal.proposal?.id).not.toBe(first.data?.createProposal.proposal?.id);
      expect(((await h.admin('GET', '/_sandbox/proposals')) as unknown[]).length).toBe(before + 2);
    });
  });

  describe('payments and boletos', () => {
    /** A fresh disbursed proposal of 6 installments, so tests do not share balances. */
    async function disbursedProposal(): Promise<string> {
      const created = await h.run(CREATE, { idempotencyKey: randomUUID(), input: proposalInput({ requestedAmount: '1200.00', installments: 6 }) });
      const id = created.data?.createProposal.proposal?.id as string;
      await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 9 });
      await h.resetCalls();
      return id;
    }

    it('sees fresh agenda data after each write in the same request', async () => {
      const id = await disbursedProposal();
      const before = await h.run(`query($id: ID!) { proposal(id: $id) { agenda { installments(numbers: [1]) { balance } } } }`, { id });
      const balance = (before.data?.proposal as { agenda: { installments: Array<{ balance: string }> } }).agenda.installments[0]?.balance as string;
      const minus = (cents: number): string => ((Math.round(Number(balance) * 100) - cents) / 100).toFixed(2);
      await h.resetCalls();
      const result = await h.run(
        keyed(`mutation($id: ID!) {
          a: registerInstallmentPayment(input: { proposalId: $id, payment: { installmentNumber: 1, amount: "10.00" } }) {
            proposal { agenda { installments(numbers: [1]) { balance } } } installments { number balance } userErrors { code upstreamCode }
          }
          b: registerInstallmentPayment(input: { proposalId: $id, payment: { installmentNumber: 1, amount: "10.00" } }) {
            proposal { agenda { installments(numbers: [1]) { balance } } } installments { number balance } userErrors { code upstreamCode }
          }
        }`),
        { id },
      );
      expect(result.errors).toBeUndefined();
      type Payload = {
        proposal: { agenda: { installments: Array<{ balance: string }> } };
        installments: Array<{ number: number; balance: string }>;
        userErrors: unknown[];
      };
      const a = result.data?.a as Payload;
      const b = result.data?.b as Payload;
      expect(a.userErrors).toEqual([]);
      expect(b.userErrors).toEqual([]);
      expect(a.proposal.agenda.installments[0]?.balance).toBe(minus(1000));
      expect(a.installments).toEqual([{ number: 1, balance: minus(1000) }]);
      expect(b.proposal.agenda.installments[0]?.balance).toBe(minus(2000));
      expect(b.installments).toEqual([{ number: 1, balance: minus(2000) }]);
      // two writes, one agenda read before each (recorded for in-doubt resolution, docs/in-doubt.md) and one
      // after each (payload.proposal.agenda and payload.installments share it)
      expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/IncluirLancamentoParcela': 2, '/AgendaRecebivel/ConsultarDetalhes': 4 });
    });

    it('pays one installment only once when the same idempotencyKey is sent twice', async () => {
      const id = await disbursedProposal();
      const variables = { input: { proposalId: id, payment: { installmentNumber: 2, amount: '10.00' } }, idempotencyKey: randomUUID() };
      const first = await h.run(RegisterInstallmentPaymentDocument, variables);
      const second = await h.run(RegisterInstallmentPaymentDocument, variables);
      expect(first.data?.registerInstallmentPayment.userErrors).toEqual([]);
      expect(second.data?.registerInstallmentPayment.paidInstallments.map((i) => [i.number, i.paidAmount, i.entries.length])).toEqual([[2, '10.00', 1]]);
      expect(second.data?.registerInstallmentPayment.parameters).toEqual(first.data?.registerInstallmentPayment.parameters);
      expect((await h.calls()).operations['/AgendaRecebivel/IncluirLancamentoParcela']).toBe(1);
      // another graph process on the same ledger replays it: the partner is not called again
      const elsewhere = await h.run(RegisterInstallmentPaymentDocument, variables, { ledger: await h.ledger.open() });
      expect(elsewhere.data?.registerInstallmentPayment.paidInstallments.map((i) => [i.paidAmount, i.entries.length])).toEqual([['10.00', 1]]);
      expect((await h.calls()).operations['/AgendaRecebivel/IncluirLancamentoParcela']).toBe(1);
    });

    it('reports a payment on a proposal without agenda as userErrors', async () => {
      const { id } = h.demo('approved');
      const result = await h.run(
        keyed(
          `mutation($id: ID!) { registerInstallmentPayment(input: { proposalId: $id, payment: { installmentNumber: 1, amount: "10.00" } }) { proposal { id } userErrors { code upstreamCode message } } }`,
        ),
        { id },
      );
      expect(result.errors).toBeUndefined();
      const payload = result.data?.registerInstallmentPayment as { proposal: unknown; userErrors: Array<{ code: string }> };
      expect(payload.proposal).toBeNull();
      expect(payload.userErrors).toEqual([{ code: 'PROPOSAL_NOT_DISBURSED', upstreamCode: 'C0200/V0001', message: expect.any(String) }]);
    });

    it('refuses a non-positive payment before any call', async () => {
      const result = await h.run(
        keyed(
          `mutation { registerInstallmentPayment(input: { proposalId: "${randomUUID()}", payment: { installmentNumber: 1, amount: "-1" } }) { userErrors { code field } } }`,
        ),
      );
      expect(result.data?.registerInstallmentPayment).toEqual({ userErrors: [{ code: 'AMOUNT_NOT_POSITIVE', field: ['input', 'payment', 'amount'] }] });
      expect((await h.calls()).total).toBe(0);
    });

    it('generates boletos and returns them read fresh', async () => {
      const id = await disbursedProposal();
      const result = await h.run(GenerateBoletosDocument, {
        input: { proposalId: id, installments: [{ number: 2 }, { number: 3 }] },
        idempotencyKey: 'boletos-1',
      });
      expect(result.errors).toBeUndefined();
      const payload = result.data?.generateBoletos;
      expect(payload?.userErrors).toEqual([]);
      expect(payload?.boletos.map((b) => b.installmentNumbers)).toEqual([[2], [3]]);
      payload?.boletos.forEach((b) => expect(b.digitableLine).toMatch(/^\d{47}$/));
      const agenda = await h.run(`query($id: ID!) { proposal(id: $id) { agenda { installments(numbers: [2, 3]) { balance } } } }`, { id });
      const balances = (agenda.data?.proposal as { agenda: { installments: Array<{ balance: string }> } }).agenda.installments.map((i) => i.balance);
      expect(payload?.boletos.map((b) => b.amount)).toEqual(balances);
      // The boleto list is read before the write (recorded for in-doubt resolution, docs/in-doubt.md) and after it.
      expect((await h.calls()).operations).toEqual({
        '/AgendaRecebivel/GerarMultiplosBoletos': 1,
        '/AgendaRecebivel/ConsultarBoletos': 2,
        '/AgendaRecebivel/ConsultarDetalhes': 1,
      });
    });

    it('generates a single boleto covering several installments', async () => {
      const id = await disbursedProposal();
      const result = await h.run(
        keyed(`mutation($id: ID!) {
          generateSingleBoleto(input: { proposalId: $id, installmentNumbers: [4, 5] }) {
            boletos { installmentNumbers amount } proposal { boletos { number } } userErrors { code }
          }
        }`),
        { id },
      );
      expect(result.errors).toBeUndefined();
      const payload = result.data?.generateSingleBoleto as { boletos: Array<{ installmentNumbers: number[] }>; proposal: { boletos: unknown[] } };
      expect(payload.boletos.map((b) => b.installmentNumbers)).toEqual([[4, 5]]);
      expect(payload.proposal.boletos).toHaveLength(1);
    });
  });

  describe('signers, guarantors, documents and cancellation', () => {
    async function approvedProposal(): Promise<string> {
      const created = await h.run(CREATE, { idempotencyKey: randomUUID(), input: proposalInput() });
      const id = created.data?.createProposal.proposal?.id as string;
      // The partner's credit analysis approves it (moved at once through the sandbox admin API).
      await h.admin('POST', `/_sandbox/proposals/${id}/situacao`, { situacao: 2 });
      await h.resetCalls();
      return id;
    }

    const INVITE = `mutation($input: InviteSignersInput!) { inviteSigners(input: $input) { signingUrl signerCount pendingSignerCount proposalSituation proposalSituationCode rawParameters { name value } userErrors { code field upstreamCode } } }`;
    const signer = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
      name: 'Ana Assinante',
      email: 'ana@example.com',
      document: '52998224725',
      mobilePhone: '(11) 98765-4321',
      ...overrides,
    });

    it('invites signers to an approved proposal', async () => {
      const id = await approvedProposal();
      const result = await h.run(keyed(INVITE), { input: { proposalId: id, signers: [signer()] } });
      expect(result.errors).toBeUndefined();
      const payload = result.data?.inviteSigners as {
        signingUrl: string;
        signerCount: number;
        pendingSignerCount: number;
        proposalSituation: null;
        proposalSituationCode: null;
        rawParameters: Array<{ name: string; value: string }>;
        userErrors: unknown[];
      };
      expect(payload.userErrors).toEqual([]);
      expect(payload.signingUrl).toMatch(new RegExp(`/assinatura/${id}/[0-9a-f]{32}$`));
      expect([payload.signerCount, payload.pendingSignerCount, payload.proposalSituation, payload.proposalSituationCode]).toEqual([1, 1, null, null]);
      expect(payload.rawParameters).toContainEqual({ name: 'quantidadeAssinantes', value: '1' });
      expect((await h.calls()).operations).toEqual({ '/Proposta/IncluirAssinaturaCCB': 1 });
    });

    it('checks e-mail, mobile and document with the catalogue codes before any call', async () => {
      const result = await h.run(keyed(INVITE), {
        input: {
          proposalId: '00000000-0000-4000-8000-000000000000',
          signers: [
            signer({ email: 'not-an-email' }),
            signer({ mobilePhone: '1198765432' }),
            signer({ mobilePhone: '11 58765-4321' }),
            signer({ document: '52998224724' }),
          ],
        },
      });
      const payload = result.data?.inviteSigners as { userErrors: Array<{ code: string; field: string[]; upstreamCode: string }> };
      expect(payload.userErrors.map((e) => [e.field.join('.'), e.upstreamCode])).toEqual([
        ['input.signers.0.email', 'T0668/D0001'],
        ['input.signers.1.mobilePhone', 'T0668/D0008'],
        ['input.signers.2.mobilePhone', 'T0668/D0010'],
        ['input.signers.3.document', 'T0668/D0004'],
      ]);
      expect(payload.userErrors.map((e) => e.code)).toEqual(['INVALID_EMAIL', 'INVALID_MOBILE', 'INVALID_MOBILE', 'INVALID_DOCUMENT']);
      expect((await h.calls()).total).toBe(0);
    });

    it('refuses an empty signer list with C0060/V0001 before any call', async () => {
      const result = await h.run(keyed(INVITE), { input: { proposalId: '00000000-0000-4000-8000-000000000000', signers: [] } });
      expect((result.data?.inviteSigners as { userErrors: Array<{ upstreamCode: string }> }).userErrors.map((e) => e.upstreamCode)).toEqual(['C0060/V0001']);
      expect((await h.calls()).total).toBe(0);
    });

    it('reports inviting signers to a disbursed proposal as the partner rule C0060/V0002', async () => {
      const { id } = h.demo('disbursed');
      const result = await h.run(keyed(INVITE), { input: { proposalId: id, signers: [signer()] } });
      expect((result.data?.inviteSigners as { userErrors: unknown[] }).userErrors).toEqual([
        { code: 'WRONG_SITUATION', field: null, upstreamCode: 'C0060/V0002' },
      ]);
    });

    it('reports an unknown proposal as NOT_FOUND with C0112/V0001', async () => {
      const result = await h.run(keyed(INVITE), { input: { proposalId: randomUUID(), signers: [signer()] } });
      expect((result.data?.inviteSigners as { userErrors: unknown[] }).userErrors).toEqual([{ code: 'NOT_FOUND', field: null, upstreamCode: 'C0112/V0001' }]);
    });

    it('registers signers who already signed', async () => {
      const id = await approvedProposal();
      const result = await h.run(
        keyed(
          `mutation($id: ID!) { registerSignedSigners(input: { proposalId: $id, signers: [{ name: "Ana", email: "ana@example.com", document: "52998224725", signedAt: "2026-01-10T12:00:00Z", signingIp: "203.0.113.7" }] }) { signingUrl signerCount pendingSignerCount proposalSituation proposalSituationCode userErrors { code } } }`,
        ),
        { id },
      );
      expect(result.errors).toBeUndefined();
      const payload = result.data?.registerSignedSigners as { userErrors: unknown[] };
      expect(payload.userErrors).toEqual([]);
      // The approved proposal had no signer yet: Ana is the only one, signed, so the proposal is finalized (6).
      expect(payload).toEqual({
        signingUrl: null,
        signerCount: 1,
        pendingSignerCount: 0,
        proposalSituation: 'FINALIZED',
        proposalSituationCode: 6,
        userErrors: [],
      });
    });

    it('adds an individual guarantor and refuses company details for a CPF', async () => {
      const id = await approvedProposal();
      const ok = await h.run(
        keyed(
          `mutation($id: ID!) { addGuarantor(input: { proposalId: $id, name: "Gil Garante", document: "111.444.777-35", state: "sp", individual: { email: "gil@example.com", monthlyIncome: "8500.50" } }) { guarantor { id number name document kind } userErrors { code } } }`,
        ),
        { id },
      );
      expect(ok.errors).toBeUndefined();
      expect(ok.data?.addGuarantor).toEqual({
        guarantor: { id: expect.any(String), number: 1, name: 'Gil Garante', document: '11144477735', kind: 'INDIVIDUAL' },
        userErrors: [],
      });
      await h.resetCalls();
      const bad = await h.run(
        keyed(
          `mutation($id: ID!) { addGuarantor(input: { proposalId: $id, name: "Gil", document: "11144477735", company: { tradeName: "X" } }) { guarantor { id } userErrors { code field } } }`,
        ),
        { id },
      );
      expect(bad.data?.addGuarantor).toEqual({ guarantor: null, userErrors: [{ code: 'DETAILS_DO_NOT_MATCH_DOCUMENT', field: ['input', 'company'] }] });
      expect((await h.calls()).total).toBe(0);
    });

    it('attaches a document and checks the extension (C0107/V0001) before any call', async () => {
      const id = await approvedProposal();
      const content = Buffer.from('%PDF-1.4 signed ccb').toString('base64');
      const mutation = `mutation($input: AttachDocumentInput!) { attachDocument(input: $input) { document { id typeCode fileName extension } userErrors { code field upstreamCode } } }`;
      const ok = await h.run(keyed(mutation), {
        input: { proposalId: id, documentTypeCode: 22, fileName: 'ccb.pdf', extension: '.PDF', contentBase64: content },
      });
      expect(ok.errors).toBeUndefined();
      expect(ok.data?.attachDocument).toEqual({ document: { id: expect.any(String), typeCode: 22, fileName: 'ccb.pdf', extension: 'pdf' }, userErrors: [] });
      await h.resetCalls();
      const bad = await h.run(keyed(mutation), {
        input: { proposalId: id, documentTypeCode: 22, fileName: 'ccb.exe', extension: 'exe', contentBase64: content },
      });
      expect(bad.data?.attachDocument).toEqual({
        document: null,
        userErrors: [{ code: 'EXTENSION_NOT_ALLOWED', field: ['input', 'extension'], upstreamCode: 'C0107/V0001' }],
      });
      expect((await h.calls()).total).toBe(0);
    });

    it('cancels a disbursed FGTS proposal once, returning the return boleto, even when repeated with the same key', async () => {
      const { id } = h.demo('fgts-disbursed');
      const mutation = `mutation($id: ID!) { cancelFgtsProposal(input: { proposalId: $id }, idempotencyKey: "cancel-1") { returnBoleto proposal { situation fgtsCancellations { digitableLine } } userErrors { code upstreamCode } } }`;
      const first = await h.run(keyed(mutation), { id });
      expect(first.errors).toBeUndefined();
      const payload = first.data?.cancelFgtsProposal as {
        returnBoleto: string;
        proposal: { situation: string; fgtsCancellations: Array<{ digitableLine: string }> };
        userErrors: unknown[];
      };
      expect(payload.userErrors).toEqual([]);
      expect(payload.returnBoleto).toMatch(/^\d{47}$/);
      expect(payload.proposal.situation).toBe('CANCELLED');
      expect(payload.proposal.fgtsCancellations.map((c) => c.digitableLine)).toContain(payload.returnBoleto);
      const again = await h.run(keyed(mutation), { id });
      expect((again.data?.cancelFgtsProposal as { returnBoleto: string }).returnBoleto).toBe(payload.returnBoleto);
      const otherKey = await h.run(keyed(mutation).replace('cancel-1', 'cancel-2'), { id });
      expect((otherKey.data?.cancelFgtsProposal as { userErrors: unknown[] }).userErrors).toEqual([{ code: 'ALREADY_CANCELLED', upstreamCode: '400/27' }]);
    });

    it('reports cancelling a ceded proposal as a userError', async () => {
      const { id } = h.demo('ceded');
      const result = await h.run(
        keyed(`mutation($id: ID!) { cancelFgtsProposal(input: { proposalId: $id }) { returnBoleto userErrors { code upstreamCode } } }`),
        { id },
      );
      expect(result.errors).toBeUndefined();
      expect(result.data?.cancelFgtsProposal).toEqual({ returnBoleto: null, userErrors: [{ code: 'CANCELLATION_NOT_ALLOWED', upstreamCode: '400/28' }] });
    });
  });
});
