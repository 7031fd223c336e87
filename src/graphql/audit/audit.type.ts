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
  description: 'What a caller did: read personal data, or wrote (a mutation sent to the partner). Upstream: none (the access record).',
  valuesConfig: {
    READ: { description: 'A disclosure of personal data (or an attempt). Upstream: none (the access record).' },
    WRITE: { description: 'A write (a mutation). Upstream: none (the access record).' },
  },
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
  description: 'How an access ended. Upstream: none (the access record).',
  valuesConfig: {
    DISCLOSED: { description: 'The data was in the answer. Upstream: none (the access record).' },
    NOT_FOUND: { description: 'Asked for, but the partner had none: nothing disclosed. Upstream: none (the access record).' },
    REFUSED: { description: 'Refused by the graph (scope, ownership, invalid input) before any read or write. Upstream: none (the access record).' },
    FAILED: { description: 'The read or write failed (partner or ledger): nothing disclosed, nothing written. Upstream: none (the access record).' },
    SUCCEEDED: { description: 'A write the partner applied. Upstream: none (the access record).' },
    REJECTED: { description: 'A write the partner (or the idempotency rules) rejected. Upstream: none (the access record).' },
    UNKNOWN: { description: 'A write whose outcome is in doubt (its answer was lost). Upstream: none (the access record).' },
  },
});

/** One record of the access record. */
@ObjectType({
  description:
    "One access to personal data, or one write: who, what, whose (as an HMAC of the document, never the document), when, through which request, why (when the caller said) and how it ended. Sealed into a hash chain. Upstream: none (the graph's ledger).",
})
export class AccessRecord {
  @Field((_type) => ID, { description: 'The record id (a UUID). Upstream: none (the access record).' })
  recordId: string;

  @Field((_type) => DateTimeScalar, { description: 'When the answer was given. Upstream: none (the access record).' })
  at: Date;

  @Field((_type) => String, { description: "The caller (an API key's caller id or a JWT's sub). Upstream: none (the access record)." })
  callerId: string;

  @Field((_type) => String, { description: 'The request id of the answer (the one the caller sent or was answered with). Upstream: none (the access record).' })
  requestId: string;

  @Field((_type) => AccessAction, { description: 'Read or write. Upstream: none (the access record).' })
  action: AccessAction;

  @Field((_type) => String, {
    description:
      'What data was read (person, registration_record, bureau_report, guarantor, signer, access_records) or which partner operation was written (IncluirManual, IncluirLancamentoParcela...). Upstream: none (the access record).',
  })
  kind: string;

  @Field((_type) => [String], {
    description: 'The fields disclosed, or the input fields of a write: names only, never values. Upstream: none (the access record).',
  })
  fields: string[];

  @Field((_type) => String, {
    nullable: true,
    description: "HMAC-SHA256 of the person's document under the service's audit key; null when no person is concerned. Upstream: none (the access record).",
  })
  subjectHmac: string | null;

  @Field((_type) => ID, { nullable: true, description: 'The proposal written to, when a write. Upstream: none (the access record).' })
  proposalId: string | null;

  @Field((_type) => AccessOutcome, { description: 'How it ended. Upstream: none (the access record).' })
  outcome: AccessOutcome;

  @Field((_type) => String, { nullable: true, description: 'The purpose the caller gave, when it gave one. Upstream: none (the access record).' })
  purpose: string | null;

  @Field((_type) => Int, { description: 'Its place in its hash chain (see hash). Upstream: none (the access record).' })
  sequence: number;

  @Field((_type) => String, {
    description:
      "The record's link in its hash chain: a SHA-256 of the previous record's hash and this record's content, or, on the last record of each batch written, a seal (the same under the audit key, an HMAC-SHA256). npm run audit -- verify checks the chain. Upstream: none (the access record).",
  })
  hash: string;
}

/** One record with its cursor. */
@ObjectType({ description: 'One access record with its cursor. Upstream: none (the access record).' })
export class AccessRecordEdge {
  @Field((_type) => String, { description: 'Opaque cursor of this record in the list. Upstream: none (the access record).' })
  cursor: string;

  @Field((_type) => AccessRecord, { description: 'The record. Upstream: none (the access record).' })
  node: AccessRecord;
}

/** A page of access records, newest first. */
@ObjectType({ description: "A page of access records, newest first (Relay cursor connection). Upstream: none (the graph's ledger)." })
export class AccessRecordConnection {
  @Field((_type) => [AccessRecordEdge], { description: 'The records of this page with their cursors. Upstream: none (the access record).' })
  edges: AccessRecordEdge[];

  @Field((_type) => [AccessRecord], { description: 'The records of this page (edges { node }). Upstream: none (the access record).' })
  nodes: AccessRecord[];

  @Field((_type) => PageInfo, { description: 'Whether more follow and where to continue. Upstream: none (the access record).' })
  pageInfo: PageInfo;
}

/** Formats of an export. */
export enum AccessExportFormat {
  JSON = 'JSON',
  CSV = 'CSV',
}

registerEnumType(AccessExportFormat, {
  name: 'AccessExportFormat',
  description: 'File format of an export of access records. Upstream: none (the access record).',
  valuesConfig: {
    JSON: { description: 'One JSON document: { subjectHmac, generatedAt, records }. Upstream: none (the access record).' },
    CSV: { description: 'RFC 4180 CSV, one header line. Upstream: none (the access record).' },
  },
});

/** An export of one person's access records, as a file. */
@ObjectType({
  description: "One person's access records as a file (for a data subject's request): its name, type and content. Upstream: none (the graph's ledger).",
})
export class AccessRecordExport {
  @Field((_type) => String, { description: 'A file name for it (never the document). Upstream: none (the access record).' })
  fileName: string;

  @Field((_type) => String, { description: 'Its media type (application/json or text/csv). Upstream: none (the access record).' })
  contentType: string;

  @Field((_type) => String, { description: 'The file itself. Upstream: none (the access record).' })
  content: string;

  @Field((_type) => Int, { description: 'How many records it holds. Upstream: none (the access record).' })
  recordCount: number;
}
