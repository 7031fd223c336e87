import { type ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Field, FormError, type FormErrors, NO_ERRORS, placeErrors, requestError } from './errors';
import { money, situationLabel, SITUATION_FILTERS } from './format';
import { graphql } from './gql';
import {
  type CreateProposalInput,
  type MyProposalsQueryVariables,
  type CreditOrderDirection,
  type ProposalRowFragment,
  type ProposalSituation,
} from './gql/graphql';
import { useIntentKey } from './intent';
import { useViewerProposalsLive } from './live';

/** Proposals per page. */
export const PAGE_SIZE = 5;

export const PROPOSAL_ROW = graphql(`
  fragment ProposalRow on Proposal {
    id
    number
    operationCode
    situation
    financedAmount
    installmentCount
    createdAt
  }
`);

export const MY_PROPOSALS = graphql(`
  query MyProposals($first: Int!, $after: String, $situation: ProposalSituation, $orderBy: ProposalOrder) {
    creditViewer {
      callerId
      proposals(first: $first, after: $after, situation: $situation, orderBy: $orderBy) {
        totalCount
        edges {
          cursor
          node {
            ...ProposalRow
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

export const CREATE_PROPOSAL = graphql(`
  mutation CreateProposal($input: CreateProposalInput!, $idempotencyKey: String!) {
    createProposal(input: $input, idempotencyKey: $idempotencyKey) {
      proposal {
        ...ProposalRow
      }
      userErrors {
        code
        field
        message
        upstreamCode
      }
    }
  }
`);

/** The variables of the list the page shows. */
type ListVariables = MyProposalsQueryVariables;

/**
 * Puts a proposal just created into the list the page shows, when it belongs there (no situation
 * filter, or its own situation): at the head of a newest-first list, at the end of an oldest-first
 * list already complete; and counts it. The list shows it with no refetch. Lists of other filters
 * are refreshed when shown again (the query is cache-and-network).
 */
function addToList(cache: ApolloCache, variables: ListVariables, proposal: ProposalRowFragment): void {
  if (variables.situation !== undefined && variables.situation !== null && variables.situation !== proposal.situation) {
    return;
  }
  cache.updateQuery({ query: MY_PROPOSALS, variables }, (data) => {
    if (!data) {
      return data;
    }
    const list = data.creditViewer.proposals;
    if (list.edges.some((edge) => edge.node?.id === proposal.id)) {
      return data;
    }
    const newestFirst = variables.orderBy?.direction !== 'ASC';
    if (!newestFirst && list.pageInfo.hasNextPage) {
      return data;
    }
    // Not a cursor the graph issued: the list continues from pageInfo.endCursor, never from this edge.
    const edge = { __typename: 'ProposalEdge' as const, cursor: '', node: proposal };
    return {
      ...data,
      creditViewer: {
        ...data.creditViewer,
        proposals: {
          ...list,
          totalCount: list.totalCount === null ? null : list.totalCount + 1,
          edges: newestFirst ? [edge, ...list.edges] : [...list.edges, edge],
        },
      },
    };
  });
}

function CreateProposalForm({ list, onCreated }: { list: ListVariables; onCreated: (proposal: ProposalRowFragment) => void }): ReactNode {
  const [values, setValues] = useState({
    clientDocument: '',
    clientName: '',
    contractType: 'CP',
    requestedAmount: '',
    monthlyInterestRate: '',
    installments: '',
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const intent = useIntentKey();
  const [create, { loading }] = useMutation(CREATE_PROPOSAL);
  const fields = Object.keys(values).map((name) => `input.${name}`);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const input: CreateProposalInput = {
      clientDocument: values.clientDocument,
      ...(values.clientName === '' ? {} : { clientName: values.clientName }),
      contractType: values.contractType,
      requestedAmount: values.requestedAmount,
      monthlyInterestRate: values.monthlyInterestRate,
      installments: Number.parseInt(values.installments, 10) || 0,
    };
    try {
      const { data } = await create({
        variables: { input, idempotencyKey: intent.keyFor(input) },
        update: (cache, { data: written }) => {
          const proposal = written?.createProposal.proposal;
          if (proposal && written?.createProposal.userErrors.length === 0) {
            addToList(cache, list, proposal);
          }
        },
      });
      const payload = data?.createProposal;
      if (payload === undefined) {
        return;
      }
      setErrors(placeErrors(payload.userErrors, fields));
      if (payload.userErrors.length === 0 && payload.proposal) {
        intent.done();
        setValues({ ...values, clientDocument: '', clientName: '', requestedAmount: '' });
        onCreated(payload.proposal);
      }
    } catch (error) {
      setErrors({ byField: new Map(), form: [requestError(error)] });
    }
  }

  const input = (name: keyof typeof values, props: { placeholder?: string; inputMode?: 'decimal' | 'numeric' } = {}): ReactNode => (
    <input name={name} value={values[name]} onChange={(event) => setValues({ ...values, [name]: event.target.value })} {...props} />
  );
  return (
    <form className="card" onSubmit={(event) => void submit(event)} data-testid="create-proposal" noValidate>
      <h2>New proposal</h2>
      <div className="grid">
        <Field label="Client CPF or CNPJ" path="input.clientDocument" errors={errors}>
          {input('clientDocument', { placeholder: '529.982.247-25' })}
        </Field>
        <Field label="Client name" path="input.clientName" errors={errors}>
          {input('clientName')}
        </Field>
        <Field label="Contract type" path="input.contractType" errors={errors}>
          {input('contractType')}
        </Field>
        <Field label="Amount requested (R$)" path="input.requestedAmount" errors={errors}>
          {input('requestedAmount', { placeholder: '1200.00', inputMode: 'decimal' })}
        </Field>
        <Field label="Monthly interest (%)" path="input.monthlyInterestRate" errors={errors}>
          {input('monthlyInterestRate', { placeholder: '2.5', inputMode: 'decimal' })}
        </Field>
        <Field label="Installments" path="input.installments" errors={errors}>
          {input('installments', { placeholder: '6', inputMode: 'numeric' })}
        </Field>
      </div>
      <FormError errors={errors} />
      <button type="submit" disabled={loading}>
        Create proposal
      </button>
    </form>
  );
}

/** "My proposals": paged, filtered by situation, ordered by creation; a new one appears at once. */
export function ProposalList(): ReactNode {
  const [situation, setSituation] = useState<ProposalSituation | ''>('');
  const [direction, setDirection] = useState<CreditOrderDirection>('DESC');
  const variables = {
    first: PAGE_SIZE,
    ...(situation === '' ? {} : { situation }),
    orderBy: { field: 'CREATED_AT' as const, direction },
  };
  // cache-and-network: a list shown again (another filter, back from a detail page) is refreshed;
  // writes on this page update it in the cache and cause no request.
  const { data, loading, error, fetchMore } = useQuery(MY_PROPOSALS, { variables, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const [created, setCreated] = useState<string | null>(null);
  // The rows' situations follow the partner: every change of the caller's proposals updates its row.
  const live = useViewerProposalsLive();
  const connection = data?.creditViewer.proposals;

  return (
    <section>
      <CreateProposalForm list={variables} onCreated={(proposal) => setCreated(proposal.id)} />
      <div className="card">
        <h2>
          My proposals{' '}
          <span className={`badge live-${live}`} data-testid="list-live-status" title="Live updates">
            {live}
          </span>
        </h2>
        <div className="filters">
          <label>
            Situation{' '}
            <select name="situation" value={situation} onChange={(event) => setSituation(event.target.value as ProposalSituation | '')}>
              <option value="">All</option>
              {SITUATION_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {situationLabel(value)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Order{' '}
            <select name="order" value={direction} onChange={(event) => setDirection(event.target.value as CreditOrderDirection)}>
              <option value="DESC">Newest first</option>
              <option value="ASC">Oldest first</option>
            </select>
          </label>
          {connection?.totalCount !== null && connection?.totalCount !== undefined ? (
            <span data-testid="total-count">{connection.totalCount} proposals</span>
          ) : null}
        </div>
        {error ? (
          <p className="error" role="alert">
            {requestError(error).message}
          </p>
        ) : null}
        <table data-testid="proposal-list">
          <thead>
            <tr>
              <th>Number</th>
              <th>Operation code</th>
              <th>Situation</th>
              <th>Financed</th>
              <th>Installments</th>
            </tr>
          </thead>
          <tbody>
            {/* A node the partner no longer knows is null (PROPOSAL_UNKNOWN_TO_PARTNER): the rest of the page still shows. */}
            {connection?.edges
              .map(({ node }) => node)
              .filter((node) => node !== null)
              .map((node) => (
                <tr key={node.id} data-proposal-id={node.id} className={node.id === created ? 'new' : undefined}>
                  <td>
                    <a href={`#/proposals/${node.id}`}>{node.number}</a>
                  </td>
                  <td>{node.operationCode ?? '—'}</td>
                  <td data-testid="situation">{situationLabel(node.situation)}</td>
                  <td>{money(node.financedAmount)}</td>
                  <td>{node.installmentCount}</td>
                </tr>
              ))}
          </tbody>
        </table>
        {connection?.edges.length === 0 && !loading ? <p>No proposals yet.</p> : null}
        {connection?.pageInfo.hasNextPage ? (
          <button type="button" disabled={loading} onClick={() => void fetchMore({ variables: { after: connection.pageInfo.endCursor } })}>
            Load more
          </button>
        ) : null}
      </div>
    </section>
  );
}
