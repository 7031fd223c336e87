import DataLoader from 'dataloader';
import { type Ledger } from '../ledger/index.js';

/** Scopes a caller may hold. */
export const SCOPES = ['proposals.all', 'registry.read', 'federation'] as const;

/** A caller's scope. */
export type Scope = (typeof SCOPES)[number];

/** Who may see and change which proposal, for one request's caller. */
export interface Ownership {
  /**
   * Whether the caller may see and change the proposal: always with `proposals.all`; otherwise only
   * when it created the proposal through the graph. Decided from the ledger, before any partner call.
   */
  mayAccess(proposalId: string): Promise<boolean>;
  /** With `proposals.all` the caller sees every proposal; otherwise only its own. */
  readonly seesAll: boolean;
}

/** The ownership rules of one request (one ledger read, batched, for every proposal it names). */
export function createOwnership(ledger: Ledger, callerId: string, scopes: ReadonlySet<string>): Ownership {
  if (scopes.has('proposals.all')) {
    return { seesAll: true, mayAccess: async () => true };
  }
  const owners = new DataLoader<string, string | null>(async ids => {
    const found = await ledger.ownersOf(ids);
    return ids.map(id => found.get(id) ?? null);
  });
  return {
    seesAll: false,
    mayAccess: async proposalId => (await owners.load(proposalId)) === callerId,
  };
}
