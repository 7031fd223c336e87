import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { getMainDefinition } from '@apollo/client/utilities';
import { authorization } from './auth';
import { createCache } from './cache';
import { createLiveLink } from './live';

/** The graph's address: same origin by default (Vite's dev server and preview forward /graphql). */
export const GRAPH_URL: string = import.meta.env.VITE_GRAPH_URL ?? '/graphql';

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
