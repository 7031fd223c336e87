/**
 * @jest-environment jsdom
 */
/*
 * The back office's pages rendered in jsdom over the client kit's mocks (the client SDL with seeded,
 * realistic values), no server: what a mocked value looks like on the page, exactly.
 */
import { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { type IMocks } from '@graphql-tools/mock';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { mockApolloLink } from '../../../src/client-kit/apollo';
import { mockClientSchema } from '../../../src/client-kit/mocks';
import { clientSdl } from '../../../src/client-kit/sdl';
import { isValidCpf } from '../../../src/shared/documents';
import { createCache } from '../src/cache';
import { ProposalDetail } from '../src/proposal-detail';
import { ProposalList } from '../src/proposal-list';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sdl = clientSdl();
const PROPOSAL_ID = '3f1c2b9e-7d4a-4e21-9b3c-5a6d7e8f9a0b';

let container: HTMLDivElement;
let root: Root;

/** Renders `page` over the mocks with the application's own cache (its possibleTypes and typePolicies); waits for `ready`. */
async function render(page: ReactNode, mocks: IMocks, ready: string): Promise<void> {
  const { schema } = mockClientSchema({ sdl, seed: 7, mocks });
  const client = new ApolloClient({ link: mockApolloLink(schema), cache: createCache() });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root.render(<ApolloProvider client={client}>{page}</ApolloProvider>);
  });
  for (let attempt = 0; attempt < 100 && container.querySelector(ready) === null; attempt += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  expect(container.querySelector(ready)).not.toBeNull();
}

function text(selector: string): string[] {
  return [...container.querySelectorAll(selector)].map((element) => element.textContent ?? '');
}

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('ProposalList over the mocks', () => {
  it('shows each row with its situation label, its amount in reais and its installments', async () => {
    await render(
      <ProposalList />,
      {
        Proposal: () => ({ situation: 'UNDER_REVIEW', financedAmount: '12345.6', installmentCount: 12, operationCode: 'OP-000123' }),
        ProposalConnection: () => ({ totalCount: 2 }),
        PageInfo: () => ({ hasNextPage: false }),
      },
      '[data-proposal-id]',
    );
    const rows = [...container.querySelectorAll('[data-testid="proposal-list"] tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['OP-000123', 'Under review', 'R$ 12.345,60', '12'],
      ['OP-000123', 'Under review', 'R$ 12.345,60', '12'],
    ]);
    expect(text('[data-testid="total-count"]')).toEqual(['2 proposals']);
    // Proposal ids are UUIDs, as the graph's; two distinct rows.
    const ids = [...container.querySelectorAll('[data-proposal-id]')].map((row) => row.getAttribute('data-proposal-id'));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    // Seeded: the same numbers and ids on every run.
    expect(text('[data-proposal-id] a')).toEqual(['22', '2']);
    expect(ids).toEqual(['9af9ed02-5601-4567-9bb5-522e53a50ae8', 'c9d2f892-63dd-4af9-8f73-9cd387824772']);
    expect(container.querySelector('button')?.textContent).toBe('Create proposal');
    expect(text('button').includes('Load more')).toBe(false);
  });
});

describe('ProposalDetail over the mocks', () => {
  it('shows the proposal asked, its client’s CPF, amounts in reais and due dates as days', async () => {
    await render(
      <ProposalDetail id={PROPOSAL_ID} />,
      {
        Proposal: () => ({ situation: 'APPROVED', financedAmount: '1234.56', monthlyInterestRate: '2.49', rejectionReason: null, clientSource: 'SUBMITTED' }),
        Person: () => ({ name: 'Ana Souza Lima' }),
        Installment: () => ({ amount: '205.76', dueDate: '2026-12-23', paidAmount: '0.00', balance: '205.76', situation: 'OPEN' }),
        AgendaDetail: () => ({ totalPaid: '411.52', settledAt: null }),
        Boleto: () => ({ amount: '1000', dueDate: '2027-01-05' }),
        Signer: () => ({ signedAt: null }),
      },
      '[data-testid="proposal-detail"]',
    );
    expect(container.querySelector('[data-testid="proposal-detail"]')?.getAttribute('data-proposal-id')).toBe(PROPOSAL_ID);
    expect(text('[data-testid="situation"]')).toEqual(['Approved']);
    const details = Object.fromEntries([...container.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(details['Financed']).toBe('R$ 1.234,56');
    expect(details['Monthly interest']).toBe('2.49%');
    const client = /^Ana Souza Lima \((\d{11})\) as submitted$/.exec(details['Client'] ?? '');
    expect(client).not.toBeNull();
    expect(isValidCpf(client![1]!)).toBe(true);
    const installments = [...container.querySelectorAll('[data-testid="installments"] tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(1, 6).map((cell) => cell.textContent),
    );
    expect(installments).toEqual([
      ['23/12/2026', 'R$ 205,76', 'OPEN', 'R$ 0,00', 'R$ 205,76'],
      ['23/12/2026', 'R$ 205,76', 'OPEN', 'R$ 0,00', 'R$ 205,76'],
    ]);
    expect(text('[data-testid="total-paid"]')).toEqual(['R$ 411,52']);
    const boletos = [...container.querySelectorAll('[data-testid="boletos"] tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(2, 4).map((cell) => cell.textContent),
    );
    expect(boletos).toEqual([
      ['R$ 1.000,00', '05/01/2027'],
      ['R$ 1.000,00', '05/01/2027'],
    ]);
  });
});
