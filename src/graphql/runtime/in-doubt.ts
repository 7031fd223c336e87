import { Decimal } from 'decimal.js';
import { type Ledger, type OperationRecord, type Probe } from '../../ledger/index.js';
import { type UpstreamCaller } from '../../upstream/index.js';

/**
 * How the graph finds one kind of write at the partner when its answer was lost. Which write has
 * one, and why the others have none: docs/in-doubt.md.
 */
export interface ProbeFamily {
  /** What the probe needs from the upstream request, recorded with the write before anything is sent. */
  describe?(request: unknown): unknown;
  /**
   * A partner read just before each send (the entries, boletos or events already there), recorded
   * on the write in place of `described`: what the write adds is then told from what was there.
   */
  prepare?(partner: PartnerReads, described: unknown): Promise<unknown>;
  /** Finds the write at the partner; its outcome is shaped like the write's own answer. */
  probe(partner: PartnerReads, record: OperationRecord): ReturnType<Probe>;
}

/** The probe families by write operation (graphql/probes.ts assembles them from the features). */
export type ProbeFamilies = Readonly<Record<string, ProbeFamily>>;

/** The probe family of `operation`, if the partner offers a read precise enough. */
export function probeFamily(families: ProbeFamilies, operation: string): ProbeFamily | undefined {
  return Object.hasOwn(families, operation) ? families[operation] : undefined;
}

/**
 * The partner read that settles an in-doubt write of `operation`, or undefined when the partner
 * offers none precise enough (the write then stays OUTCOME_UNKNOWN rather than risk a second one).
 */
export function probeFor(families: ProbeFamilies, operation: string, partner: PartnerReads): Probe | undefined {
  const family = probeFamily(families, operation);
  return family === undefined ? undefined : (record) => family.probe(partner, record);
}

/** What a probe reads: the partner past every cache, on whose behalf, and the ledger (for twins). */
export interface PartnerReads {
  upstream: UpstreamCaller;
  ledger: Ledger;
  caller?: string;
}

/** Thrown by a probe whose read cannot single the write out: the write stays in doubt. */
export class AmbiguousProbeError extends Error {
  readonly code = 'PROBE_AMBIGUOUS';
}

/** An amount in integer cents (half-up), so 10.1 and 10.10 compare equal and floats never do. */
export function cents(value: number | string | null | undefined): number | null {
  return value === null || value === undefined || value === '' ? null : new Decimal(value).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** The UTC calendar day of a date-time text (`YYYY-MM-DD`), or null. */
export function dayOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/**
 * The other writes of `operations` on the record's proposal that may have reached the partner after
 * the record's own "before" read: every one not proven unapplied (failed, rejected) and not
 * finished before the record was last sent. Only writes through the graph are on record; the
 * graph assumes it is the partner client's only writer of payments, boletos and cancellations.
 */
export async function possibleTwins(ledger: Ledger, record: OperationRecord, operations: readonly string[]): Promise<OperationRecord[]> {
  if (record.proposal_id === null) {
    return [];
  }
  const sentAt = record.sent_at?.getTime() ?? 0;
  const all = (await ledger.operationsOf([record.proposal_id])).get(record.proposal_id) ?? [];
  return all.filter(
    (other) =>
      other.id !== record.id &&
      operations.includes(other.operation) &&
      other.state !== 'failed' &&
      other.state !== 'rejected' &&
      !(other.state === 'succeeded' && other.finished_at !== null && other.finished_at.getTime() < sentAt),
  );
}
