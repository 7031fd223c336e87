import DataLoader from 'dataloader';
import { type Ledger, type OperationRecord, type OwnedProposal } from '../../ledger/index.js';

export { type Scope } from '../../shared/callers.js';

/** Who may see and change which proposal, for one request's caller. */
export interface Ownership {
  /**
   * Whether the caller may see and change the proposal: always with `proposals.all`; otherwise only
   * when it created the proposal through the graph. Decided from the ledger, before any partner call.
   */
  mayAccess(proposalId: string): Promise<boolean>;
  /**
   * The ledger's record of a proposal created through the graph (by any caller), or null when none
   * was. A proposal on record exists at the partner: no partner read needs to confirm it.
   */
  recordOf(proposalId: string): Promise<OwnedProposal | null>;
  /**
   * The proposal created through the graph with this operation code that the caller may see (its
   * own; any caller's with `proposals.all`), newest first; null when the ledger has none. The code
   * is the one sent to the partner (`ctx.operationCodes.toPartner`: namespaced per caller).
   */
  byOperationCode(operationCode: string): Promise<OwnedProposal | null>;
  /** With `proposals.all` the caller sees every proposal; otherwise only its own. */
  readonly seesAll: boolean;
  /** The caller these rules are for. */
  readonly callerId: string;
}

/**
 * Owner records of one ledger known to this process. A row of `ledger_proposals` is written once and
 * never changed (insert, on conflict do nothing), so a record read once answers every later request
 * without the ledger. Only records are kept: "no record" is always asked again, since a write of
 * this caller (on any replica) or an in-doubt write settled a moment later may record the proposal.
 */
const knownOwners = new WeakMap<Ledger, Map<string, OwnedProposal>>();

/** Owner records kept per ledger; beyond this the least recently used is dropped (about 200 bytes each). */
export const KNOWN_OWNERS_LIMIT = 10_000;

function ownersOf(ledger: Ledger): Map<string, OwnedProposal> {
  let owners = knownOwners.get(ledger);
  if (owners === undefined) {
    owners = new Map();
    knownOwners.set(ledger, owners);
  }
  return owners;
}

/** The ownership rules of one request (at most one ledger read, batched, for the proposals it names that this process has not seen on record). */
export function createOwnership(ledger: Ledger, callerId: string, scopes: ReadonlySet<string>): Ownership {
  const seesAll = scopes.has('proposals.all');
  const owners = ownersOf(ledger);
  const records = new DataLoader<string, OwnedProposal | null>(async (ids) => {
    const found = await ledger.proposalsByIds(ids);
    for (const record of found.values()) {
      if (owners.size >= KNOWN_OWNERS_LIMIT) {
        const oldest = owners.keys().next();
        if (oldest.done !== true) {
          owners.delete(oldest.value);
        }
      }
      owners.set(record.proposalId, record);
    }
    return ids.map((id) => found.get(id) ?? null);
  });
  const recordOf = (id: string): Promise<OwnedProposal | null> => {
    const known = owners.get(id);
    if (known === undefined) {
      return records.load(id);
    }
    // Most recently used last: the oldest entry is the first one dropped.
    owners.delete(id);
    owners.set(id, known);
    return Promise.resolve(known);
  };
  return {
    seesAll,
    callerId,
    recordOf,
    mayAccess: async (proposalId) => seesAll || (await recordOf(proposalId))?.callerId === callerId,
    byOperationCode: async (operationCode) => (await ledger.proposalsByOperationCode(operationCode, seesAll ? null : callerId))[0] ?? null,
  };
}

/**
 * What the ledger recorded of each proposal's writes (read-back: guarantors, signers, documents,
 * the write history), one batched ledger read per request, no partner call.
 */
export function createHistory(ledger: Ledger): DataLoader<string, OperationRecord[]> {
  return new DataLoader<string, OperationRecord[]>(async (ids) => {
    const found = await ledger.operationsOf(ids);
    return ids.map((id) => found.get(id) ?? []);
  });
}
