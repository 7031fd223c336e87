import { createHmac, createSecretKey, hkdfSync } from 'node:crypto';
import { boundedMemo } from '../../shared/memo.js';

/** How an access ended: a read disclosed data, found none, was refused or failed; a write's own outcomes. */
export type AccessOutcome = 'disclosed' | 'not_found' | 'refused' | 'failed' | 'succeeded' | 'rejected' | 'unknown';

/** What the graph hands the recorder: one disclosure or one write, the document already HMAC'd. */
export interface AccessEntry {
  callerId: string;
  requestId: string;
  action: 'read' | 'write';
  kind: string;
  /** Field names (never values), sorted. */
  fields: readonly string[];
  subjectHmac: string | null;
  proposalId: string | null;
  outcome: AccessOutcome;
  purpose: string | null;
}

/** An entry as journaled and queued: with its id and time, not yet sealed into a chain. */
export interface PendingAccess extends AccessEntry {
  id: string;
  at: Date;
}

/** A record as stored: sealed into its chain. */
export interface AccessRecord extends PendingAccess {
  chain: string;
  seq: number;
  prevHash: string;
  hash: string;
}

/**
 * A pending record as one JSON line (its journal line, access/journal.ts): written once, when it is
 * journaled, and sent as is with the batched insert (access/sql-store.ts), never serialized twice.
 * `at` is the record's time as an ISO string, worked out once for all the records of one answer.
 */
export function accessLine(record: PendingAccess, at: string = record.at.toISOString()): string {
  return JSON.stringify({
    callerId: record.callerId,
    requestId: record.requestId,
    action: record.action,
    kind: record.kind,
    fields: record.fields,
    subjectHmac: record.subjectHmac,
    proposalId: record.proposalId,
    outcome: record.outcome,
    purpose: record.purpose,
    id: record.id,
    at,
  });
}

/** The previous hash of a chain's first record (and the anchor of a chain never purged). */
export const GENESIS_HASH = '0'.repeat(64);

/** The chain every replica appends to (its head row serializes the appends of all of them). */
export const ACCESS_CHAIN = 'access';

/**
 * The keys of the access record, derived from the configured secret (`AUDIT_HMAC_KEY`) with
 * HKDF: one keys the subjects' documents (searchable: the same document, the same HMAC), the other
 * the chain's seals (editing a record and re-sealing the chain needs the secret, not only the database).
 */
export interface AccessKeys {
  /** HMAC-SHA256 (hex) of a document, digits only. */
  subject(document: string): string;
  /** The seal of a record: HMAC-SHA256 (hex) of the previous seal and the record's content. */
  seal(prevHash: string, record: Omit<AccessRecord, 'prevHash' | 'hash'>): string;
}

/** Builds the keys of a secret. */
export function accessKeys(secret: string): AccessKeys {
  // Key objects: the key is imported once, not at every HMAC.
  const subjectKey = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'credit-graph', 'access-record subject', 32)));
  const sealKey = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'credit-graph', 'access-record seal', 32)));
  return {
    // The same people are looked up again and again (a proposal's client on every read of it).
    subject: boundedMemo(10_000, (document: string) => createHmac('sha256', subjectKey).update(document).digest('hex')),
    // One update of one string: each update() call into the HMAC costs more than the concatenation.
    seal: (prevHash, r) =>
      createHmac('sha256', sealKey)
        .update(
          `${prevHash}\n${JSON.stringify([r.id, r.chain, r.seq, r.at.toISOString(), r.callerId, r.requestId, r.action, r.kind, r.fields, r.subjectHmac, r.proposalId, r.outcome, r.purpose])}`,
        )
        .digest('hex'),
  };
}

/** Which records a query wants: any combination, each narrowing. */
export interface AccessFilter {
  subjectHmac?: string;
  callerId?: string;
  proposalId?: string;
  /** At or after. */
  from?: Date;
  /** Before. */
  to?: Date;
}

/** A position in the newest-first order of records (time, then id). */
export interface AccessCursor {
  at: Date;
  id: string;
}

/** The head and the purge anchor of one chain. */
export interface ChainState {
  chain: string;
  headSeq: number;
  headHash: string;
  anchorSeq: number;
  anchorHash: string;
}
