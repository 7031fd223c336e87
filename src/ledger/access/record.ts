import { createHmac, createSecretKey, hash, hkdfSync } from 'node:crypto';
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
 * A pending record as one JSON line, an array: `[id, at, callerId, requestId, action, kind, fields,
 * subjectHmac, proposalId, outcome, purpose]`. Serialized once, when it is journaled
 * (access/journal.ts); what its link or seal covers ({@link sealedContent}) and the row the batched insert sends
 * (access/sql-store.ts) are cut from it, never serialized again. `at`: the record's time as an ISO
 * string, worked out once for all the records of one answer.
 */
export function accessLine(record: PendingAccess, at: string = record.at.toISOString()): string {
  return JSON.stringify([
    record.id,
    at,
    record.callerId,
    record.requestId,
    record.action,
    record.kind,
    record.fields,
    record.subjectHmac,
    record.proposalId,
    record.outcome,
    record.purpose,
  ]);
}

/**
 * What a record's seal or link covers, from its {@link accessLine}: the JSON array `[id, chain, seq, at,
 * callerId, ..., purpose]`, the same text {@link recordContent} makes of the stored record (the line
 * with `chain` and `seq` put after the id).
 */
export function sealedContent(line: string, id: string, chain: string, seq: number): string {
  const idText = JSON.stringify(id);
  return `[${idText},${JSON.stringify(chain)},${seq},${line.slice(idText.length + 2)}`;
}

/** The content a stored record's seal or link covers (what {@link sealedContent} cuts from its line). */
export function recordContent(r: Omit<AccessRecord, 'prevHash' | 'hash'>): string {
  return JSON.stringify([
    r.id,
    r.chain,
    r.seq,
    r.at.toISOString(),
    r.callerId,
    r.requestId,
    r.action,
    r.kind,
    r.fields,
    r.subjectHmac,
    r.proposalId,
    r.outcome,
    r.purpose,
  ]);
}

/**
 * The link of a record that is not the last of its batch: SHA-256 (hex, no key) of the previous hash
 * and the record's content. Each batch's last record carries a seal ({@link AccessKeys.sealContent},
 * keyed) instead, which covers the links before it through its previous hash: editing a record and
 * re-linking the records after it ends at a seal that no longer matches, and only the key can re-seal.
 * One keyed HMAC per batch instead of one per record (a chain written one record per batch, as
 * before this form, is all seals and verifies the same way).
 */
export function linkContent(prevHash: string, content: string): string {
  return hash('sha256', `${prevHash}\n${content}`);
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
  /**
   * The seal of a batch's last record: HMAC-SHA256 (hex) of the previous hash and the record's content,
   * as {@link sealedContent} cuts it from the record's line (or {@link recordContent} makes it of a stored record).
   */
  sealContent(prevHash: string, content: string): string;
}

/** Builds the keys of a secret. */
export function accessKeys(secret: string): AccessKeys {
  // Key objects: the key is imported once, not at every HMAC.
  const subjectKey = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'credit-graph', 'access-record subject', 32)));
  const sealKey = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'credit-graph', 'access-record seal', 32)));
  // One update of one string: each update() call into the HMAC costs more than the concatenation.
  const sealContent = (prevHash: string, content: string): string => createHmac('sha256', sealKey).update(`${prevHash}\n${content}`).digest('hex');
  return {
    // The same people are looked up again and again (a proposal's client on every read of it).
    subject: boundedMemo(10_000, (document: string) => createHmac('sha256', subjectKey).update(document).digest('hex')),
    sealContent,
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
