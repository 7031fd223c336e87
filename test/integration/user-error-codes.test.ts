/**
 * Each mutation's own `userErrors.code`: a partner refusal mapped through the one
 * table (src/graphql/common/user-error-table.ts) to that mutation's enum, with its exact `code`,
 * `messageKey` and `upstreamCode`, and its message in English (no Accept-Language, or English) and in
 * Brazilian Portuguese (Accept-Language: pt-BR), over real HTTP against the sandbox.
 */
import { randomUUID } from 'node:crypto';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const FIELDS = 'userErrors { __typename code field message messageKey upstreamCode legacyCode }';

interface Refusal {
  mutation: string;
  typename: string;
  code: string;
  messageKey: string;
  upstreamCode: string;
  legacyCode: string;
  field: string[] | null;
  en: string;
  pt: string;
  /** The operation and its variables (a fresh key each time). */
  send: (graph: TestGraph) => { query: string; variables: Record<string, unknown> };
}

const proposalInput = (overrides: Record<string, unknown> = {}) => ({
  clientDocument: '529.982.247-25',
  clientName: 'Cliente Teste',
  contractType: 'CP',
  requestedAmount: '1500.00',
  monthlyInterestRate: '2.5',
  installments: 6,
  operationCode: `CODES-${randomUUID()}`,
  ...overrides,
});
const demoId = (graph: TestGraph, label: string): string => graph.sandbox.demo.find((proposal) => proposal.label === label)?.id ?? '';
const signer = { name: 'Ana Assinante', email: 'ana@example.com', document: '52998224725', mobilePhone: '11987654321' };

const REFUSALS: Refusal[] = [
  {
    mutation: 'createProposal',
    typename: 'CreateProposalUserError',
    code: 'CLIENT_MUST_BE_INDIVIDUAL',
    messageKey: 'createProposal.clientMustBeIndividual',
    upstreamCode: 'T0665/D0023',
    legacyCode: 'REJECTED',
    field: ['input', 'clientDocument'],
    en: 'The client must be an individual.',
    pt: 'O cliente deve ser pessoa física neste tipo de contrato.',
    send: () => ({
      query: `mutation($key: String!, $input: CreateProposalInput!) { createProposal(idempotencyKey: $key, input: $input) { ${FIELDS} } }`,
      variables: { key: randomUUID(), input: proposalInput({ contractType: 'CDC-PF', clientDocument: '11.222.333/0001-81' }) },
    }),
  },
  {
    mutation: 'cancelFgtsProposal',
    typename: 'CancelFgtsProposalUserError',
    code: 'CANCELLATION_NOT_ALLOWED',
    messageKey: 'cancelFgtsProposal.cancellationNotAllowed',
    upstreamCode: '400/28',
    legacyCode: 'REJECTED',
    field: null,
    en: 'Cancellation not allowed.',
    pt: 'O cancelamento não é permitido: mais de 7 dias após o desembolso, proposta cedida ou rejeitada, ou proposta não FGTS.',
    send: (graph) => ({
      query: `mutation($key: String!, $id: ID!) { cancelFgtsProposal(idempotencyKey: $key, input: { proposalId: $id }) { ${FIELDS} } }`,
      variables: { key: randomUUID(), id: demoId(graph, 'ceded') },
    }),
  },
  {
    mutation: 'inviteSigners',
    typename: 'SignersUserError',
    code: 'NOT_APPROVED',
    messageKey: 'signers.notApproved',
    upstreamCode: 'C0060/V0003',
    legacyCode: 'REJECTED',
    field: null,
    en: 'Signers cannot be added: the proposal must be approved.',
    pt: 'Não é possível incluir assinantes: a proposta precisa estar aprovada.',
    send: (graph) => ({
      query: `mutation($key: String!, $input: InviteSignersInput!) { inviteSigners(idempotencyKey: $key, input: $input) { ${FIELDS} } }`,
      variables: { key: randomUUID(), input: { proposalId: demoId(graph, 'under-review'), signers: [signer] } },
    }),
  },
  {
    mutation: 'attachDocument',
    typename: 'AttachDocumentUserError',
    code: 'NOT_FOUND',
    messageKey: 'attachDocument.notFound',
    upstreamCode: 'C0112/V0001',
    legacyCode: 'NOT_FOUND',
    field: null,
    en: 'Proposal not found.',
    pt: 'O parceiro de crédito não conhece esta proposta.',
    send: () => ({
      query: `mutation($key: String!, $input: AttachDocumentInput!) { attachDocument(idempotencyKey: $key, input: $input) { ${FIELDS} } }`,
      variables: {
        key: randomUUID(),
        input: { proposalId: randomUUID(), documentTypeCode: 5, fileName: 'cpf.pdf', extension: 'pdf', contentBase64: 'JVBERi0xLjQK' },
      },
    }),
  },
  {
    mutation: 'registerInstallmentPayment',
    typename: 'PaymentUserError',
    code: 'OVER_BALANCE',
    messageKey: 'payment.overBalance',
    upstreamCode: 'C0202/V0002',
    legacyCode: 'REJECTED',
    field: ['input', 'payment', 'amount'],
    en: 'The payment plus the discount exceeds the installment balance.',
    pt: 'O pagamento mais o desconto excede o saldo da parcela.',
    send: (graph) => ({
      query: `mutation($key: String!, $id: ID!) { registerInstallmentPayment(idempotencyKey: $key, input: { proposalId: $id, payment: { installmentNumber: 2, amount: "99999.00" } }) { ${FIELDS} } }`,
      variables: { key: randomUUID(), id: demoId(graph, 'disbursed') },
    }),
  },
  {
    mutation: 'generateBoletos',
    typename: 'BoletoUserError',
    code: 'PROPOSAL_NOT_DISBURSED',
    messageKey: 'boleto.proposalNotDisbursed',
    upstreamCode: 'C0200/V0001',
    legacyCode: 'REJECTED',
    field: null,
    en: 'The proposal has no receivables agenda yet (it was never disbursed).',
    pt: 'A proposta ainda não tem agenda de recebíveis: ela não foi desembolsada.',
    send: (graph) => ({
      query: `mutation($key: String!, $id: ID!) { generateBoletos(idempotencyKey: $key, input: { proposalId: $id, installments: [{ number: 1 }] }) { ${FIELDS} } }`,
      variables: { key: randomUUID(), id: demoId(graph, 'approved') },
    }),
  },
  {
    mutation: 'addGuarantor',
    typename: 'AddGuarantorUserError',
    code: 'NOT_FOUND',
    messageKey: 'addGuarantor.notFound',
    upstreamCode: 'C0112/V0001',
    legacyCode: 'NOT_FOUND',
    field: null,
    en: 'Proposal not found.',
    pt: 'O parceiro de crédito não conhece esta proposta.',
    send: () => ({
      query: `mutation($key: String!, $input: AddGuarantorInput!) { addGuarantor(idempotencyKey: $key, input: $input) { ${FIELDS} } }`,
      variables: { key: randomUUID(), input: { proposalId: randomUUID(), name: 'Gui Avalista', document: '52998224725' } },
    }),
  },
];

