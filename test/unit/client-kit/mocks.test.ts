import { ApolloClient, InMemoryCache, gql } from '@apollo/client';
import { parse, subscribe } from 'graphql';
import { readFileSync } from 'node:fs';
import relay from 'relay-runtime';
import { mockApolloLink } from '../../../src/client-kit/apollo.js';
import { executeMock, mockClientSchema, relayFetch } from '../../../src/client-kit/mocks.js';
import { clientSdl } from '../../../src/client-kit/sdl.js';
import { cnpj, cpf, seededRng } from '../../../src/client-kit/values.js';
import { isValidCnpj, isValidCpf } from '../../../src/shared/documents.js';

const sdl = clientSdl();
const possibleTypes = (JSON.parse(readFileSync('schema/possible-types.json', 'utf8')) as { possibleTypes: Record<string, string[]> }).possibleTypes;
const PROPOSAL_ID = '3f1c2b9e-7d4a-4e21-9b3c-5a6d7e8f9a0b';

const DETAIL = `
  query Detail($id: ID!) {
    proposal(id: $id) {
      id situation financedAmount monthlyInterestRate installmentCount createdAt
      client { document name }
      installments { number amount dueDate situation }
    }
  }
`;

type Detail = {
  proposal: {
    id: string;
    situation: string;
    financedAmount: string;
    monthlyInterestRate: string;
    installmentCount: number;
    createdAt: string;
    client: { document: string; name: string };
    installments: Array<{ number: number; amount: string; dueDate: string; situation: string }>;
  };
};

describe('the mock kit generators', () => {
  it('makes CPFs and CNPJs the project’s own validators accept, 1000 of each', () => {
    const rng = seededRng(7);
    for (let i = 0; i < 1000; i += 1) {
      const person = cpf(rng);
      const company = cnpj(rng);
      expect([person.length, isValidCpf(person)]).toEqual([11, true]);
      expect([company.length, isValidCnpj(company)]).toEqual([14, true]);
    }
  });
});

describe('mockClientSchema', () => {
  it('answers a proposal by its id with realistic values, the same for the same seed', async () => {
    const first = await executeMock(mockClientSchema({ sdl, seed: 42 }).schema, DETAIL, { id: PROPOSAL_ID });
    const again = await executeMock(mockClientSchema({ sdl, seed: 42 }).schema, DETAIL, { id: PROPOSAL_ID });
    const other = await executeMock(mockClientSchema({ sdl, seed: 43 }).schema, DETAIL, { id: PROPOSAL_ID });
    expect(first.errors).toBeUndefined();
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    const { proposal } = first.data as Detail;
    expect(proposal.id).toBe(PROPOSAL_ID);
    expect(proposal.financedAmount).toMatch(/^\d{3,5}\.\d{2}$/);
    expect(proposal.monthlyInterestRate).toMatch(/^[0-4]\.\d{2}$/);
    expect(proposal.createdAt).toMatch(/^202[67]-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(isValidCpf(proposal.client.document)).toBe(true);
    const situations = (sdl.match(/enum ProposalSituation \{([^}]*)\}/)?.[1] ?? '').match(/^\s+[A-Z_]+$/gm)?.map((line) => line.trim());
    expect(situations).toContain(proposal.situation);
    expect(proposal.installments).toHaveLength(2);
    for (const installment of proposal.installments) {
      expect(installment.amount).toMatch(/^\d{3,5}\.\d{2}$/);
      expect(installment.dueDate).toMatch(/^202[67]-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/);
    }
  });

  it('keeps values a test fixes, and the rest generated', async () => {
    const { schema } = mockClientSchema({ sdl, mocks: { Proposal: () => ({ situation: 'UNDER_REVIEW', financedAmount: '1234.56' }) } });
    const { proposal } = (await executeMock(schema, DETAIL, { id: PROPOSAL_ID })).data as Detail;
    expect([proposal.situation, proposal.financedAmount]).toEqual(['UNDER_REVIEW', '1234.56']);
    expect(isValidCpf(proposal.client.document)).toBe(true);
  });

  it('answers the proposals asked by id, and the watched proposal’s change, as the same objects', async () => {
    const { schema } = mockClientSchema({ sdl, seed: 5 });
    const OTHER = '0b9a8f7e-6d5c-4b4a-9f3e-2d1c0b9a8f7e';
    const listed = await executeMock(schema, 'query($ids: [ID!]!) { proposals(ids: $ids) { id situation financedAmount } }', { ids: [PROPOSAL_ID, OTHER] });
    const read = await executeMock(schema, DETAIL, { id: PROPOSAL_ID });
    const proposals = (listed.data as { proposals: Array<{ id: string; situation: string; financedAmount: string }> }).proposals;
    expect(proposals.map((proposal) => proposal.id)).toEqual([PROPOSAL_ID, OTHER]);
    const { proposal } = read.data as Detail;
    expect(proposals[0]).toEqual({ id: PROPOSAL_ID, situation: proposal.situation, financedAmount: proposal.financedAmount });
    const events = await subscribe({
      schema,
      document: parse('subscription($id: ID!) { proposalChanged(id: $id) { proposalId proposal { id situation } } }'),
      variableValues: { id: PROPOSAL_ID },
    });
    if (!(Symbol.asyncIterator in events)) {
      throw new Error(`no event stream: ${JSON.stringify(events.errors)}`);
    }
    const received = [];
    for await (const event of events) {
      received.push(event);
    }
    expect(received).toEqual([{ data: { proposalChanged: { proposalId: PROPOSAL_ID, proposal: { id: PROPOSAL_ID, situation: proposal.situation } } } }]);
    const once = await executeMock(schema, 'subscription($id: ID!) { proposalChanged(id: $id) { proposalId proposal { id situation } } }', { id: PROPOSAL_ID });
    expect(once).toEqual(received[0]);
  });

  it('answers an invalid operation with its validation error and no data', async () => {
    const result = await executeMock(mockClientSchema({ sdl }).schema, '{ proposal(id: "x") { noSuchField } }');
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((error) => error.message)).toEqual(['Cannot query field "noSuchField" on type "Proposal".']);
  });
});

