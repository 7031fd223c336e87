import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { getMainDefinition, relayStylePagination } from '@apollo/client/utilities';
// Generated from schema/client.graphql by the root's `npm run codegen`: every interface and union with its implementations.
import introspection from '../../../schema/possible-types.json';
import { authorization } from './auth';
import { createLiveLink } from './live';

/** The graph's address: same origin by default (Vite's dev server and preview forward /graphql). */
export const GRAPH_URL: string = import.meta.env.VITE_GRAPH_URL ?? '/graphql';

/**
 * The cache as docs/frontend.md tells a frontend to build it (with the generated possibleTypes): every node is keyed by `__typename` and
 * `id` (the default), so a write's payload updates every page showing its nodes; the viewer has no
 * id, so it is merged in place; its proposal lists are keyed by filter and order and paged
 * Relay-style (`fetchMore({ variables: { after } })` appends).
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    // Fragments on Node and on UserError match their implementations.
    possibleTypes: introspection.possibleTypes,
    typePolicies: {
      CreditViewer: {
        merge: true,
        fields: {
          proposals: relayStylePagination(['situation', 'orderBy']),
        },
      },
    },
  });
}

/** Apollo Client over HTTP for queries and mutations, GraphQL over SSE for subscriptions. */
export function createApolloClient(): ApolloClient {
  const withAuthorization = new ApolloLink((operation, forward) => {
    const value = authorization();
    if (value !== undefined) {
      operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({ headers: { ...headers, authorization: value } }));
    }
    return forward(operation);
  });
  const http = ApolloLink.from([withAuthorization, new HttpLink({ uri: GRAPH_URL })]);
  const isSubscription = ({ query }: ApolloLink.Operation): boolean => {
    const definition = getMainDefinition(query);
    return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
  };
  return new ApolloClient({
    link: ApolloLink.split(isSubscription, createLiveLink(GRAPH_URL, authorization), http),
    cache: createCache(),
  });
}
