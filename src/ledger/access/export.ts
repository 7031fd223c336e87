import { type AccessCursor, type AccessRecord } from './record.js';

/** The file formats of an export. */
export type AccessExportFormat = 'json' | 'csv';

/** An export of access records: what a person (or an auditor) receives. */
export interface AccessExportFile {
  fileName: string;
  contentType: string;
  content: string;
  recordCount: number;
}

const COLUMNS = [
  'at',
  'callerId',
  'requestId',
  'action',
  'kind',
  'fields',
  'outcome',
  'purpose',
  'proposalId',
  'subjectHmac',
  'id',
  'chain',
  'seq',
  'hash',
] as const;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; a leading formula character neutralized. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(' ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Records as a file: JSON (`{ subjectHmac, generatedAt, records }`, the HMAC when they are one person's) or CSV (one
 * header line, then one line per record, newest first). Neither holds the document itself.
 */
export function exportAccessRecords(
  records: readonly AccessRecord[],
  format: AccessExportFormat,
  subject: { subjectHmac?: string; generatedAt: Date },
): AccessExportFile {
  const stamp = subject.generatedAt
    .toISOString()
    .replaceAll(':', '')
    .replace(/\.\d+Z$/, 'Z');
  const base = `access-records-${subject.subjectHmac?.slice(0, 12) ?? 'selection'}-${stamp}`;
  if (format === 'json') {
    return {
      fileName: `${base}.json`,
      contentType: 'application/json',
      content: `${JSON.stringify({ ...(subject.subjectHmac === undefined ? {} : { subjectHmac: subject.subjectHmac }), generatedAt: subject.generatedAt.toISOString(), records: records.map(exported) }, null, 2)}\n`,
      recordCount: records.length,
    };
  }
  const lines = [COLUMNS.join(','), ...records.map((r) => COLUMNS.map((column) => cell(r[column])).join(','))];
  return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', content: `${lines.join('\r\n')}\r\n`, recordCount: records.length };
}

function exported(record: AccessRecord): Record<string, unknown> {
  const { prevHash: _prevHash, ...rest } = record;
  return { ...rest, at: record.at.toISOString() };
}

/** The position after `record` in the newest-first order, as an opaque cursor (base64url JSON of time and id). */
export function encodeAccessCursor(record: Pick<AccessRecord, 'at' | 'id'>): string {
  return Buffer.from(JSON.stringify([record.at.toISOString(), record.id])).toString('base64url');
}

/** The position a cursor of {@link encodeAccessCursor} names, or undefined when `cursor` is not one. */
export function decodeAccessCursor(cursor: string): AccessCursor | undefined {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const date = typeof at === 'string' ? new Date(at) : new Date(NaN);
    return typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id) && !Number.isNaN(date.getTime()) ? { at: date, id } : undefined;
  } catch {
    return undefined;
  }
}
