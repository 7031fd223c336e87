import { type OwnedProposal, type ProposalCursor } from '../../ledger/index.js';
import { OrderDirection } from '../common/page-info.type.js';
import { ProposalOrderField } from './viewer.input.js';

/** The order a cursor was issued in: a cursor continues that order only. */
export interface ListOrder {
  field: ProposalOrderField;
  direction: OrderDirection;
}

/** The list's order when the client names none: newest first. */
export const DEFAULT_ORDER: ListOrder = { field: ProposalOrderField.CREATED_AT, direction: OrderDirection.DESC };

const CURSOR_PREFIX = 'p2:';
/** Cursors issued before the list could be sorted: newest first. Still honoured. */
const FIRST_CURSOR_PREFIX = 'p1:';

/**
 * The opaque cursor of a proposal in the caller's list: the list's order, then the proposal's
 * position in it (when its creation was recorded, then its id), base64url. The same on every replica
 * and after restarts.
 */
export function encodeCursor(position: Pick<OwnedProposal, 'createdAt' | 'proposalId'>, order: ListOrder): string {
  return Buffer.from(`${CURSOR_PREFIX}${order.field}.${order.direction}|${position.createdAt.toISOString()}|${position.proposalId}`, 'utf8').toString(
    'base64url',
  );
}

/** The position and order a cursor names; undefined when the text is not a cursor of this graph. */
export function decodeCursor(cursor: string): { position: ProposalCursor; order: ListOrder } | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return undefined;
  }
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  let order: ListOrder | undefined;
  let parts: string[];
  if (text.startsWith(FIRST_CURSOR_PREFIX)) {
    order = DEFAULT_ORDER;
    parts = text.slice(FIRST_CURSOR_PREFIX.length).split('|');
  } else if (text.startsWith(CURSOR_PREFIX)) {
    const [named = '', ...rest] = text.slice(CURSOR_PREFIX.length).split('|');
    order = orderNamed(named);
    parts = rest;
  } else {
    return undefined;
  }
  const [at, proposalId, ...rest] = parts;
  const createdAt = new Date(at ?? '');
  if (order === undefined || rest.length > 0 || !proposalId || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) {
    return undefined;
  }
  return { position: { createdAt, proposalId }, order };
}

function orderNamed(named: string): ListOrder | undefined {
  const [field, direction, ...rest] = named.split('.');
  const fields: readonly string[] = Object.values(ProposalOrderField);
  const directions: readonly string[] = Object.values(OrderDirection);
  if (rest.length > 0 || field === undefined || direction === undefined || !fields.includes(field) || !directions.includes(direction)) {
    return undefined;
  }
  return { field: field as ProposalOrderField, direction: direction as OrderDirection };
}