describe('with Apollo Client and the generated possibleTypes', () => {
  it('reads a mutation’s userErrors through a fragment on CreditUserError', async () => {
    const { schema } = mockClientSchema({
      sdl,
      mocks: { CreateProposalPayload: () => ({ proposal: null }), CreditUserError: () => ({ __typename: 'CreateProposalUserError' }) },
    });
    const client = new ApolloClient({ link: mockApolloLink(schema), cache: new InMemoryCache({ possibleTypes }) });
    const result = await client.mutate<{ createProposal: { userErrors: Array<{ __typename: string; code: string; message: string }> } }>({
      mutation: gql`
        mutation Create($input: CreateProposalInput!) {
          createProposal(input: $input, idempotencyKey: "k-1") {
            userErrors {
              ... on CreditUserError {
                code
                message
              }
            }
          }
        }
      `,
      variables: { input: { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1000.00', monthlyInterestRate: '2.5', installments: 6 } },
    });
    const errors = result.data?.createProposal.userErrors ?? [];
    expect(errors).toHaveLength(2);
    for (const error of errors) {
      expect(error.__typename).toBe('CreateProposalUserError');
      expect(typeof error.code).toBe('string');
    }
    expect(possibleTypes['CreditUserError']).toContain('CreateProposalUserError');
  });
});

describe('with a Relay environment', () => {
  it('fetches through a Network over the mocks, no server', async () => {
    const { schema } = mockClientSchema({ sdl, mocks: { Proposal: () => ({ financedAmount: '2500.00' }) } });
    const environment = new relay.Environment({ network: relay.Network.create(relayFetch(schema)), store: new relay.Store(new relay.RecordSource()) });
    const response = await new Promise<unknown>((resolve, reject) => {
      environment
        .getNetwork()
        .execute(
          { id: null, text: DETAIL, name: 'Detail', operationKind: 'query', metadata: {}, cacheID: 'Detail', providedVariables: undefined },
          { id: PROPOSAL_ID },
          {},
        )
        .subscribe({ next: resolve, error: reject });
    });
    expect((response as { data: Detail }).data.proposal).toMatchObject({ id: PROPOSAL_ID, financedAmount: '2500.00' });
  });
});
