import { type ColumnType } from 'kysely';

/** A bigint column: written as a number, read back as PostgreSQL's driver gives it (text or number). */
type BigInt = ColumnType<string | number, number, number>;

/** `ledger_access_records`: one row per disclosure of a person's data or per write, append-only. */
export interface AccessRecordsTable {
  id: string;
  /** The hash chain the record is sealed into, and its place in it (1, 2, ...). */
  chain: string;
  seq: BigInt;
  /** When the answer was given (the graph's clock). */
  at: Date;
  caller_id: string;
  request_id: string;
  action: 'read' | 'write';
  /** What was read (`person`, `bureau_report`, ...) or written (the partner operation). */
  kind: string;
  /** The fields disclosed or the input fields written: names only, never values. */
  fields: ColumnType<string[], string, string>;
  /** HMAC-SHA256 of the person's document under the audit key: never the document itself. */
  subject_hmac: string | null;
  proposal_id: string | null;
  outcome: string;
  /** The purpose the caller gave, when it gave one. */
  purpose: string | null;
  prev_hash: string;
  /** HMAC-SHA256, under the audit key, of `prev_hash` and the record's content (access/record.ts). */
  hash: string;
}

/** `ledger_access_chains`: the last record of each chain, and where the purge left its start. */
export interface AccessChainsTable {
  chain: string;
  head_seq: BigInt;
  head_hash: string;
  /** The last purged record (seq 0 and the genesis hash before any purge): the first kept one follows it. */
  anchor_seq: BigInt;
  anchor_hash: string;
}
