import { type OwnedProposal, type ProposalCursor } from '../../ledger/index.js';

const CURSOR_PREFIX = 'p1:';

/**
 * The opaque cursor of a proposal in the caller's list: its position in the ledger's order (when
 * its creation was recorded, then its id), base64url. The same on every replica and after restarts.
 */
export function encodeCursor(position: Pick<OwnedProposal, 'createdAt' | 'proposalId'>): string {
  return Buffer.from(`${CURSOR_PREFIX}${position.createdAt.toISOString()}|${position.proposalId}`, 'utf8').toString('base64url');
}

/** The position a cursor names; undefined when the text is not a cursor of this graph. */
export function decodeCursor(cursor: string): ProposalCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return undefined;
  }
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) {
    return undefined;
  }
  const [at, proposalId, ...rest] = text.slice(CURSOR_PREFIX.length).split('|');
  const createdAt = new Date(at ?? '');
  if (rest.length > 0 || !proposalId || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) {
    return undefined;
  }
  return { createdAt, proposalId };
}
