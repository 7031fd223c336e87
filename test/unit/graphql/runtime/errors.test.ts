import { GraphQLError } from 'graphql';
import { mapUpstreamCode, toGraphQLError } from '../../../../src/graphql/runtime/errors.js';
import { GRAPH_ERROR_CODES, SERVER_ERROR_CODES } from '../../../../src/shared/error-codes.js';
import { createFormatError } from '../../../../src/server/errors.js';
import { type Logger, silentLogger } from '../../../../src/server/logger.js';
import {
  UPSTREAM_ERROR_CODES,
  UpstreamCircuitOpenError,
  UpstreamAuthError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../../../../src/upstream/index.js';

describe('mapUpstreamCode', () => {
  it('maps every upstream code to a literal graph code', () => {
    expect(Object.fromEntries(UPSTREAM_ERROR_CODES.map((code) => [code, mapUpstreamCode(code).code]))).toEqual({
      UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
      UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
      UPSTREAM_CIRCUIT_OPEN: 'UPSTREAM_CIRCUIT_OPEN',
      UPSTREAM_RATE_LIMITED: 'UPSTREAM_RATE_LIMITED',
      UPSTREAM_AUTH_FAILED: 'UPSTREAM_AUTH_FAILED',
      UPSTREAM_BAD_RESPONSE: 'UPSTREAM_BAD_RESPONSE',
      UPSTREAM_NOT_FOUND: 'NOT_FOUND',
      UPSTREAM_FORBIDDEN: 'FORBIDDEN',
      UPSTREAM_REJECTED: 'UPSTREAM_REJECTED',
      UPSTREAM_CALL_BUDGET_EXCEEDED: 'UPSTREAM_CALL_BUDGET_EXCEEDED',
    });
    for (const code of UPSTREAM_ERROR_CODES) {
      expect(GRAPH_ERROR_CODES).toContain(mapUpstreamCode(code).code);
    }
  });

  it('fails loudly on a code nobody mapped', () => {
    expect(() => mapUpstreamCode('UPSTREAM_SOMETHING_NEW' as never)).toThrow('Unmapped upstream error code');
  });

  it('marks transient failures retryable and the others not', () => {
    expect(UPSTREAM_ERROR_CODES.filter((code) => mapUpstreamCode(code).retryable)).toEqual([
      'UPSTREAM_TIMEOUT',
      'UPSTREAM_UNAVAILABLE',
      'UPSTREAM_CIRCUIT_OPEN',
      'UPSTREAM_RATE_LIMITED',
    ]);
  });
});

describe('toGraphQLError', () => {
  it('gives a timeout its code, operation and status without the upstream message', () => {
    const error = toGraphQLError(
      new UpstreamTimeoutError('deadline of 10000 ms passed for client 52998224725', { operation: 'ConsultarParcelas', status: 504 }),
    ) as GraphQLError;
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error.message).not.toContain('52998224725');
    expect(error.extensions).toEqual({ code: 'UPSTREAM_TIMEOUT', retryable: true, upstreamOperation: 'ConsultarParcelas', upstreamStatus: 504 });
  });

  it('carries Retry-After and catalogue codes when the upstream gave them', () => {
    const limited = toGraphQLError(
      new UpstreamRateLimitedError('429', { operation: 'ConsultaProposta', status: 429, local: false, retryAfterSeconds: 7 }),
    ) as GraphQLError;
    expect(limited.extensions).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 7 });
    const open = toGraphQLError(new UpstreamCircuitOpenError('open', { operation: 'ConsultaProposta', retryAfterSeconds: 12 })) as GraphQLError;
    expect(open.extensions).toEqual({ code: 'UPSTREAM_CIRCUIT_OPEN', retryable: true, upstreamOperation: 'ConsultaProposta', retryAfterSeconds: 12 });
    const rejected = toGraphQLError(
      new UpstreamRejectedError('x', {
        operation: 'CalcularValoresProposta',
        items: [{ code: 'T0665', detail: 'D0022', field: 'dto.formatoCalculo', description: 'inválido', meaning: 'invalid calculation format' }],
      }),
    ) as GraphQLError;
    expect(rejected.extensions).toMatchObject({ code: 'UPSTREAM_REJECTED', upstreamCodes: ['T0665/D0022'] });
    expect(rejected.message).not.toContain('inválido');
  });

  it('passes GraphQL errors through and leaves other errors for masking', () => {
    const graphQLError = new GraphQLError('x', { extensions: { code: 'BAD_USER_INPUT' } });
    expect(toGraphQLError(graphQLError)).toBe(graphQLError);
    const plain = new TypeError('boom');
    expect(toGraphQLError(plain)).toBe(plain);
  });
});

describe('the server formatError over the graph codes', () => {
  const formatGraphError = (formatted: ReturnType<GraphQLError['toJSON']>, error: unknown, logger: Logger = silentLogger): ReturnType<GraphQLError['toJSON']> =>
    createFormatError([...SERVER_ERROR_CODES, ...GRAPH_ERROR_CODES], logger, toGraphQLError)(formatted, error);

  it('masks unexpected errors as INTERNAL_SERVER_ERROR and logs them', () => {
    const logged: unknown[] = [];
    const logger: Logger = { ...silentLogger, error: (_message, fields) => logged.push(fields?.errorClass) };
    const original = new TypeError('cannot read x of undefined');
    const error = new GraphQLError(original.message, { originalError: original, path: ['proposal'] });
    const formatted = formatGraphError(error.toJSON(), error, logger);
    expect(formatted).toEqual({ message: 'Internal server error', path: ['proposal'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(logged).toEqual(['TypeError']);
  });

  it('maps an upstream error that escaped a resolver', () => {
    const original = new UpstreamUnavailableError('503', { operation: 'ConsultarDetalhes', status: 503 });
    const error = new GraphQLError('503', { originalError: original, path: ['proposal'] });
    expect(formatGraphError(error.toJSON(), error).extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstreamOperation: 'ConsultarDetalhes' });
  });

  it('keeps errors that already carry a graph code', () => {
    const error = new GraphQLError('bad', { extensions: { code: 'BAD_USER_INPUT' } });
    expect(formatGraphError(error.toJSON(), error)).toEqual(error.toJSON());
    const auth = toGraphQLError(new UpstreamAuthError('invalid_client', { operation: 'token', oauthError: 'invalid_client' })) as GraphQLError;
    expect(formatGraphError(auth.toJSON(), auth).extensions?.code).toBe('UPSTREAM_AUTH_FAILED');
    const notFound = toGraphQLError(new UpstreamNotFoundError('nf', { operation: 'ConsultarBoletos', items: [] })) as GraphQLError;
    expect(formatGraphError(notFound.toJSON(), notFound).extensions?.code).toBe('NOT_FOUND');
  });
});
