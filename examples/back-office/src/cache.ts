import { InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
// Generated from schema/client.graphql by the root's `npm run codegen`: every interface and union with its implementations.
import introspection from '../../../schema/possible-types.json' with { type: 'json' };

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
