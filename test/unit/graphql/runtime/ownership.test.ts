import { type Ledger, type OwnedProposal } from '../../../../src/ledger/index.js';
import { createOwnership, KNOWN_OWNERS_LIMIT } from '../../../../src/graphql/runtime/ownership.js';

/** A ledger answering `proposalsByIds` from a map, counting the ids it was asked for. */
function fakeLedger(owners: Map<string, string>): { ledger: Ledger; asked: string[] } {
  const asked: string[] = [];
  const ledger = {
    proposalsByIds: async (ids: readonly string[]) => {
      asked.push(...ids);
      const found = new Map<string, OwnedProposal>();
      for (const id of ids) {
        const callerId = owners.get(id);
        if (callerId !== undefined) {
          found.set(id, { proposalId: id, callerId, number: null, operationCode: null, createdAt: new Date(0) });
        }
      }
      return found;
    },
  } as unknown as Ledger;
  return { ledger, asked };
}

describe('createOwnership', () => {
  it('keeps at most KNOWN_OWNERS_LIMIT owner records per ledger, dropping the least recently used', async () => {
    const owners = new Map(Array.from({ length: KNOWN_OWNERS_LIMIT + 1 }, (_, index) => [`p${index}`, 'alice']));
    const { ledger, asked } = fakeLedger(owners);
    const first = createOwnership(ledger, 'alice', new Set());
    await Promise.all(Array.from({ length: KNOWN_OWNERS_LIMIT }, (_, index) => first.mayAccess(`p${index}`)));
    expect(asked).toHaveLength(KNOWN_OWNERS_LIMIT);
    // p0 used again: p1 is now the least recently used, and the one dropped for p<limit>.
    const second = createOwnership(ledger, 'alice', new Set());
    expect(await second.mayAccess('p0')).toBe(true);
    expect(await second.mayAccess(`p${KNOWN_OWNERS_LIMIT}`)).toBe(true);
    expect(asked).toHaveLength(KNOWN_OWNERS_LIMIT + 1);
    const third = createOwnership(ledger, 'alice', new Set());
    expect(await third.mayAccess('p0')).toBe(true);
    expect(await third.mayAccess('p2')).toBe(true);
    expect(asked).toHaveLength(KNOWN_OWNERS_LIMIT + 1);
    expect(await third.mayAccess('p1')).toBe(true);
    expect(asked.slice(KNOWN_OWNERS_LIMIT)).toEqual([`p${KNOWN_OWNERS_LIMIT}`, 'p1']);
  });

  it('keeps the records of each ledger apart, and never a missing record', async () => {
    const a = fakeLedger(new Map([['p1', 'alice']]));
    const b = fakeLedger(new Map());
    expect(await createOwnership(a.ledger, 'alice', new Set()).mayAccess('p1')).toBe(true);
    expect(await createOwnership(b.ledger, 'alice', new Set()).mayAccess('p1')).toBe(false);
    expect(await createOwnership(b.ledger, 'alice', new Set()).mayAccess('p1')).toBe(false);
    expect(b.asked).toEqual(['p1', 'p1']);
    expect(await createOwnership(a.ledger, 'bob', new Set()).mayAccess('p1')).toBe(false);
    expect(a.asked).toEqual(['p1']);
  });

  it('answers a caller with proposals.all without the ledger', async () => {
    const { ledger, asked } = fakeLedger(new Map());
    expect(await createOwnership(ledger, 'ops', new Set(['proposals.all'])).mayAccess('anything')).toBe(true);
    expect(asked).toEqual([]);
  });
});
