import { absenceIsProof, decideKey, type KeyRecord } from '../../../src/ledger/idempotency.js';
import { type Probe, resolveInDoubt } from '../../../src/ledger/in-doubt.js';
import { type OperationRecord } from '../../../src/ledger/ledger.js';

const NOW = new Date('2026-01-10T12:00:00.000Z');
const at = (ms: number): Date => new Date(NOW.getTime() + ms);

describe('decideKey', () => {
  const record = (state: KeyRecord['state'], lease_until: Date | null = null): KeyRecord => ({ state, request_hash: 'h1', lease_until });

  it.each([
    ['succeeded', null, 'replay'],
    ['rejected', null, 'replay'],
    ['failed', null, 'resend'],
    ['unknown', null, 'resolve'],
    ['unknown', at(60_000), 'resolve'],
    ['in_progress', at(1), 'wait'], // its holder may still finish it
    ['in_progress', at(0), 'resolve'], // the lease ends now: in doubt
    ['in_progress', at(-1), 'resolve'],
    ['in_progress', null, 'resolve'],
  ] as const)('a %s record (lease until %s) under the same request: %s', (state, lease, decision) => {
    expect(decideKey(record(state, lease), 'h1', NOW)).toBe(decision);
  });

  it.each(['succeeded', 'rejected', 'failed', 'unknown', 'in_progress'] as const)('refuses a %s key reused for another request', (state) => {
    expect(decideKey(record(state, at(60_000)), 'h2', NOW)).toBe('reused');
  });

  it('throws on a state it does not know', () => {
    expect(() => decideKey({ state: 'odd' as KeyRecord['state'], request_hash: 'h1', lease_until: null }, 'h1', NOW)).toThrow('unknown operation state odd');
  });
});

describe('absenceIsProof', () => {
  it.each([
    [null, true], // never sent: nothing can be in flight
    [at(-30_000), true], // settled exactly
    [at(-30_001), true],
    [at(-29_999), false], // the partner may still be processing it
    [at(0), false],
  ])('last sent at %s: %s', (sentAt, proof) => {
    expect(absenceIsProof(sentAt, NOW, 30_000)).toBe(proof);
  });
});

describe('resolveInDoubt', () => {
  const record = (sent_at: Date | null): OperationRecord => ({ id: 'op-1', sent_at }) as OperationRecord;
  const now = (): Date => NOW;

  it('stays unknown without a probe, and never calls one', async () => {
    await expect(resolveInDoubt(record(null), undefined, now, 30_000)).resolves.toEqual({ verdict: 'unknown', reason: 'no-probe' });
  });

  it('stays unknown when the probe fails', async () => {
    const probe: Probe = async () => {
      throw new Error('partner unreachable');
    };
    await expect(resolveInDoubt(record(null), probe, now, 30_000)).resolves.toEqual({ verdict: 'unknown', reason: 'probe-failed' });
  });

  it('hands the record to the probe and answers what it found', async () => {
    const seen: OperationRecord[] = [];
    const found = { found: true as const, outcome: { ok: 1 }, proposalId: 'p1' };
    const probe: Probe = async (r) => {
      seen.push(r);
      return found;
    };
    const r = record(at(-1));
    await expect(resolveInDoubt(r, probe, now, 30_000)).resolves.toEqual({ verdict: 'found', result: found });
    expect(seen).toEqual([r]);
  });

  it('declares a write absent only once it has settled', async () => {
    const probe: Probe = async () => ({ found: false });
    await expect(resolveInDoubt(record(at(-30_000)), probe, now, 30_000)).resolves.toEqual({ verdict: 'absent' });
    await expect(resolveInDoubt(record(at(-29_999)), probe, now, 30_000)).resolves.toEqual({ verdict: 'unknown', reason: 'not-settled' });
    await expect(resolveInDoubt(record(null), probe, now, 30_000)).resolves.toEqual({ verdict: 'absent' });
  });
});
