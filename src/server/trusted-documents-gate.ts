import { createHash } from 'node:crypto';
import { type GraphQLSchema, Kind, type OperationTypeNode, parse, validate } from 'graphql';
import type { Logger } from './logger.js';

/** TRUSTED_DOCUMENTS: run any document, log the ones outside the manifest, or refuse them. */
export type TrustedDocumentsMode = 'off' | 'log' | 'require';

/** The scope of the router: it runs its own (planned) documents, never refused here. */
const ROUTER_SCOPE = 'federation';

/** At most this many distinct unknown documents are remembered for "logged once" (then the set starts over). */
const LOGGED_ONCE_BOUND = 10_000;

/** Hashes of this many distinct texts outside the manifest are remembered (then the map starts over); longer texts are hashed every time. */
const REMEMBERED_DIGESTS = 1000;
const REMEMBERED_MAX_LENGTH = 20_000;

/** What the gate decided for one request. */
export type TrustedDocumentDecision =
  /** `search`: a GET by id, rewritten into the query string Apollo Server reads (`?query=...`). */
  | { readonly kind: 'run'; readonly search?: string }
  | { readonly kind: 'refuse'; readonly status: number; readonly code: string; readonly message: string; readonly allow?: string };

/** What the gate decided for one operation over a socket (graphql-ws, graphql-sse): the text to run, or the refusal. */
export type SocketTrustDecision =
  { readonly kind: 'run'; readonly query: string } | { readonly kind: 'refuse'; readonly code: string; readonly message: string };

/** The parts of an HTTP GraphQL request the gate reads and, for a document by id, rewrites. */
export interface GraphQLHttpRequest {
  readonly method: string;
  readonly query: unknown;
  readonly body: unknown;
}

interface Entry {
  readonly body: string;
  readonly operation: OperationTypeNode;
}

/** The manifest, parsed and validated once, and the decision for each request. */
export interface TrustedDocumentGate {
  /** How many documents the manifest holds. */
  readonly size: number;
  /** Resolves a document id into its text (in place) and decides whether the request may run. */
  decide(request: GraphQLHttpRequest, scopes: readonly string[]): TrustedDocumentDecision;
  /**
   * The same decision for one operation over graphql-ws or graphql-sse: `fields` are its payload
   * (`query`, `operationName`, `extensions`, `documentId`), the id resolved into its text. Those
   * protocols need a `query` string: a document by id is sent with an empty one. A socket has no
   * automatic persisted queries, so an Apollo hash outside the manifest with no text is not found.
   */
  decideOperation(fields: Readonly<Record<string, unknown>>, scopes: readonly string[]): SocketTrustDecision;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Apollo's `extensions.persistedQuery.sha256Hash`, from a POST body's object or a GET's JSON text. */
function apolloHash(extensions: unknown): string | undefined {
  let value = extensions;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  const persisted = isRecord(value) ? value.persistedQuery : undefined;
  const hash = isRecord(persisted) ? persisted.sha256Hash : undefined;
  return typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash) ? hash : undefined;
}

/** The manifests already validated, per schema: one process validates a manifest once against a schema. */
const validated = new WeakMap<GraphQLSchema, WeakMap<Readonly<Record<string, string>>, ValidatedManifest>>();

interface ValidatedManifest {
  readonly entries: ReadonlyMap<string, Entry>;
  /** The manifest's texts themselves: a request sending one runs without hashing it (its id is its hash, checked at start). */
  readonly trustedTexts: ReadonlySet<string>;
}

/** Parses and validates every manifest document against `schema`, throwing at the first that does not validate. */
function validatedManifest(schema: GraphQLSchema, manifest: Readonly<Record<string, string>>): ValidatedManifest {
  const known = validated.get(schema)?.get(manifest);
  if (known !== undefined) {
    return known;
  }
  const entries = new Map<string, Entry>();
  const trustedTexts = new Set<string>();
  for (const [id, body] of Object.entries(manifest)) {
    if (id !== `sha256:${sha256(body)}`) {
      throw new Error(`trusted documents: manifest entry ${id} is not the sha256 of its document; run npm run documents`);
    }
    const document = parse(body);
    const errors = validate(schema, document);
    const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    if (errors.length > 0 || operation === undefined) {
      const name = operation?.name?.value ?? 'an operation';
      throw new Error(
        `trusted documents: ${name} (${id}) does not validate against the graph: ${errors[0]?.message ?? 'no operation'}; fix the operation or the schema, then run npm run documents`,
      );
    }
    entries.set(id, { body, operation: operation.operation });
    trustedTexts.add(body);
  }
  const bySchema = validated.get(schema) ?? new WeakMap();
  const result = { entries, trustedTexts };
  bySchema.set(manifest, result);
  validated.set(schema, bySchema);
  return result;
}

