import { type ApolloServerPlugin, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import {
  type DocumentNode,
  GraphQLBoolean,
  GraphQLError,
  type GraphQLFormattedError,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
} from 'graphql';
import { createFastPath, type FastPathOptions } from '../../../src/server/fast-path.js';

interface Context {
  callerId: string;
}

const schema = new GraphQLSchema({
  query: new GraphQLObjectType<unknown, Context>({
    name: 'Query',
    fields: {
      hello: {
        type: new GraphQLNonNull(GraphQLString),
        args: { name: { type: new GraphQLNonNull(GraphQLString) } },
        resolve: (_root, args: { name: string }, context) => `hello ${args.name} from ${context.callerId}`,
      },
      fails: {
        type: GraphQLString,
        resolve: () => {
          throw new Error('secret detail');
        },
      },
      limited: {
        type: GraphQLString,
        resolve: () => {
          throw new GraphQLError('slow down', {
            extensions: { code: 'THROTTLED', http: { status: 429, headers: new Map([['retry-after', '7']]) } as Record<string, unknown> },
          });
        },
      },
    },
  }),
  mutation: new GraphQLObjectType({ name: 'Mutation', fields: { touch: { type: GraphQLBoolean } } }),
});

const HELLO = 'query Hello($name: String!) { hello(name: $name) }';

/** Every hook call, in order, with the operation name each saw. */
function recordingPlugin(calls: string[]): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      calls.push('requestDidStart');
      return {
        async didResolveSource() {
          calls.push('didResolveSource');
        },
        async didResolveOperation({ operationName }) {
          calls.push(`didResolveOperation ${operationName}`);
        },
        async executionDidStart() {
          calls.push('executionDidStart');
          return {
            async executionDidEnd() {
              calls.push('executionDidEnd');
            },
          };
        },
        async didEncounterErrors({ errors }) {
          calls.push(`didEncounterErrors ${errors.length}`);
        },
        async willSendResponse({ response }) {
          calls.push('willSendResponse');
          response.http.headers.set('cache-control', 'no-store');
        },
      };
    },
  };
}

/** A formatError like the app's: known codes pass, anything else is masked. */
const formatError = (formatted: GraphQLFormattedError): GraphQLFormattedError =>
  formatted.extensions?.['code'] === 'THROTTLED' ? formatted : { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };

function fastPath(overrides: Partial<FastPathOptions<Context>> = {}, calls: string[] = []) {
  const documents = new Map<string, DocumentNode>();
  const options: FastPathOptions<Context> = {
    schema,
    plugins: [recordingPlugin(calls)],
    formatError,
    document: (query) => {
      let document = documents.get(query);
      if (document === undefined) {
        document = parse(query);
        documents.set(query, document);
      }
      return document;
    },
    serving: () => true,
    logger: console,
    ...overrides,
  };
  return createFastPath(options);
}

function post(body: unknown, headers: Record<string, string> = {}): HTTPGraphQLRequest {
  return { method: 'POST', headers: new HeaderMap(Object.entries({ 'content-type': 'application/json', ...headers })), search: '', body };
}

const context = async (): Promise<Context> => ({ callerId: 'caller-1' });

