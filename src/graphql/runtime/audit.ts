import { type ExecutionResult } from 'graphql';
import { type AccessEntry, type AccessOutcome, type AccessRecorder } from '../../ledger/index.js';

/** Longest purpose kept (a caller's free text: bounded like any input). */
export const MAX_PURPOSE_LENGTH = 200;

/** One disclosure being gathered: a kind of data of one subject, with one outcome, over the whole answer. */
export interface Gathered {
  kind: string;
  document: string | null;
  proposalId: string | null;
  outcome: AccessOutcome;
  fields: Set<string>;
}

/**
 * The access record of ONE request: disclosures gathered while the answer is resolved (one record per
 * kind of data, subject and outcome, with every field disclosed), writes as they end; handed to the
 * recorder by {@link commit} when the answer is about to be sent. Documents are HMAC'd there, once per
 * record: nothing of this runs for an answer that discloses no personal data.
 */
export class AuditTrail {
  private gathered: Map<string, Gathered> | undefined;
  /** The entry noted last (the next note is most often about the same person). */
  private last: Gathered | undefined;
  private writes: AccessEntry[] | undefined;
  private purposeText: string | null;

  constructor(
    readonly recorder: AccessRecorder | undefined,
    readonly callerId: string,
    readonly requestId: string,
    purpose?: string,
  ) {
    this.purposeText = purpose === undefined ? null : boundedPurpose(purpose);
  }

  /** The purpose the caller gave for this request (a header or an argument), kept on every record of it. */
  set purpose(purpose: string) {
    this.purposeText = boundedPurpose(purpose);
  }

  /** Notes that `fields` of `kind` about the person of `document` were disclosed, found absent, refused or failed. */
  disclose(kind: string, document: string | null, fields: Iterable<string>, outcome: AccessOutcome, proposalId: string | null = null): void {
    // The same person's fields are noted one by one: the last entry is checked before the map.
    let entry = this.last;
    if (entry === undefined || entry.kind !== kind || entry.document !== document || entry.outcome !== outcome || entry.proposalId !== proposalId) {
      const key = `${kind}\n${document ?? ''}\n${outcome}\n${proposalId ?? ''}`;
      this.gathered ??= new Map();
      entry = this.gathered.get(key);
      if (entry === undefined) {
        entry = { kind, document, proposalId, outcome, fields: new Set() };
        this.gathered.set(key, entry);
      }
      this.last = entry;
    }
    for (const field of fields) {
      entry.fields.add(field);
    }
  }

  /** Notes a write: the partner operation, the input fields sent (names only), its proposal, whose data and how it ended. */
  wrote(kind: string, fields: readonly string[], proposalId: string | null, document: string | null, outcome: AccessOutcome): void {
    (this.writes ??= []).push(this.entry('write', kind, fields, document, proposalId, outcome));
  }

  /**
   * The disclosures gathered so far (a copy; writes are not included), to {@link replay} on another
   * trail: a subscription event is executed once for every subscriber of its cohort, and each
   * subscriber's own trail records what was delivered to it.
   */
  disclosures(): readonly Gathered[] {
    return [...(this.gathered?.values() ?? [])].map((g) => ({ ...g, fields: new Set(g.fields) }));
  }

  /** Notes `disclosures` (from {@link disclosures} of another trail) as this request's own. */
  replay(disclosures: readonly Gathered[]): void {
    for (const g of disclosures) {
      this.disclose(g.kind, g.document, g.fields, g.outcome, g.proposalId);
    }
  }

  /** Whether anything was noted. */
  get empty(): boolean {
    return this.gathered === undefined && this.writes === undefined;
  }

  /** Hands what was noted to the recorder (journaled before this returns) and starts over. */
  commit(): void {
    if (this.empty) {
      return;
    }
    if (this.recorder === undefined) {
      this.gathered = undefined;
      this.last = undefined;
      this.writes = undefined;
      return;
    }
    const entries: AccessEntry[] = [...(this.writes ?? [])];
    for (const g of this.gathered?.values() ?? []) {
      entries.push(this.entry('read', g.kind, g.fields, g.document, g.proposalId, g.outcome));
    }
    this.gathered = undefined;
    this.last = undefined;
    this.writes = undefined;
    this.recorder?.record(entries);
  }

  private entry(
    action: AccessEntry['action'],
    kind: string,
    fields: Iterable<string>,
    document: string | null,
    proposalId: string | null,
    outcome: AccessOutcome,
  ): AccessEntry {
    return {
      callerId: this.callerId,
      requestId: this.requestId,
      action,
      kind,
      fields: [...fields].sort(),
      subjectHmac: document === null || this.recorder === undefined ? null : this.recorder.keys.subject(document),
      proposalId,
      outcome,
      purpose: this.purposeText,
    };
  }
}

function boundedPurpose(purpose: string): string | null {
  const trimmed = purpose.trim().slice(0, MAX_PURPOSE_LENGTH);
  return trimmed === '' ? null : trimmed;
}

/** The disclosures of each executed subscription event, computed once for its whole cohort. */
const disclosed = new WeakMap<ExecutionResult, readonly Gathered[]>();

/**
 * Keeps what executing one subscription event disclosed (gathered on `trail`, the event's own
 * context) with its result. The result is shared by every subscriber of the cohort; nothing is
 * recorded yet: an event replaced by a later one before its subscriber took it was never disclosed.
 */
export function noteEventDisclosures(result: ExecutionResult, trail: AuditTrail): ExecutionResult {
  const disclosures = trail.disclosures();
  if (disclosures.length > 0) {
    disclosed.set(result, disclosures);
  }
  return result;
}

/**
 * Records that `result` was delivered to the subscriber of `trail` (its caller, its subscription's
 * request id and purpose): one record per kind of data and subject, as for a query answer. An event
 * that disclosed nothing (or was replaced by a size error) costs one look-up.
 */
export function recordDelivered(result: ExecutionResult, trail: AuditTrail): ExecutionResult {
  const disclosures = disclosed.get(result);
  if (disclosures !== undefined) {
    trail.replay(disclosures);
    trail.commit();
  }
  return result;
}
