/**
 * The floor the graph is measured against, run as a process of its own by bench/floor.ts: two plain
 * `node:http` servers that answer the same POST the graph answers, with nothing a GraphQL service adds.
 *
 * - S0 (`FLOOR_KIND=s0`): reads the request body and answers a fixed JSON body (the graph's own answer
 *   to the installments query, given in FLOOR_BODY) from memory.
 * - S1 (`FLOOR_KIND=s1`): reads the request body, parses it, makes one `ConsultarParcelas` call
 *   through undici with a token fetched once at start (and the idempotency key the partner requires), and answers the partner's body unchanged.
 * - SA (`FLOOR_KIND=stack`): the graph's stack with nothing of the graph on it: fastify (its defaults)
 *   and Apollo Server (its defaults, no plugin of ours) through the integration API, as Apollo's
 *   guide writes one, over a three-type schema whose one resolver answers the installments of
 *   FLOOR_BODY from memory. The graph's own layers (callers, limits, context, ledger, read cache,
 *   metrics, logs, audit, extensions) are what it costs beyond SA.
 *
 * Environment: FLOOR_KIND, FLOOR_PORT, FLOOR_BODY (S0), FLOOR_UPSTREAM_URL, FLOOR_CLIENT_ID,
 * FLOOR_PRIVATE_KEY (S1). Prints `listening` on stdout once it accepts requests.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ApolloServer, HeaderMap } from '@apollo/server';
import Fastify from 'fastify';
import { Agent, request } from 'undici';
import { TokenProvider } from '../src/upstream/auth.js';

const kind = process.env.FLOOR_KIND;
const port = Number(process.env.FLOOR_PORT ?? '0');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handlerFor(): Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> {
  if (kind === 's0') {
    const body = Buffer.from(process.env.FLOOR_BODY ?? '{}');
    return async (req, res) => {
      await readBody(req);
      answer(res, 200, body);
    };
  }
  if (kind === 's1') {
    const upstream = (process.env.FLOOR_UPSTREAM_URL ?? '').replace(/\/+$/, '');
    const agent = new Agent({ connections: 64 });
    const tokens = new TokenProvider({
      authUrl: upstream,
      dispatcher: agent,
      requestTimeoutMs: 10_000,
      clientId: process.env.FLOOR_CLIENT_ID ?? '',
      privateKeyPem: process.env.FLOOR_PRIVATE_KEY ?? '',
    });
    const closing = new AbortController();
    const token = await tokens.token(closing.signal, 'token');
    return async (req, res) => {
      const { variables } = JSON.parse(await readBody(req)) as { variables: { id: string } };
      const upstreamAnswer = await request(`${upstream}/Proposta/ConsultarParcelas`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json', IdempotencyKey: randomUUID() },
        body: JSON.stringify({ dto: { codigoProposta: variables.id } }),
      });
      answer(res, upstreamAnswer.statusCode, await upstreamAnswer.body.text());
    };
  }
  throw new Error(`FLOOR_KIND must be s0, s1 or stack, not ${kind}`);
}

/** SA: fastify and Apollo Server over a schema answering FLOOR_BODY's installments. */
async function startStack(): Promise<void> {
  const answer = JSON.parse(process.env.FLOOR_BODY ?? '{}') as { data?: { proposal?: { installments?: unknown[] } } };
  const installments = answer.data?.proposal?.installments ?? [];
  const apollo = new ApolloServer({
    typeDefs: `type Query { proposal(id: ID!): Proposal }
      type Proposal { installments: [Installment!]! }
      type Installment { number: Int! amount: String! dueDate: String! }`,
    resolvers: { Query: { proposal: () => ({ installments }) } },
  });
  await apollo.start();
  const app = Fastify();
  app.post('/graphql', async (request, reply) => {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) {
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
    }
    const result = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: request.method, headers, search: '', body: request.body },
      context: async () => ({}),
    });
    for (const [name, value] of result.headers) {
      void reply.header(name, value);
    }
    void reply.code(result.status ?? 200);
    return result.body.kind === 'complete' ? result.body.string : '';
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write('listening\n');
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** S0 or S1: a plain `node:http` server. */
async function startPlain(): Promise<void> {
  const handle = await handlerFor();
  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => answer(res, 500, JSON.stringify({ error: String(error) })));
  });
  server.listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (kind === 'stack') {
  await startStack();
} else {
  await startPlain();
}