describe('createFastPath', () => {
  describe('a plain query', () => {
    it('runs the hooks in Apollo Server order and answers its bytes', async () => {
      const calls: string[] = [];
      const response = await fastPath({}, calls).run(post({ query: HELLO, variables: { name: 'Ana' } }), context);
      expect(calls).toEqual(['requestDidStart', 'didResolveSource', 'didResolveOperation Hello', 'executionDidStart', 'executionDidEnd', 'willSendResponse']);
      expect(response?.status).toBeUndefined();
      expect([...(response?.headers ?? [])]).toEqual([
        ['cache-control', 'no-store'],
        ['content-type', 'application/json; charset=utf-8'],
      ]);
      expect(response?.body).toEqual({ kind: 'complete', string: '{"data":{"hello":"hello Ana from caller-1"}}\n' });
    });

    it('answers in the media type the Accept header prefers, and 406 is left to Apollo Server', async () => {
      const path = fastPath();
      const graphqlResponse = await path.run(
        post({ query: HELLO, variables: { name: 'x' } }, { accept: 'application/graphql-response+json, application/json;q=0.5' }),
        context,
      );
      expect(graphqlResponse?.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
      expect(await path.run(post({ query: HELLO, variables: { name: 'x' } }, { accept: 'text/plain' }), context)).toBeUndefined();
    });

    it('moves an error’s extensions.http to the response and formats each error', async () => {
      const calls: string[] = [];
      const response = await fastPath({}, calls).run(post({ query: '{ limited fails }' }), context);
      expect(response?.status).toBe(429);
      expect(response?.headers.get('retry-after')).toBe('7');
      expect(JSON.parse(response?.body.kind === 'complete' ? response.body.string : '')).toEqual({
        errors: [
          { message: 'slow down', locations: [{ line: 1, column: 3 }], path: ['limited'], extensions: { code: 'THROTTLED' } },
          { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        ],
        data: { limited: null, fails: null },
      });
      expect(calls).toContain('didEncounterErrors 2');
    });

    it('answers a refusal of didResolveOperation as Apollo Server does: its error, status 500 unless the error sets one', async () => {
      const refusing: ApolloServerPlugin<Context> = {
        async requestDidStart() {
          return {
            async didResolveOperation() {
              throw new GraphQLError('no', { extensions: { code: 'THROTTLED' } });
            },
          };
        },
      };
      const response = await fastPath({ plugins: [refusing] }).run(post({ query: '{ limited }' }), context);
      expect(response?.status).toBe(500);
      expect(response?.body).toEqual({ kind: 'complete', string: '{"errors":[{"message":"no","extensions":{"code":"THROTTLED"}}]}\n' });
    });

    it('masks every answer when a plugin defines willResolveField, which the path does not run', async () => {
      const fieldPlugin: ApolloServerPlugin<Context> = {
        async requestDidStart() {
          return {
            async executionDidStart() {
              return { willResolveField: () => undefined };
            },
          };
        },
      };
      const response = await fastPath({ plugins: [fieldPlugin] }).run(post({ query: HELLO, variables: { name: 'x' } }), context);
      expect(response?.status).toBe(500);
      expect(response?.body).toEqual({
        kind: 'complete',
        string: '{"errors":[{"message":"Internal server error","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}\n',
      });
    });

    it('gives a formatter that throws the masked error', async () => {
      const response = await fastPath({
        formatError: () => {
          throw new Error('formatter bug');
        },
      }).run(post({ query: '{ fails }' }), context);
      expect(response?.body).toEqual({
        kind: 'complete',
        string: '{"errors":[{"message":"Internal server error","extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"fails":null}}\n',
      });
    });
  });

  describe('leaves to Apollo Server, without calling a hook or building a context,', () => {
    // Every case has its overrides (`{}` for none): jest takes a missing last argument for a done callback.
    const cases: Array<[string, HTTPGraphQLRequest, Partial<FastPathOptions<Context>>]> = [
      ['a GET', { method: 'GET', headers: new HeaderMap([['content-type', 'application/json']]), search: '?query={hello}', body: undefined }, {}],
      ['a text body', post({ query: HELLO }, { 'content-type': 'text/plain' }), {}],
      ['a body without a content type', { method: 'POST', headers: new HeaderMap(), search: '', body: { query: HELLO } }, {}],
      ['a body that is not an object', post([{ query: HELLO }]), {}],
      ['no query', post({ variables: {} }), {}],
      ['an operation name that is not a string', post({ query: HELLO, operationName: 3 }), {}],
      ['variables that are not an object', post({ query: HELLO, variables: '{"name":"x"}' }), {}],
      ['a persisted query', post({ query: HELLO, extensions: { persistedQuery: { version: 1 } } }), {}],
      ['a federated trace request', post({ query: HELLO, variables: { name: 'x' } }, { 'apollo-federation-include-trace': 'ftv1' }), {}],
      ['a document the guard does not remember', post({ query: HELLO, variables: { name: 'x' } }), { document: () => undefined }],
      ['an invalid document', post({ query: '{ nope }' }), {}],
      ['an unknown operation name', post({ query: HELLO, operationName: 'Other', variables: { name: 'x' } }), {}],
      ['a mutation', post({ query: 'mutation { touch }' }), {}],
      ['variables that do not coerce', post({ query: HELLO, variables: { name: 3 } }), {}],
      ['a missing variable', post({ query: HELLO }), {}],
      ['a server that is not serving', post({ query: HELLO, variables: { name: 'x' } }), { serving: () => false }],
    ];
    it.each(cases)('%s', async (_name, request, overrides) => {
      const calls: string[] = [];
      let built = 0;
      const response = await fastPath(overrides, calls).run(request, async () => {
        built += 1;
        return { callerId: 'x' };
      });
      expect(response).toBeUndefined();
      expect(calls).toEqual([]);
      expect(built).toBe(0);
    });

    it('a context that cannot be built (Apollo Server builds it again and reports the failure)', async () => {
      const calls: string[] = [];
      const response = await fastPath({}, calls).run(post({ query: HELLO, variables: { name: 'x' } }), async () => {
        throw new Error('no context');
      });
      expect(response).toBeUndefined();
      expect(calls).toEqual([]);
    });
  });
});
