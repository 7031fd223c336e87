import { operationRoutes } from './routes/index.js';
import { int, obj, ref, type OperationDoc, type Schema, SHARED_COMPONENTS, str } from './routes/schema.js';

/*
 * The OpenAPI 3.0 document served at GET /_sandbox/openapi.json: one path per route of the route
 * table plus the token endpoint, each with the request and answer schema its route declares
 * (routes/<area>.schemas.ts), the same declaration that checks the request's types.
 */

/** Each operation's declared request and answer, by contract path. */
export const OPERATION_DOCS: Readonly<Record<string, OperationDoc>> = Object.fromEntries(operationRoutes().map((route) => [route.path, route.doc]));

const tokenPath = {
  post: {
    summary: 'OAuth 2.0 client credentials with an RS256 client assertion.',
    operationId: 'token',
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: obj(
            {
              grant_type: { type: 'string', enum: ['client_credentials'] },
              client_id: str,
              scope: { type: 'string', maxLength: 300 },
              client_assertion: str,
              client_assertion_type: { type: 'string', enum: ['urn:ietf:params:oauth:client-assertion-type:jwt-bearer'] },
            },
            ['grant_type', 'client_id', 'client_assertion', 'client_assertion_type'],
          ),
        },
      },
    },
    responses: {
      '200': { description: 'Token', content: { 'application/json': { schema: obj({ access_token: str, expires_in: int, token_type: str, scope: str }) } } },
      '400': {
        description: 'OAuth2 error',
        content: {
          'application/json': {
            schema: obj({
              error: { type: 'string', enum: ['invalid_client', 'invalid_scope', 'invalid_request', 'unsupported_grant_type'] },
              error_description: str,
            }),
          },
        },
      },
    },
  },
};

/** Builds the OpenAPI document for a sandbox at `url`. */
export function buildOpenApi(url: string): Record<string, unknown> {
  const paths: Record<string, unknown> = { '/connect/token': tokenPath };
  const schemas: Record<string, Schema> = { ...SHARED_COMPONENTS };
  for (const route of operationRoutes()) {
    const { doc } = route;
    Object.assign(schemas, doc.components);
    const envelope = route.pascal ? ref('EnvelopePascal') : ref('Envelope');
    paths[route.path] = {
      ...(route.path === '/FGTS/CancelarProposta' ? { servers: [{ url: `${url}/environment` }] } : {}),
      post: {
        summary: doc.summary,
        operationId: route.path.split('/').pop(),
        parameters: [{ name: 'IdempotencyKey', in: 'header', required: true, schema: { type: 'string', maxLength: 200 } }],
        requestBody: {
          required: true,
          content: Object.fromEntries(['application/json', 'text/json', 'application/*+json'].map((t) => [t, { schema: doc.request }])),
        },
        responses: {
          '200': { description: 'Envelope (hasError true for business failures)', content: { 'text/plain': { schema: doc.response } } },
          '400': { description: 'Validation failure', content: { 'text/plain': { schema: envelope } } },
          '401': { description: 'Missing, invalid, expired or revoked token', content: { 'text/plain': { schema: ref('Envelope') } } },
          '409': { description: 'IdempotencyKey reused with another body (I0001/V0001)', content: { 'text/plain': { schema: envelope } } },
        },
        'x-sandbox-write': route.write,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Credit partner API (sandbox)', version: '1.0', description: 'Offline twin of the partner API; see src/sandbox/README.md.' },
    servers: [{ url }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas,
    },
    paths,
  };
}
