import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { type AccessCursor, type AccessFilter, type AccessRecord as StoredRecord, type AccessRecorder, exportAccessRecords } from '../../ledger/index.js';
import { onlyDigits } from '../../shared/documents.js';
import { PageInfo } from '../common/page-info.type.js';
import { type GraphContext } from '../runtime/context.js';
import { badUserInput } from '../runtime/errors.js';
import { type AccessPageArgs, CallerAccessArgs, PersonAccessArgs, PersonAccessExportArgs, ProposalAccessArgs } from './audit.input.js';
import { AccessAction, type AccessOutcome, AccessRecord, AccessRecordConnection, AccessRecordEdge, AccessRecordExport } from './audit.type.js';

/** Most records one export holds (one person's records over the retention period). */
export const MAX_EXPORT_RECORDS = 10_000;

const encodeCursor = (record: StoredRecord): string => Buffer.from(JSON.stringify([record.at.toISOString(), record.id])).toString('base64url');

function decodeCursor(cursor: string): AccessCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const date = typeof at === 'string' ? new Date(at) : new Date(NaN);
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id) && !Number.isNaN(date.getTime())) {
      return { at: date, id };
    }
  } catch {
    // Answered below as not a cursor.
  }
  throw badUserInput([{ code: 'INVALID_INPUT', field: ['after'], message: 'after is not a cursor of this list.', upstreamCode: null }]);
}

function mapRecord(record: StoredRecord): AccessRecord {
  return Object.assign(new AccessRecord(), {
    recordId: record.id,
    at: record.at,
    callerId: record.callerId,
    requestId: record.requestId,
    action: record.action === 'read' ? AccessAction.READ : AccessAction.WRITE,
    kind: record.kind,
    fields: [...record.fields],
    subjectHmac: record.subjectHmac,
    proposalId: record.proposalId,
    outcome: record.outcome.toUpperCase() as AccessOutcome,
    purpose: record.purpose,
    sequence: record.seq,
    hash: record.hash,
  });
}

/** The recorder, with what is queued written first: an answer lists every record made before it. */
async function recorderOf(ctx: GraphContext): Promise<AccessRecorder> {
  const recorder = ctx.audit.recorder;
  if (recorder === undefined) {
    throw new Error('this graph keeps no access record');
  }
  await recorder.flush();
  return recorder;
}

const windowOf = (args: { from?: Date | null; to?: Date | null }): AccessFilter => ({
  ...(args.from == null ? {} : { from: args.from }),
  ...(args.to == null ? {} : { to: args.to }),
});

async function page(ctx: GraphContext, filter: AccessFilter, args: AccessPageArgs): Promise<AccessRecordConnection> {
  const recorder = await recorderOf(ctx);
  const after = args.after == null ? undefined : decodeCursor(args.after);
  const rows = await recorder.store.find({ ...filter, ...windowOf(args) }, args.first + 1, after);
  const records = rows.slice(0, args.first);
  const edges = records.map((record) => Object.assign(new AccessRecordEdge(), { cursor: encodeCursor(record), node: mapRecord(record) }));
  return Object.assign(new AccessRecordConnection(), {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: Object.assign(new PageInfo(), {
      hasNextPage: rows.length > args.first,
      hasPreviousPage: after !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? args.after ?? null,
    }),
  });
}

/** The access record's answers: who accessed a person's data, what a caller did, what happened to a proposal; an export. All need audit.read. */
@Resolver()
export class AuditResolver {
  @Query((_returns) => AccessRecordConnection, {
    description:
      "Who accessed this person's data, and who wrote with it: the access records whose subject is this CPF/CNPJ (looked up by its HMAC), newest first, within from/to. Needs audit.read; the look-up is itself recorded. Upstream: none (the graph's ledger).",
  })
  async personAccessRecords(@Args((_type) => PersonAccessArgs) args: PersonAccessArgs, @Ctx() ctx: GraphContext): Promise<AccessRecordConnection> {
    const document = onlyDigits(args.document);
    const recorder = await recorderOf(ctx);
    ctx.audit.disclose('access_records', document, ['personAccessRecords'], 'disclosed');
    return page(ctx, { subjectHmac: recorder.keys.subject(document) }, args);
  }

  @Query((_returns) => AccessRecordConnection, {
    description:
      "What this caller did: its disclosures of personal data and its writes, newest first, within from/to. Needs audit.read. Upstream: none (the graph's ledger).",
  })
  callerAccessRecords(@Args((_type) => CallerAccessArgs) args: CallerAccessArgs, @Ctx() ctx: GraphContext): Promise<AccessRecordConnection> {
    return page(ctx, { callerId: args.callerId }, args);
  }

  @Query((_returns) => AccessRecordConnection, {
    description:
      "What happened to this proposal: the writes sent to it through the graph (who, which operation, how it ended), newest first, within from/to. Needs audit.read. Upstream: none (the graph's ledger).",
  })
  proposalAccessRecords(@Args((_type) => ProposalAccessArgs) args: ProposalAccessArgs, @Ctx() ctx: GraphContext): Promise<AccessRecordConnection> {
    return page(ctx, { proposalId: args.proposalId }, args);
  }

  @Query((_returns) => AccessRecordExport, {
    description: `One person's access records as a file (JSON or CSV; at most ${MAX_EXPORT_RECORDS} records, newest first), for a data subject's request. The file holds the document's HMAC, never the document. Needs audit.read; the export is itself recorded. Upstream: none (the graph's ledger).`,
  })
  async personAccessRecordExport(@Args((_type) => PersonAccessExportArgs) args: PersonAccessExportArgs, @Ctx() ctx: GraphContext): Promise<AccessRecordExport> {
    const document = onlyDigits(args.document);
    const recorder = await recorderOf(ctx);
    ctx.audit.disclose('access_records', document, ['personAccessRecordExport'], 'disclosed');
    const subjectHmac = recorder.keys.subject(document);
    const records = await recorder.store.find({ subjectHmac, ...windowOf(args) }, MAX_EXPORT_RECORDS);
    const file = exportAccessRecords(records, args.format === 'CSV' ? 'csv' : 'json', { subjectHmac, generatedAt: new Date() });
    return Object.assign(new AccessRecordExport(), file);
  }
}
