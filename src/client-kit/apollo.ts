/**
 * The mock kit for Apollo Client: a terminating link executing every operation against the mocked
 * client SDL in the test's own process, no server. Use it with the generated possibleTypes
 * (schema/possible-types.json) in the cache, as the application does.
 */
import { SchemaLink } from '@apollo/client/link/schema';
import { type GraphQLSchema } from 'graphql';

export function mockApolloLink(schema: GraphQLSchema): SchemaLink {
  return new SchemaLink({ schema });
}
