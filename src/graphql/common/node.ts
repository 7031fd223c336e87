/**
 * Global object identification (Relay): every entity has a stable, opaque `id` and implements
 * `Node`, so a client cache (Apollo Client's InMemoryCache, Relay, urql's graphcache) keys it by
 * `__typename` and `id`, and `Query.node(id:)` finds it again.
 *
 * A proposal's id is its UUID (globally unique already, and its federation key). Every other entity
 * lives inside one proposal: its id is base64url of `<Type>:<proposal UUID>:<key...>`, where the key
 * is what the partner keeps stable (an installment or boleto number, a document type, a position in
 * a list that only grows). Clients must treat ids as opaque; the graph parses them back. No id
 * carries personal data (no CPF, CNPJ or name).
 */
import { Field, ID, InterfaceType } from 'type-graphql';

@InterfaceType({
  description:
    'An object with a stable, opaque id: the same object has the same id in every answer, on every replica, so a client cache can key it by __typename and id and Query.node can fetch it again. Treat ids as opaque strings.',
})
export abstract class Node {
  @Field((_type) => ID, { description: 'Stable, opaque id of the object; Query.node(id:) finds it again. Upstream: none (minted by the graph).' })
  id: string;
}

/** The entity types whose ids are minted here (a proposal's id is its UUID). */
export const NODE_KINDS = [
  'Installment',
  'AgendaInstallment',
  'AgendaBoleto',
  'PixCharge',
  'LedgerEntry',
  'Boleto',
  'PaymentEntry',
  'FgtsCancellation',
  'Guarantor',
  'Signer',
  'ProposalDocument',
  'ProposalOperation',
  'AgendaDetail',
] as const;

export type NodeKind = (typeof NODE_KINDS)[number];

/** What a parsed id names: the entity type, the proposal it lives in, and its key within it. */
export interface NodeAddress {
  kind: NodeKind | 'Proposal';
  proposalId: string;
  keys: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A key part: digits, or a UUID-like token (ledger record ids); never free text. */
const KEY = /^[0-9A-Za-z-]{1,64}$/;
const KINDS: ReadonlySet<string> = new Set(NODE_KINDS);
/** Kinds of which a proposal has exactly one (its agenda): their id carries no key. */
const ONE_PER_PROPOSAL: ReadonlySet<string> = new Set<NodeKind>(['AgendaDetail']);
/** Longest id accepted for parsing (the longest minted is far shorter). */
const MAX_ID_LENGTH = 256;

/** The id of entity `kind` of proposal `proposalId`, keyed by `keys` within it. */
export function nodeId(kind: NodeKind, proposalId: string, ...keys: Array<string | number>): string {
  let text = `${kind}:${proposalId}`;
  for (const key of keys) {
    text += `:${key}`;
  }
  let id = mintedIds.get(text);
  if (id === undefined) {
    id = Buffer.from(text, 'utf8').toString('base64url');
    if (mintedIds.size >= REMEMBERED_IDS) {
      mintedIds.clear();
    }
    mintedIds.set(text, id);
  }
  return id;
}

/** Ids minted lately, by their text: the same installments are mapped request after request (a full map starts over). */
const mintedIds = new Map<string, string>();
const REMEMBERED_IDS = 2048;

/** Whether `id` is a proposal's id (a UUID). */
export function isProposalId(id: string): boolean {
  return UUID.test(id);
}

/**
 * What `id` names, or null when it is not an id this graph minted (malformed, tampered, unknown
 * type): checked before any read, so a bad id costs no partner call.
 */
export function parseNodeId(id: string): NodeAddress | null {
  if (id.length > MAX_ID_LENGTH) {
    return null;
  }
  if (UUID.test(id)) {
    return { kind: 'Proposal', proposalId: id.toLowerCase(), keys: [] };
  }
  if (!/^[A-Za-z0-9_-]+$/.test(id)) {
    return null;
  }
  const [kind, proposalId, ...keys] = Buffer.from(id, 'base64url').toString('utf8').split(':');
  if (kind === undefined || !KINDS.has(kind) || proposalId === undefined || !UUID.test(proposalId) || !keys.every((k) => KEY.test(k))) {
    return null;
  }
  // One per proposal: no key; anything else: at least one.
  if (ONE_PER_PROPOSAL.has(kind) ? keys.length !== 0 : keys.length === 0) {
    return null;
  }
  // Only the canonical spelling is one of ours: the same object must never have two ids.
  if (nodeId(kind as NodeKind, proposalId, ...keys) !== id) {
    return null;
  }
  return { kind: kind as NodeKind, proposalId, keys };
}
