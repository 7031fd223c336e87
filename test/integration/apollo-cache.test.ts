/**
 * Writes return what they changed. A frontend holding a proposal's detail page in
 * Apollo Client's InMemoryCache (installments, agenda totals, boletos, the list row's situation,
 * signers, guarantors, documents) runs a mutation selecting its payload's nodes, and the page read
 * back from the cache alone (cache-only) shows the new values, to the cent, with no refetch: one HTTP
 * request for the write, and no partner call beyond the write's own and its payload's reads.
 */
import { ApolloClient, gql, HttpLink, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { randomUUID } from 'node:crypto';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The detail page of a disbursed proposal: the installments table, the agenda totals, the boletos and the list row. */
const DETAIL: TypedDocumentNode<Data, { id: string }> = gql`
  query Detail($id: ID!) {
    proposal(id: $id) {
      id
      situation
      installments {
        id
        number
        amount
        dueDate
        situation
        paidAmount
        balance
        boletos {
          id
          number
          digitableLine
        }
      }
      agenda {
        id
        totalPaid
      }
      boletos {
        id
        number
        installmentNumbers
        amount
        digitableLine
      }
    }
  }
`;

/** The detail page of a proposal under way: the list row and what was written through the graph. */
const UNDER_WAY: TypedDocumentNode<Data, { id: string }> = gql`
  query UnderWay($id: ID!) {
    proposal(id: $id) {
      id
      signers {
        id
        name
        status
      }
      guarantors {
        id
        name
      }
      documents {
        id
        typeCode
        fileName
      }
    }
  }
`;

const CREATE = gql`
  mutation Create($input: CreateProposalInput!, $key: String!) {
    createProposal(input: $input, idempotencyKey: $key) {
      proposal {
        id
      }
      userErrors {
        code
      }
    }
  }
`;

const INSTALLMENT_FIELDS = 'id number situation paidAmount balance';

const PAY = gql`
  mutation Pay($input: RegisterInstallmentPaymentInput!, $key: String!) {
    registerInstallmentPayment(input: $input, idempotencyKey: $key) {
      paidInstallments { ${INSTALLMENT_FIELDS} }
      proposal { id agenda { id totalPaid } }
      userErrors { code }
    }
  }
`;

const PAY_MANY = gql`
  mutation PayMany($input: RegisterInstallmentPaymentsInput!, $key: String!) {
    registerInstallmentPayments(input: $input, idempotencyKey: $key) {
      paidInstallments { ${INSTALLMENT_FIELDS} }
      proposal { id agenda { id totalPaid } }
      userErrors { code }
    }
  }
`;

const BOLETO_PAYLOAD = `
  boletos { id number installmentNumbers amount digitableLine }
  installments { id number boletos { id number digitableLine } }
  proposal { id boletos { id number installmentNumbers amount digitableLine } }
  userErrors { code }
`;

const GENERATE = gql`
  mutation Generate($input: GenerateBoletosInput!, $key: String!) {
    generateBoletos(input: $input, idempotencyKey: $key) { ${BOLETO_PAYLOAD} }
  }
`;

const GENERATE_SINGLE = gql`
  mutation GenerateSingle($input: GenerateSingleBoletoInput!, $key: String!) {
    generateSingleBoleto(input: $input, idempotencyKey: $key) { ${BOLETO_PAYLOAD} }
  }
`;

const INVITE = gql`
  mutation Invite($input: InviteSignersInput!, $key: String!) {
    inviteSigners(input: $input, idempotencyKey: $key) {
      signers {
        id
        name
        status
      }
      proposal {
        id
        signers {
          id
          name
          status
        }
      }
      userErrors {
        code
      }
    }
  }
`;

const ADD_GUARANTOR = gql`
  mutation AddGuarantor($id: ID!, $key: String!) {
    addGuarantor(
      input: {
        proposalId: $id
        name: "Gil Garante"
        document: "111.444.777-35"
        state: "sp"
        individual: { email: "gil@example.com", monthlyIncome: "8500.50" }
      }
      idempotencyKey: $key
    ) {
      guarantor {
        id
        name
      }
      proposal {
        id
        guarantors {
          id
          name
        }
      }
      userErrors {
        code
      }
    }
  }
`;

const ATTACH = gql`
  mutation Attach($input: AttachDocumentInput!, $key: String!) {
    attachDocument(input: $input, idempotencyKey: $key) {
      document {
        id
        typeCode
        fileName
      }
      proposal {
        id
        documents {
          id
          typeCode
          fileName
        }
      }
      userErrors {
        code
      }
    }
  }
`;

const FGTS: TypedDocumentNode<Data, { id: string }> = gql`
  query Fgts($id: ID!) {
    proposal(id: $id) {
      id
      situation
      situationCode
      fgtsCancellations {
        id
        eventName
        digitableLine
        amount
      }
    }
  }
`;

const CANCEL = gql`
  mutation Cancel($id: ID!, $key: String!) {
    cancelFgtsProposal(input: { proposalId: $id }, idempotencyKey: $key) {
      returnBoleto
      proposal {
        id
        situation
        situationCode
        fgtsCancellations {
          id
          eventName
          digitableLine
          amount
        }
      }
      userErrors {
        code
      }
    }
  }
`;

/** Adds whole reais and cents exactly (amounts are Decimal strings with two places). */
function plus(amount: string, cents: number): string {
  return ((Math.round(Number(amount) * 100) + cents) / 100).toFixed(2);
}

describe('Apollo Client cache after each write', () => {
  let graph: TestGraph;
  /** HTTP requests Apollo Client sent to the graph. */
  let requests: string[];
  let apollo: ApolloClient;

  beforeAll(async () => {
    graph = await startTestGraph();
  });

  afterAll(async () => {
    await graph.close();
  });

  beforeEach(() => {
    requests = [];
    const counted: typeof fetch = (input, init) => {
      requests.push(String((JSON.parse(String(init?.body)) as { operationName?: string }).operationName));
      return fetch(input, init);
    };
    apollo = new ApolloClient({ link: new HttpLink({ uri: graph.url, fetch: counted }), cache: new InMemoryCache() });
  });

  /** A proposal created through the graph, moved by the sandbox to `situation`. */
  async function proposal(situation: number): Promise<string> {
    const created = await apollo.mutate({
      mutation: CREATE,
      variables: {
        key: randomUUID(),
        input: {
          clientDocument: '529.982.247-25',
          clientName: 'Cliente Teste',
          contractType: 'CP',
          requestedAmount: '1200.00',
          monthlyInterestRate: '2.5',
          installments: 6,
        },
      },
    });
    const id = (created.data as Data).createProposal.proposal.id as string;
    await graph.admin.setSituation(id, situation);
    return id;
  }

  /** Loads `query` into the cache from the network, then starts counting requests and partner calls. */
  async function load(query: TypedDocumentNode<Data, { id: string }>, id: string): Promise<Data> {
    const { data } = await apollo.query({ query, variables: { id }, fetchPolicy: 'network-only' });
    await graph.admin.resetCalls();
    requests = [];
    return data as Data;
  }

  /** The page from the cache alone. */
  function cached(query: TypedDocumentNode<Data, { id: string }>, id: string): Data {
    const data = apollo.readQuery({ query, variables: { id } });
    if (data === null) {
      throw new Error('the cache no longer answers the whole page');
    }
    return data;
  }

  /** The same page read fresh by another client: what the cache must equal. */
  async function fresh(query: TypedDocumentNode<Data, { id: string }>, id: string): Promise<Data> {
    const other = new ApolloClient({ link: new HttpLink({ uri: graph.url }), cache: new InMemoryCache() });
    return (await other.query({ query, variables: { id }, fetchPolicy: 'network-only' })).data as Data;
  }

  it('shows a payment of R$ 100,00 on the installments table and the agenda totals: one Installment per installment', async () => {
    const id = await proposal(9);
    const before = (await load(DETAIL, id)).proposal;
    const first = before.installments[0];
    expect(first).toMatchObject({ number: 1, situation: 'OPEN', paidAmount: '0.00', balance: first.amount, boletos: [] });

    const result = await apollo.mutate({
      mutation: PAY,
      variables: { key: randomUUID(), input: { proposalId: id, payment: { installmentNumber: 1, amount: '100.00' } } },
    });
    expect((result.data as Data).registerInstallmentPayment.userErrors).toEqual([]);

    const after = cached(DETAIL, id).proposal;
    expect(after.installments[0]).toEqual({ ...first, situation: 'PARTIALLY_PAID', paidAmount: '100.00', balance: plus(first.amount, -10000) });
    expect(after.installments.slice(1)).toEqual(before.installments.slice(1));
    expect(after.agenda).toEqual({ __typename: 'AgendaDetail', id: before.agenda.id, totalPaid: plus(before.agenda.totalPaid, 10000) });
    expect(requests).toEqual(['Pay']);
    // The write, the agenda read recorded before it (in-doubt resolution), the payload's one agenda read.
    expect((await graph.admin.calls()).operations).toEqual({ '/AgendaRecebivel/IncluirLancamentoParcela': 1, '/AgendaRecebivel/ConsultarDetalhes': 2 });
    expect(after).toEqual((await fresh(DETAIL, id)).proposal);
  });

  it('shows a batch payment settling one installment and paying part of another', async () => {
    const id = await proposal(9);
    const before = (await load(DETAIL, id)).proposal;
    const [, second, third] = before.installments;

    const result = await apollo.mutate({
      mutation: PAY_MANY,
      variables: {
        key: randomUUID(),
        input: {
          proposalId: id,
          payments: [
            { installmentNumber: 2, amount: second.amount },
            { installmentNumber: 3, amount: '50.25' },
          ],
        },
      },
    });
    expect((result.data as Data).registerInstallmentPayments.userErrors).toEqual([]);

    const after = cached(DETAIL, id).proposal;
    expect(after.installments[1]).toEqual({ ...second, situation: 'SETTLED', paidAmount: second.amount, balance: '0.00' });
    expect(after.installments[2]).toEqual({ ...third, situation: 'PARTIALLY_PAID', paidAmount: '50.25', balance: plus(third.amount, -5025) });
    expect(after.agenda.totalPaid).toBe(plus(plus(before.agenda.totalPaid, 5025), Math.round(Number(second.amount) * 100)));
    expect(requests).toEqual(['PayMany']);
    expect((await graph.admin.calls()).operations).toEqual({
      '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas': 1,
      '/AgendaRecebivel/ConsultarDetalhes': 2,
    });
    expect(after).toEqual((await fresh(DETAIL, id)).proposal);
  });

  it("shows generated boletos on their installments' rows and in the proposal's boleto list", async () => {
    const id = await proposal(9);
    const before = (await load(DETAIL, id)).proposal;
    expect(before.boletos).toEqual([]);

    const result = await apollo.mutate({
      mutation: GENERATE,
      variables: { key: randomUUID(), input: { proposalId: id, installments: [{ number: 2 }, { number: 3 }] } },
    });
    const payload = (result.data as Data).generateBoletos;
    expect(payload.userErrors).toEqual([]);
    const [b2, b3] = payload.boletos;

    const after = cached(DETAIL, id).proposal;
    expect(after.boletos).toEqual(payload.boletos);
    expect(after.boletos.map((b: Data) => [b.installmentNumbers, b.amount])).toEqual([
      [[2], before.installments[1].balance],
      [[3], before.installments[2].balance],
    ]);
    expect(after.installments[1].boletos).toEqual([{ __typename: 'Boleto', id: b2.id, number: b2.number, digitableLine: b2.digitableLine }]);
    expect(after.installments[2].boletos).toEqual([{ __typename: 'Boleto', id: b3.id, number: b3.number, digitableLine: b3.digitableLine }]);
    expect(after.installments[0].boletos).toEqual([]);
    expect(requests).toEqual(['Generate']);
    // The write, the boleto list read before it (in-doubt resolution) and after it (shared by boletos
    // and proposal.boletos), and one agenda read for the installments.
    expect((await graph.admin.calls()).operations).toEqual({
      '/AgendaRecebivel/GerarMultiplosBoletos': 1,
      '/AgendaRecebivel/ConsultarBoletos': 2,
      '/AgendaRecebivel/ConsultarDetalhes': 1,
    });
    expect(after).toEqual((await fresh(DETAIL, id)).proposal);
  });

  it('shows one boleto covering two installments on both rows', async () => {
    const id = await proposal(9);
    const before = (await load(DETAIL, id)).proposal;

    const result = await apollo.mutate({ mutation: GENERATE_SINGLE, variables: { key: randomUUID(), input: { proposalId: id, installmentNumbers: [4, 5] } } });
    const payload = (result.data as Data).generateSingleBoleto;
    expect(payload.userErrors).toEqual([]);
    const [boleto] = payload.boletos;

    const after = cached(DETAIL, id).proposal;
    expect(after.boletos).toEqual([boleto]);
    expect(boleto.installmentNumbers).toEqual([4, 5]);
    expect(boleto.amount).toBe(plus(before.installments[3].balance, Math.round(Number(before.installments[4].balance) * 100)));
    const reference = { __typename: 'Boleto', id: boleto.id, number: boleto.number, digitableLine: boleto.digitableLine };
    expect([after.installments[3].boletos, after.installments[4].boletos]).toEqual([[reference], [reference]]);
    expect(requests).toEqual(['GenerateSingle']);
    expect((await graph.admin.calls()).operations).toEqual({
      '/AgendaRecebivel/GerarUnicoBoleto': 1,
      '/AgendaRecebivel/ConsultarBoletos': 2,
      '/AgendaRecebivel/ConsultarDetalhes': 1,
    });
    expect(after).toEqual((await fresh(DETAIL, id)).proposal);
  });

  it('shows invited signers, an added guarantor and an attached document, each with only its write at the partner', async () => {
    const id = await proposal(2);
    expect((await load(UNDER_WAY, id)).proposal).toMatchObject({ signers: [], guarantors: [], documents: [] });

    const invited = await apollo.mutate({
      mutation: INVITE,
      variables: {
        key: randomUUID(),
        input: { proposalId: id, signers: [{ name: 'Ana Assinante', email: 'ana@example.com', document: '52998224725', mobilePhone: '(11) 98765-4321' }] },
      },
    });
    const signers = (invited.data as Data).inviteSigners.signers;
    expect(signers).toEqual([{ __typename: 'Signer', id: expect.any(String), name: 'Ana Assinante', status: 'INVITED' }]);
    expect(cached(UNDER_WAY, id).proposal.signers).toEqual(signers);
    expect((await graph.admin.calls()).operations).toEqual({ '/Proposta/IncluirAssinaturaCCB': 1 });
    await graph.admin.resetCalls();

    const added = await apollo.mutate({ mutation: ADD_GUARANTOR, variables: { id, key: randomUUID() } });
    const guarantor = (added.data as Data).addGuarantor.guarantor;
    expect(cached(UNDER_WAY, id).proposal.guarantors).toEqual([guarantor]);
    expect(guarantor.name).toBe('Gil Garante');
    expect((await graph.admin.calls()).operations).toEqual({ '/Proposta/IncluirAvalista': 1 });
    await graph.admin.resetCalls();

    const content = Buffer.from('%PDF-1.4 signed ccb').toString('base64');
    const attached = await apollo.mutate({
      mutation: ATTACH,
      variables: { key: randomUUID(), input: { proposalId: id, documentTypeCode: 22, fileName: 'ccb.pdf', extension: 'pdf', contentBase64: content } },
    });
    const document = (attached.data as Data).attachDocument.document;
    expect(document).toEqual({ __typename: 'ProposalDocument', id: expect.any(String), typeCode: 22, fileName: 'ccb.pdf' });
    expect(cached(UNDER_WAY, id).proposal.documents).toEqual([document]);
    expect((await graph.admin.calls()).operations).toEqual({ '/Proposta/IncluirDocumento': 1 });

    expect(requests).toEqual(['Invite', 'AddGuarantor', 'Attach']);
    expect(cached(UNDER_WAY, id)).toEqual(await fresh(UNDER_WAY, id));
  });

  it("shows an FGTS cancellation on the list row and the proposal's cancellation events", async () => {
    const id = graph.sandbox.demo.find((p) => p.label === 'fgts-disbursed')?.id ?? '';
    const before = (await load(FGTS, id)).proposal;
    expect(before).toMatchObject({ situation: 'DISBURSED', fgtsCancellations: [] });

    const result = await apollo.mutate({ mutation: CANCEL, variables: { id, key: randomUUID() } });
    const payload = (result.data as Data).cancelFgtsProposal;
    expect(payload.userErrors).toEqual([]);

    const after = cached(FGTS, id).proposal;
    expect(after.situation).toBe('CANCELLED');
    expect(after.situationCode).toBe(4);
    expect(after.fgtsCancellations).toHaveLength(1);
    expect(after.fgtsCancellations[0].digitableLine).toBe(payload.returnBoleto);
    expect(requests).toEqual(['Cancel']);
    // The write, the record read before it (in-doubt resolution) and the payload's one record read.
    expect((await graph.admin.calls()).operations).toEqual({ '/FGTS/CancelarProposta': 1, '/FGTS/ConsultaProposta': 2 });
    expect(after).toEqual((await fresh(FGTS, id)).proposal);
  });
});