describe("each mutation's own userErrors.code", () => {
  let graph: TestGraph;
  beforeAll(async () => {
    graph = await startTestGraph();
  });
  afterAll(async () => {
    await graph?.close();
  });

  async function refuse(refusal: Refusal, headers: Record<string, string>): Promise<unknown[]> {
    const { query, variables } = refusal.send(graph);
    const response = await graph.execute<Record<string, { userErrors: unknown[] }>>(query, variables, headers);
    expect(response.errors).toBeUndefined();
    return response.data?.[refusal.mutation]?.userErrors ?? [];
  }

  const expected = (refusal: Refusal, message: string) => ({
    __typename: refusal.typename,
    code: refusal.code,
    field: refusal.field,
    message,
    messageKey: refusal.messageKey,
    upstreamCode: refusal.upstreamCode,
    legacyCode: refusal.legacyCode,
  });

  describe.each(REFUSALS.map((refusal) => [refusal.mutation, refusal.upstreamCode, refusal] as const))(
    '%s refused by the partner with %s',
    (_mutation, _code, refusal) => {
      it('is its own code with its messageKey, in English without Accept-Language', async () => {
        expect(await refuse(refusal, {})).toEqual([expected(refusal, refusal.en)]);
      });

      it('is the same code with the message in Brazilian Portuguese for Accept-Language: pt-BR', async () => {
        expect(await refuse(refusal, { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' })).toEqual([expected(refusal, refusal.pt)]);
      });
    },
  );

  it('answers English for Accept-Language that prefers English over Portuguese', async () => {
    const refusal = REFUSALS.find((candidate) => candidate.code === 'OVER_BALANCE') as Refusal;
    expect(await refuse(refusal, { 'accept-language': 'pt;q=0.5, en-US' })).toEqual([expected(refusal, refusal.en)]);
  });

  it('refuses input before any partner call with the same per-mutation codes, in Portuguese too', async () => {
    await graph.admin.resetCalls();
    const response = await graph.execute<{ inviteSigners: { userErrors: unknown[] } }>(
      `mutation($key: String!, $input: InviteSignersInput!) { inviteSigners(idempotencyKey: $key, input: $input) { ${FIELDS} } }`,
      { key: randomUUID(), input: { proposalId: demoId(graph, 'approved'), signers: [{ ...signer, email: 'not-an-email', mobilePhone: '11587654321' }] } },
      { 'accept-language': 'pt-BR' },
    );
    expect(response.data?.inviteSigners.userErrors).toEqual([
      {
        __typename: 'SignersUserError',
        code: 'INVALID_MOBILE',
        field: ['input', 'signers', '0', 'mobilePhone'],
        message: 'O celular deve ter 11 dígitos: DDD e um número iniciado por 6, 7, 8 ou 9.',
        messageKey: 'signers.invalidMobile',
        upstreamCode: 'T0668/D0010',
        legacyCode: 'INVALID_INPUT',
      },
      {
        __typename: 'SignersUserError',
        code: 'INVALID_EMAIL',
        field: ['input', 'signers', '0', 'email'],
        message: 'O e-mail do assinante é inválido.',
        messageKey: 'signers.invalidEmail',
        upstreamCode: 'T0668/D0001',
        legacyCode: 'INVALID_INPUT',
      },
    ]);
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('answers a generic UserError fragment through the interface', async () => {
    const response = await graph.execute<{ registerInstallmentPayment: { userErrors: unknown[] } }>(
      `mutation($key: String!, $id: ID!) { registerInstallmentPayment(idempotencyKey: $key, input: { proposalId: $id, payment: { installmentNumber: 2, amount: "99999.00" } }) { userErrors { ...Shown } } }
       fragment Shown on CreditUserError { messageKey upstreamCode }`,
      { key: randomUUID(), id: demoId(graph, 'disbursed') },
    );
    expect(response.data?.registerInstallmentPayment.userErrors).toEqual([{ messageKey: 'payment.overBalance', upstreamCode: 'C0202/V0002' }]);
  });
});
