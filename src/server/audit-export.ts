/**
 * `POST /audit/person-records`: one person's access records as a file, for a data subject's request
 * (LGPD art. 19). The document travels in the JSON body (`{ "document", "from"?, "to"?, "after"?,
 * "limit"? }`), never in the URL, so it reaches no access log; the records are found by its HMAC and
 * the file (ledger/access/export.ts, as the `audit export` command writes it) holds the HMAC, never
 * the document. JSON or CSV by `?format=json|csv` or the Accept header. At most `limit` records
 * (default and most {@link MAX_HTTP_EXPORT_RECORDS}) per answer, newest first; when more are kept the
 * answer's `x-next-cursor` header is the `after` of the next page. Needs `audit.read` (401 without a
 * caller, 403 INSUFFICIENT_SCOPE with another scope); the export, and a refused one, is itself an access
 * record, with the request's `x-purpose` as its purpose.
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type AuditTrail } from '../graphql/runtime/audit.js';
import { type AccessExportFormat, decodeAccessCursor, encodeAccessCursor, exportAccessRecords } from '../ledger/index.js';
import { documentKind, onlyDigits } from '../shared/documents.js';
import { type CallerAuthenticator } from './callers.js';
import { refuse } from './front-door.js';
import { type GraphBinding } from './types.js';

/** The route's path. */
export const AUDIT_EXPORT_PATH = '/audit/person-records';

/** Most records one answer holds. */
export const MAX_HTTP_EXPORT_RECORDS = 10_000;

/** The scope that may read the access record. */
const AUDIT_SCOPE = 'audit.read';

interface ExportBody {
  document: string;
  from?: Date;
  to?: Date;
  after?: string;
  limit: number;
}

type Parsed = { ok: true; body: ExportBody } | { ok: false; field: string; message: string };

function parseBody(raw: unknown): Parsed {
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const document = typeof body.document === 'string' ? onlyDigits(body.document) : '';
  if (typeof body.document !== 'string' || documentKind(document) === undefined) {
    return { ok: false, field: 'document', message: 'document must be a valid CPF or CNPJ.' };
  }
  const parsed: ExportBody = { document, limit: MAX_HTTP_EXPORT_RECORDS };
  for (const field of ['from', 'to'] as const) {
    const value = body[field];
    if (value !== undefined && value !== null) {
      const date = typeof value === 'string' ? new Date(value) : new Date(NaN);
      if (Number.isNaN(date.getTime())) {
        return { ok: false, field, message: `${field} must be an ISO 8601 instant.` };
      }
      parsed[field] = date;
    }
  }
  if (body.after !== undefined && body.after !== null) {
    if (typeof body.after !== 'string' || decodeAccessCursor(body.after) === undefined) {
      return { ok: false, field: 'after', message: 'after must be the x-next-cursor of a previous answer.' };
    }
    parsed.after = body.after;
  }
  if (body.limit !== undefined && body.limit !== null) {
    if (!Number.isInteger(body.limit) || (body.limit as number) < 1 || (body.limit as number) > MAX_HTTP_EXPORT_RECORDS) {
      return { ok: false, field: 'limit', message: `limit must be an integer from 1 to ${MAX_HTTP_EXPORT_RECORDS}.` };
    }
    parsed.limit = body.limit as number;
  }
  return { ok: true, body: parsed };
}

/** The format asked for: `?format=` first, then the Accept header (CSV when it names text/csv), else JSON; undefined for an unknown `?format=`. */
export function exportFormatOf(query: unknown, accept: string | undefined): AccessExportFormat | undefined {
  const format = (query as { format?: unknown } | undefined)?.format;
  if (format !== undefined) {
    return format === 'json' || format === 'csv' ? format : undefined;
  }
  return /\btext\/csv\b/i.test(accept ?? '') ? 'csv' : 'json';
}

/** Registers the route on `app`: callers authenticated as for GraphQL, records read through the graph's access recorder. */
export function registerAuditExport(
  app: FastifyInstance,
  deps: { graph: GraphBinding; authenticate: CallerAuthenticator; purposeOf: (request: FastifyRequest) => { purpose?: string } },
): void {
  app.route({ method: ['GET', 'PUT', 'DELETE', 'PATCH'], url: AUDIT_EXPORT_PATH, handler: async (request, reply) => refuseMethod(request, reply) });
  app.post(AUDIT_EXPORT_PATH, async (request, reply) => {
    const caller = await deps.authenticate(request.headers.authorization);
    if (caller === undefined) {
      void reply.header('www-authenticate', 'Bearer');
      return refuse(request, reply, 401, 'UNAUTHENTICATED', 'A valid API key or token is required: send Authorization: Bearer <key or JWT>.');
    }
    const format = exportFormatOf(request.query, request.headers.accept);
    if (format === undefined) {
      return refuse(request, reply, 400, 'BAD_USER_INPUT', 'format must be json or csv.');
    }
    const parsed = parseBody(request.body);
    const context = (await deps.graph.context({
      callerId: caller.callerId,
      scopes: caller.scopes,
      fresh: false,
      requestId: request.id,
      ...deps.purposeOf(request),
    })) as {
      audit?: AuditTrail;
    };
    const trail = context.audit;
    if (!caller.scopes.includes(AUDIT_SCOPE)) {
      // The attempt is an access too: recorded as refused (with its subject when one was named).
      trail?.disclose('access_records', parsed.ok ? parsed.body.document : null, ['export'], 'refused');
      trail?.commit();
      return refuse(request, reply, 403, 'INSUFFICIENT_SCOPE', `Exporting access records needs the ${AUDIT_SCOPE} scope.`);
    }
    if (!parsed.ok) {
      return refuse(request, reply, 400, 'BAD_USER_INPUT', parsed.message);
    }
    const recorder = trail?.recorder;
    if (trail === undefined || recorder === undefined) {
      return refuse(request, reply, 404, 'ROUTE_NOT_FOUND', 'This graph keeps no access record.');
    }
    const { document, from, to, after, limit } = parsed.body;
    // What is queued is written first: the file lists every record made before it.
    await recorder.flush();
    const subjectHmac = recorder.keys.subject(document);
    const rows = await recorder.store.find(
      { subjectHmac, ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) },
      limit + 1,
      after === undefined ? undefined : decodeAccessCursor(after),
    );
    const records = rows.slice(0, limit);
    const file = exportAccessRecords(records, format, { subjectHmac, generatedAt: new Date() });
    trail.disclose('access_records', document, ['export'], 'disclosed');
    trail.commit();
    const last = records.at(-1);
    if (rows.length > limit && last !== undefined) {
      void reply.header('x-next-cursor', encodeAccessCursor(last));
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .header('x-record-count', String(file.recordCount))
      .send(file.content);
  });
}

function refuseMethod(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  void reply.header('allow', 'POST');
  return refuse(request, reply, 405, 'METHOD_NOT_ALLOWED', 'Use POST.');
}
