import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfo } from '../common/page-info.type.js';
import { DateTimeScalar } from '../scalars.js';

/** Whether a record is of a read or a write. */
export enum AccessAction {
  READ = 'READ',
  WRITE = 'WRITE',
}

registerEnumType(AccessAction, {
  name: 'AccessAction',
  description: 'What a caller did: read personal data, or wrote (a mutation sent to the partner).',
  valuesConfig: { READ: { description: 'A disclosure of personal data (or an attempt).' }, WRITE: { description: 'A write (a mutation).' } },
});

/** How an access ended. */
export enum AccessOutcome {
  DISCLOSED = 'DISCLOSED',
  NOT_FOUND = 'NOT_FOUND',
  REFUSED = 'REFUSED',
  FAILED = 'FAILED',
  SUCCEEDED = 'SUCCEEDED',
  REJECTED = 'REJECTED',
  UNKNOWN = 'UNKNOWN',
}

registerEnumType(AccessOutcome, {
  name: 'AccessOutcome',
  description: 'How an access ended.',
  valuesConfig: {
    DISCLOSED: { description: 'The data was in the answer.' },
    NOT_FOUND: { description: 'Asked for, but the partner had none: nothing disclosed.' },
    REFUSED: { description: 'Refused by the graph (scope, ownership, invalid input) before any read or write.' },
    FAILED: { description: 'The read or write failed (partner or ledger): nothing disclosed, nothing written.' },
    SUCCEEDED: { description: 'A write the partner applied.' },
    REJECTED: { description: 'A write the partner (or the idempotency rules) rejected.' },
    UNKNOWN: { description: 'A write whose outcome is in doubt (its answer was lost).' },
  },
});

/** One record of the access record. */
@ObjectType({
  description:
    "One access to personal data, or one write: who, what, whose (as an HMAC of the document, never the document), when, through which request, why (when the caller said) and how it ended. Sealed into a hash chain. Upstream: none (the graph's ledger).",
})
export class AccessRecord {
  @Field((_type) => ID, { description: 'The record id.' })
  id: string;

  @Field((_type) => DateTimeScalar, { description: 'When the answer was given.' })
  at: Date;

  @Field((_type) => String, { description: "The caller (an API key's caller id or a JWT's sub)." })
  callerId: string;

  @Field((_type) => String, { description: 'The request id of the answer (the one the caller sent or was answered with).' })
  requestId: string;

  @Field((_type) => AccessAction, { description: 'Read or write.' })
  action: AccessAction;

  @Field((_type) => String, {
    description:
      'What data was read (person, registration_record, bureau_report, guarantor, signer, access_records) or which partner operation was written (IncluirManual, LancarPagamento...).',
  })
  kind: string;

  @Field((_type) => [String], { description: 'The fields disclosed, or the input fields of a write: names only, never values.' })
  fields: string[];

  @Field((_type) => String, {
    nullable: true,
    description: "HMAC-SHA256 of the person's document under the service's audit key; null when no person is concerned.",
  })
  subjectHmac: string | null;

  @Field((_type) => ID, { nullable: true, description: 'The proposal written to, when a write.' })
  proposalId: string | null;

  @Field((_type) => AccessOutcome, { description: 'How it ended.' })
  outcome: AccessOutcome;

  @Field((_type) => String, { nullable: true, description: 'The purpose the caller gave, when it gave one.' })
  purpose: string | null;

  @Field((_type) => Int, { description: 'Its place in its hash chain (see hash).' })
  sequence: number;

  @Field((_type) => String, {
    description: "The record's seal: an HMAC-SHA256 of the previous record's seal and this record's content (npm run audit -- verify checks the chain).",
  })
  hash: string;
}

/** One record with its cursor. */
@ObjectType({ description: 'One access record with its cursor.' })
export class AccessRecordEdge {
  @Field((_type) => String, { description: 'Opaque cursor of this record in the list.' })
  cursor: string;

  @Field((_type) => AccessRecord, { description: 'The record.' })
  node: AccessRecord;
}

/** A page of access records, newest first. */
@ObjectType({ description: "A page of access records, newest first (Relay cursor connection). Upstream: none (the graph's ledger)." })
export class AccessRecordConnection {
  @Field((_type) => [AccessRecordEdge], { description: 'The records of this page with their cursors.' })
  edges: AccessRecordEdge[];

  @Field((_type) => [AccessRecord], { description: 'The records of this page (edges { node }).' })
  nodes: AccessRecord[];

  @Field((_type) => PageInfo, { description: 'Whether more follow and where to continue.' })
  pageInfo: PageInfo;
}

/** Formats of an export. */
export enum AccessExportFormat {
  JSON = 'JSON',
  CSV = 'CSV',
}

registerEnumType(AccessExportFormat, {
  name: 'AccessExportFormat',
  description: 'File format of an export of access records.',
  valuesConfig: { JSON: { description: 'One JSON document: { subjectHmac, generatedAt, records }.' }, CSV: { description: 'RFC 4180 CSV, one header line.' } },
});

/** An export of one person's access records, as a file. */
@ObjectType({
  description: "One person's access records as a file (for a data subject's request): its name, type and content. Upstream: none (the graph's ledger).",
})
export class AccessRecordExport {
  @Field((_type) => String, { description: 'A file name for it (never the document).' })
  fileName: string;

  @Field((_type) => String, { description: 'Its media type (application/json or text/csv).' })
  contentType: string;

  @Field((_type) => String, { description: 'The file itself.' })
  content: string;

  @Field((_type) => Int, { description: 'How many records it holds.' })
  recordCount: number;
}
