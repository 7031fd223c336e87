import { OrderDirection } from '../../../src/graphql/common/page-info.type.js';
import { ProposalOrderField } from '../../../src/graphql/viewer/viewer.input.js';
import { decodeCursor, DEFAULT_ORDER, encodeCursor } from '../../../src/graphql/viewer/viewer.mapper.js';

const position = { createdAt: new Date('2026-03-02T12:00:00.000Z'), proposalId: 'b1c2d3e4-0000-4000-8000-000000000001' };
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

describe('viewer.proposals cursors', () => {
  it('carry their order and position both ways', () => {
    const ascending = { field: ProposalOrderField.CREATED_AT, direction: OrderDirection.ASC };
    expect(decodeCursor(encodeCursor(position, ascending))).toEqual({ position, order: ascending });
    expect(decodeCursor(encodeCursor(position, DEFAULT_ORDER))).toEqual({ position, order: DEFAULT_ORDER });
    expect(encodeCursor(position, ascending)).not.toBe(encodeCursor(position, DEFAULT_ORDER));
  });

  it('still read a cursor issued before the list could be sorted as newest first', () => {
    expect(decodeCursor(b64(`p1:${position.createdAt.toISOString()}|${position.proposalId}`))).toEqual({ position, order: DEFAULT_ORDER });
  });

  it('refuse text that is not a cursor of this list, or names an order it does not have', () => {
    for (const text of [
      `p2:NUMBER.ASC|${position.createdAt.toISOString()}|${position.proposalId}`,
      `p2:CREATED_AT.UP|${position.createdAt.toISOString()}|${position.proposalId}`,
      `p2:CREATED_AT.ASC.X|${position.createdAt.toISOString()}|${position.proposalId}`,
      `p2:CREATED_AT.ASC|2026-03-02|${position.proposalId}`,
      `p2:CREATED_AT.ASC|${position.createdAt.toISOString()}|`,
      `p2:CREATED_AT.ASC|${position.createdAt.toISOString()}|${position.proposalId}|extra`,
      `p3:${position.createdAt.toISOString()}|${position.proposalId}`,
    ]) {
      expect({ text, decoded: decodeCursor(b64(text)) }).toEqual({ text, decoded: undefined });
    }
    expect(decodeCursor('not a cursor!')).toBeUndefined();
  });
});
