import { type Ledger, type OperationRecord, type Probe } from '../ledger/index.js';
import { type UpstreamCaller } from '../upstream/index.js';
import { MUTATIONS } from './mutations.js';
import { type ProbeFamilies, type ProbeFamily, probeFor } from './runtime/in-doubt.js';

/**
 * The writes a partner read can settle, by operation, read from each mutation's declaration
 * (`<noun>.errors.ts`): given to every request's context (runtime/write.ts) and used by the
 * background reconciler. Guarantors, signers and documents have none (docs/in-doubt.md).
 */
export const PROBE_FAMILIES: ProbeFamilies = Object.freeze(
  Object.fromEntries(
    MUTATIONS.flatMap((mutation) =>
      Object.entries(mutation.writes).flatMap(([operation, write]) => (write?.probe === undefined ? [] : [[operation, write.probe] as [string, ProbeFamily]])),
    ),
  ),
);

/**
 * `probeFor` for a ledger record (the background reconciler's view). A record without probe data
 * was written before its operation had a probe: it stays unknown.
 */
export function probeForRecord(upstream: UpstreamCaller, ledger: Ledger): (record: OperationRecord) => Probe | undefined {
  return (record) => (record.probe === null ? undefined : probeFor(PROBE_FAMILIES, record.operation, { upstream, ledger }));
}