/**
 * Parses and validates every manifest document against `schema` (a start-up failure names the first
 * one that does not validate) and returns the gate. `manifest` maps `sha256:<hex>` to a document.
 */
export function createTrustedDocumentGate(
  mode: TrustedDocumentsMode,
  schema: GraphQLSchema,
  manifest: Readonly<Record<string, string>>,
  logger: Logger,
): TrustedDocumentGate {
  const { entries, trustedTexts } = validatedManifest(schema, manifest);
  const logged = new Set<string>();
  const digests = new Map<string, string>();
  /** The sha256 of a text outside the manifest, remembered: a client repeating its document pays one look-up. */
  const digestOf = (text: string): string => {
    let digest = digests.get(text);
    if (digest === undefined) {
      digest = sha256(text);
      if (text.length <= REMEMBERED_MAX_LENGTH) {
        if (digests.size >= REMEMBERED_DIGESTS) {
          digests.clear();
        }
        digests.set(text, digest);
      }
    }
    return digest;
  };

  const gate: TrustedDocumentGate = {
    size: entries.size,
    decideOperation(fields, scopes) {
      const body: Record<string, unknown> = { ...fields };
      if (body.query === '') {
        delete body.query;
      }
      const decision = gate.decide({ method: 'POST', query: undefined, body }, scopes);
      if (decision.kind === 'refuse') {
        return { kind: 'refuse', code: decision.code, message: decision.message };
      }
      if (typeof body.query === 'string') {
        return { kind: 'run', query: body.query };
      }
      if (apolloHash(fields.extensions) !== undefined) {
        return { kind: 'refuse', code: 'PERSISTED_DOCUMENT_NOT_FOUND', message: 'No trusted document has this persisted-query hash.' };
      }
      return { kind: 'run', query: typeof fields.query === 'string' ? fields.query : '' };
    },
    decide(request, scopes) {
      const post = request.method === 'POST';
      const fields = post ? request.body : request.query;
      if (!isRecord(fields)) {
        return { kind: 'run' };
      }
      const documentId = typeof fields.documentId === 'string' ? fields.documentId : undefined;
      const hash = apolloHash(fields.extensions);
      const id = documentId ?? (hash === undefined ? undefined : `sha256:${hash}`);
      const entry = id === undefined ? undefined : entries.get(id);
      if (entry !== undefined) {
        if (!post && entry.operation !== 'query') {
          return { kind: 'refuse', status: 405, code: 'METHOD_NOT_ALLOWED', message: `A ${entry.operation} runs over POST only.`, allow: 'POST' };
        }
        // The document by id: Apollo Server then runs it as if its text had been sent.
        const target = fields as Record<string, unknown>;
        target.query = entry.body;
        delete target.documentId;
        if (post) {
          return { kind: 'run' };
        }
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(target)) {
          if (typeof value === 'string') {
            search.set(name, value);
          }
        }
        return { kind: 'run', search: search.toString() };
      }
      if (documentId !== undefined) {
        return { kind: 'refuse', status: 400, code: 'PERSISTED_DOCUMENT_NOT_FOUND', message: 'No trusted document has this documentId.' };
      }
      const text = typeof fields.query === 'string' ? fields.query : undefined;
      if (text === undefined || mode === 'off' || scopes.includes(ROUTER_SCOPE)) {
        // No text: an Apollo automatic persisted query or a malformed request, answered by Apollo Server.
        return { kind: 'run' };
      }
      if (trustedTexts.has(text)) {
        return { kind: 'run' };
      }
      if (mode === 'require') {
        return {
          kind: 'refuse',
          status: 400,
          code: 'PERSISTED_DOCUMENT_REQUIRED',
          message: 'This graph runs only its trusted documents: send a documentId from its manifest.',
        };
      }
      const digest = digestOf(text);
      if (!logged.has(digest)) {
        if (logged.size >= LOGGED_ONCE_BOUND) {
          logged.clear();
        }
        logged.add(digest);
        // The hash and the operation's name only: never the document's text (it may carry literals).
        const operationName = typeof fields.operationName === 'string' ? fields.operationName.slice(0, 100) : undefined;
        logger.info('untrusted document', { documentHash: `sha256:${digest}`, operationName });
      }
      return { kind: 'run' };
    },
  };
  return gate;
}
