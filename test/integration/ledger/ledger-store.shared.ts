/**
 * The ledger's behaviour, one suite run over every store (test/integration/ledger/*.test.ts pick the store):
 * an embedded PGlite, a PostgreSQL server and the memory store. A behaviour that held only on one
 * would prove nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Ledger, type OperationRecord, reconcileOnce, type WriteRequest, writeOnce } from '../../../src/ledger/index.js';
import { type LedgerKind, openTestLedger, type TestLedgerDatabase } from '../../helpers/ledger.js';

/** A clock the test moves. */
function testClock(start = Date.parse('2026-03-02T12:00:00Z')): { now: () => Date; advance: (ms: number) => void } {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => void (at += ms) };
}

function request(overrides: Partial<WriteRequest> = {}): WriteRequest {
  return {
    callerId: 'caller-a',
    idempotencyKey: randomUUID(),
    operation: 'IncluirManual',
    requestHash: 'hash-1',
    upstreamKey: randomUUID(),
    probe: { operationCode: 'op-1' },
    ...overrides,
  };
}

export function ledgerSuite(kind: LedgerKind): void {
  let database: TestLedgerDatabase;
  let clock: ReturnType<typeof testClock>;
  let ledger: Ledger;

  beforeAll(async () => {
    database = await openTestLedger(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    clock = testClock();
    ledger = await database.open({ now: clock.now, leaseMs: 60_000 });
  });

  describe('begin', () => {
    it('lets the first request send, makes a repeat in progress wait, replays the finished one and refuses another request', async () => {
      const write = request();
      const first = await ledger.begin(write);
      expect(first.kind).toBe('send');
      expect((await ledger.begin(write)).kind).toBe('wait');
      expect((await ledger.begin({ ...write, requestHash: 'hash-2' })).kind).toBe('reused');
      if (first.kind !== 'send') {
        throw new Error('unreachable');
      }
      expect(await ledger.finish(first.record.id, first.lease, { state: 'succeeded', outcome: { codigo: 'p-1', numero: 7 } })).toBe(true);
      const again = await ledger.begin(write);
      expect(again.kind).toBe('replay');
      expect(again.record?.outcome).toEqual({ codigo: 'p-1', numero: 7 });
      expect(again.record?.state).toBe('succeeded');
    });

    it('keeps keys apart per caller', async () => {
      const write = request();
      expect((await ledger.begin(write)).kind).toBe('send');
      expect((await ledger.begin({ ...write, callerId: 'caller-b' })).kind).toBe('send');
    });

    it('hands a write whose holder stopped (lease expired) to the next request to resolve, and fences the old holder off', async () => {
      const write = request();
      const first = await ledger.begin(write);
      clock.advance(60_001);
      const second = await ledger.begin(write);
      expect(second.kind).toBe('resolve');
      expect(second.record.state).toBe('in_progress');
      if (first.kind !== 'send' || second.kind !== 'resolve') {
        throw new Error('unreachable');
      }
      expect(await ledger.finish(first.record.id, first.lease, { state: 'succeeded', outcome: { late: true } })).toBe(false);
      expect(await ledger.finish(second.record.id, second.lease, { state: 'succeeded', outcome: { codigo: 'p-2' } })).toBe(true);
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.outcome).toEqual({ codigo: 'p-2' });
    });

    it('resends a failed write (it never reached the partner) and resolves an unknown one first', async () => {
      const failed = request();
      const claim = await ledger.begin(failed);
      if (claim.kind !== 'send') {
        throw new Error('unreachable');
      }
      await ledger.finish(claim.record.id, claim.lease, { state: 'failed' });
      const resend = await ledger.begin(failed);
      expect(resend.kind).toBe('resend');
      expect((await ledger.find(failed.callerId, failed.idempotencyKey))?.attempts).toBe(2);

      const lost = request();
      const sent = await ledger.begin(lost);
      if (sent.kind !== 'send') {
        throw new Error('unreachable');
      }
      await ledger.finish(sent.record.id, sent.lease, { state: 'unknown' });
      const next = await ledger.begin(lost);
      expect(next.kind).toBe('resolve');
      expect(next.record.state).toBe('unknown');
    });

    it('gives exactly one of 20 concurrent first requests on two replicas the right to send', async () => {
      const replica = await database.open({ now: clock.now });
      const write = request();
      const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? ledger : replica).begin(write)));
      expect(claims.filter((c) => c.kind === 'send')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'wait')).toHaveLength(19);
    });

    it('keeps what it recorded across a restart (a new ledger over the same database)', async () => {
      const write = request();
      const claim = await ledger.begin(write);
      if (claim.kind !== 'send') {
        throw new Error('unreachable');
      }
      await ledger.finish(claim.record.id, claim.lease, { state: 'rejected', outcome: [{ code: 'REJECTED' }] });
      const restarted = await database.open({ now: clock.now });
      const replay = await restarted.begin(write);
      expect(replay.kind).toBe('replay');
      expect(replay.record?.state).toBe('rejected');
      expect(replay.record?.outcome).toEqual([{ code: 'REJECTED' }]);
    });
  });

  describe('writeOnce', () => {
    const sleepsOf =
      (advance: (ms: number) => void): ((ms: number) => Promise<void>) =>
      async (ms) => {
        advance(ms);
        await new Promise((resolve) => setImmediate(resolve));
      };

    it('sends once and replays the outcome, recording the created proposal for its caller', async () => {
      const write = request();
      let sends = 0;
      const send = async (): Promise<{
        state: 'succeeded';
        outcome: unknown;
        proposalId: string;
        createdProposal: { number: number; operationCode: string };
      }> => {
        sends += 1;
        return {
          state: 'succeeded',
          outcome: { codigo: 'prop-1', numero: 11 },
          proposalId: `prop-${write.idempotencyKey}`,
          createdProposal: { number: 11, operationCode: 'op-1' },
        };
      };
      const first = await writeOnce(ledger, write, { send });
      const second = await writeOnce(ledger, write, { send });
      expect([first.kind, second.kind, sends]).toEqual(['succeeded', 'succeeded', 1]);
      expect(second.kind === 'succeeded' && second.replayed).toBe(true);
      expect(await ledger.ownersOf([`prop-${write.idempotencyKey}`])).toEqual(new Map([[`prop-${write.idempotencyKey}`, 'caller-a']]));
    });

    it('records what prepare read on the write before each send, and sends nothing when prepare fails', async () => {
      const write = request({ probe: { proposalId: 'p-1' } });
      const seen: unknown[] = [];
      const failing = await writeOnce(ledger, write, {
        prepare: async () => {
          throw new Error('partner read failed');
        },
        send: async (record) => {
          seen.push(record.probe);
          return { state: 'succeeded', outcome: 'sent' };
        },
      });
      expect(failing.kind).toBe('failed');
      expect(seen).toEqual([]);
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.state).toBe('failed');
      const sent = await writeOnce(ledger, write, {
        prepare: async (record) => ({ ...(record.probe as object), before: 3 }),
        send: async (record) => {
          seen.push(record.probe);
          return { state: 'succeeded', outcome: 'sent' };
        },
      });
      expect(sent.kind).toBe('succeeded');
      expect(seen).toEqual([{ proposalId: 'p-1', before: 3 }]);
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.probe).toEqual({ proposalId: 'p-1', before: 3 });
    });

    it('waits for a write in progress elsewhere, then replays it; answers in_use when it takes longer than the wait', async () => {
      const write = request();
      const held = await ledger.begin(write);
      if (held.kind !== 'send') {
        throw new Error('unreachable');
      }
      let sends = 0;
      const send = async (): Promise<{ state: 'succeeded'; outcome: unknown }> => {
        sends += 1;
        return { state: 'succeeded', outcome: 'second' };
      };
      const busy = await writeOnce(ledger, write, { send, waitMs: 200, pollMs: 50, sleep: sleepsOf(() => undefined) });
      expect(busy.kind).toBe('in_use');
      let polls = 0;
      const waiting = writeOnce(ledger, write, {
        send,
        waitMs: 10_000,
        pollMs: 50,
        sleep: async () => {
          polls += 1;
          if (polls === 2) {
            await ledger.finish(held.record.id, held.lease, { state: 'succeeded', outcome: 'first' });
          }
        },
      });
      const result = await waiting;
      expect(result.kind === 'succeeded' && result.outcome).toBe('first');
      expect(sends).toBe(0);
    });

    it('resolves an in-doubt write: found at the partner, it replays without a send', async () => {
      const write = request();
      let sends = 0;
      const lost = await writeOnce(ledger, write, {
        send: async () => {
          sends += 1;
          return { state: 'unknown', error: new Error('deadline') };
        },
      });
      expect(lost.kind).toBe('unknown');
      const probed: OperationRecord[] = [];
      const found = await writeOnce(ledger, write, {
        send: async () => {
          sends += 1;
          return { state: 'succeeded', outcome: 'a second proposal' };
        },
        probe: async (record) => {
          probed.push(record);
          return {
            found: true,
            outcome: { codigo: 'found-1', numero: 3 },
            proposalId: `found-${write.idempotencyKey}`,
            createdProposal: { number: 3, operationCode: 'op-1' },
          };
        },
      });
      expect(found.kind === 'succeeded' && found.outcome).toEqual({ codigo: 'found-1', numero: 3 });
      expect(sends).toBe(1);
      expect(probed.map((r) => r.probe)).toEqual([{ operationCode: 'op-1' }]);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.resolution, record?.attempts]).toEqual(['succeeded', 'found', 1]);
      expect((await ledger.ownersOf([`found-${write.idempotencyKey}`])).get(`found-${write.idempotencyKey}`)).toBe('caller-a');
    });

    it('resends an in-doubt write only once absence is proof (settleMs after the send), never before', async () => {
      const write = request();
      let sends = 0;
      const options = {
        settleMs: 30_000,
        probe: async () => ({ found: false as const }),
        send: async () => {
          sends += 1;
          return sends === 1 ? { state: 'unknown' as const, error: new Error('reset') } : { state: 'succeeded' as const, outcome: 'sent again' };
        },
      };
      expect((await writeOnce(ledger, write, options)).kind).toBe('unknown');
      clock.advance(29_999);
      expect((await writeOnce(ledger, write, options)).kind).toBe('unknown');
      expect(sends).toBe(1);
      clock.advance(1);
      const resent = await writeOnce(ledger, write, options);
      expect(resent.kind === 'succeeded' && resent.outcome).toBe('sent again');
      expect(sends).toBe(2);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.resolution, record?.attempts]).toEqual(['succeeded', 'absent', 2]);
    });

    it('keeps a write unknown when the probe fails or none exists', async () => {
      const write = request();
      await writeOnce(ledger, write, { send: async () => ({ state: 'unknown', error: new Error('x') }) });
      clock.advance(60_000);
      const failing = await writeOnce(ledger, write, {
        send: async () => ({ state: 'succeeded', outcome: 'never' }),
        probe: async () => {
          throw new Error('partner down');
        },
      });
      expect(failing.kind).toBe('unknown');
      expect((await writeOnce(ledger, write, { send: async () => ({ state: 'succeeded', outcome: 'never' }) })).kind).toBe('unknown');
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.attempts).toBe(1);
    });
  });

  describe('reconcileOnce', () => {
    it('completes found writes, fails absent ones after settleMs, leaves the rest unknown', async () => {
      const found = request({ operation: 'Found' });
      const absent = request({ operation: 'Absent' });
      const fresh = request({ operation: 'Absent' });
      const unknown = async (): Promise<{ state: 'unknown'; error: unknown }> => ({ state: 'unknown', error: new Error('lost') });
      await writeOnce(ledger, found, { send: unknown });
      await writeOnce(ledger, absent, { send: unknown });
      clock.advance(30_000);
      await writeOnce(ledger, fresh, { send: unknown });
      const report = await reconcileOnce(ledger, {
        settleMs: 30_000,
        probeFor: (record) =>
          record.operation === 'Found'
            ? async () => ({
                found: true,
                outcome: { codigo: 'r-1' },
                proposalId: `r-${found.idempotencyKey}`,
                createdProposal: { number: 1, operationCode: 'op-1' },
              })
            : async () => ({ found: false }),
      });
      const mine = [found, absent, fresh].map((w) => w.idempotencyKey);
      const states = await Promise.all(mine.map(async (key) => (await ledger.find('caller-a', key))?.state));
      expect(states).toEqual(['succeeded', 'failed', 'unknown']);
      expect(report.found).toBeGreaterThanOrEqual(1);
      expect(report.absent).toBeGreaterThanOrEqual(1);
    });
  });

  describe('proposals', () => {
    it("pages a caller's proposals newest first, and only its own", async () => {
      const caller = `pager-${randomUUID()}`;
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const id = `p-${i}-${randomUUID()}`;
        ids.push(id);
        await writeOnce(ledger, request({ callerId: caller }), {
          send: async () => ({ state: 'succeeded', outcome: { codigo: id }, proposalId: id, createdProposal: { number: i, operationCode: null } }),
        });
        clock.advance(1000);
      }
      await writeOnce(ledger, request({ callerId: 'someone-else' }), {
        send: async () => ({ state: 'succeeded', outcome: {}, proposalId: `other-${randomUUID()}`, createdProposal: { number: 9, operationCode: null } }),
      });
      const page1 = await ledger.proposals(caller, 2);
      const page2 = await ledger.proposals(caller, 2, { createdAt: page1[1]!.createdAt, proposalId: page1[1]!.proposalId });
      const page3 = await ledger.proposals(caller, 2, { createdAt: page2[1]!.createdAt, proposalId: page2[1]!.proposalId });
      expect([...page1, ...page2, ...page3].map((p) => p.proposalId)).toEqual([...ids].reverse());
      expect(page3).toHaveLength(1);
    });

    it("pages oldest first with direction asc, reads the cursor's own row only when inclusive, and counts one caller's or everyone's", async () => {
      const caller = `asc-${randomUUID()}`;
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const id = `q-${i}-${randomUUID()}`;
        ids.push(id);
        await writeOnce(ledger, request({ callerId: caller }), {
          send: async () => ({ state: 'succeeded', outcome: { codigo: id }, proposalId: id, createdProposal: { number: i, operationCode: null } }),
        });
        clock.advance(1000);
      }
      const page1 = await ledger.proposals(caller, 2, undefined, { direction: 'asc' });
      expect(page1.map((p) => p.proposalId)).toEqual([ids[0], ids[1]]);
      const at = { createdAt: page1[1]!.createdAt, proposalId: page1[1]!.proposalId };
      expect((await ledger.proposals(caller, 5, at, { direction: 'asc' })).map((p) => p.proposalId)).toEqual([ids[2]]);
      expect((await ledger.proposals(caller, 5, at, { direction: 'desc' })).map((p) => p.proposalId)).toEqual([ids[0]]);
      expect((await ledger.proposals(caller, 5, at, { direction: 'desc', inclusive: true })).map((p) => p.proposalId)).toEqual([ids[1], ids[0]]);
      expect((await ledger.proposals(caller, 5, at, { direction: 'asc', inclusive: true })).map((p) => p.proposalId)).toEqual([ids[1], ids[2]]);
      expect(await ledger.countProposals(caller)).toBe(3);
      expect(await ledger.countProposals(`nobody-${randomUUID()}`)).toBe(0);
      expect(await ledger.countProposals(null)).toBe((await ledger.proposals(null, 10_000)).length);
    });

    const create = async (callerId: string, operationCode: string | null, number: number): Promise<string> => {
      const id = `p-${randomUUID()}`;
      await writeOnce(ledger, request({ callerId }), {
        send: async () => ({ state: 'succeeded', outcome: { codigo: id, numero: number }, proposalId: id, createdProposal: { number, operationCode } }),
      });
      clock.advance(1000);
      return id;
    };

    it("pages every caller's proposals newest first when no caller is given (proposals.all)", async () => {
      const mine = await create(`a-${randomUUID()}`, null, 1);
      const theirs = await create(`b-${randomUUID()}`, null, 2);
      const all = await ledger.proposals(null, 10_000);
      const ids = all.map((p) => p.proposalId);
      expect(ids.indexOf(theirs)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(theirs)).toBeLessThan(ids.indexOf(mine));
      const order = all.map((p) => [p.createdAt.getTime(), p.proposalId] as const);
      expect(order).toEqual([...order].sort((x, y) => y[0] - x[0] || (y[1] < x[1] ? -1 : y[1] > x[1] ? 1 : 0)));
    });

    it('finds proposals by id with their owner, number and operation code; ids not created through the graph are absent', async () => {
      const caller = `owner-${randomUUID()}`;
      const code = `code-${randomUUID()}`;
      const id = await create(caller, code, 42);
      const found = await ledger.proposalsByIds([id, 'never-created']);
      expect([...found.keys()]).toEqual([id]);
      expect(found.get(id)).toEqual({ proposalId: id, callerId: caller, number: 42, operationCode: code, createdAt: expect.any(Date) });
      expect(await ledger.proposalsByIds([])).toEqual(new Map());
    });

    it('finds proposals by operation code, newest first, of one caller or of all', async () => {
      const code = `shared-code-${randomUUID()}`;
      const a = `a-${randomUUID()}`;
      const b = `b-${randomUUID()}`;
      const first = await create(a, code, 1);
      const second = await create(b, code, 2);
      expect((await ledger.proposalsByOperationCode(code, a)).map((p) => p.proposalId)).toEqual([first]);
      expect((await ledger.proposalsByOperationCode(code, b)).map((p) => p.proposalId)).toEqual([second]);
      expect((await ledger.proposalsByOperationCode(code, null)).map((p) => p.proposalId)).toEqual([second, first]);
      expect(await ledger.proposalsByOperationCode(code, 'nobody')).toEqual([]);
    });

    it("reads back each proposal's writes with their details, oldest first", async () => {
      const caller = `history-${randomUUID()}`;
      const id = await create(caller, null, 3);
      await writeOnce(
        ledger,
        request({ callerId: caller, operation: 'IncluirAvalista', proposalId: id, details: { name: 'Ana', document: '52998224725', kind: 'INDIVIDUAL' } }),
        {
          send: async () => ({ state: 'succeeded', outcome: { codigo: 'g-1', numero: 1 } }),
        },
      );
      clock.advance(1000);
      await writeOnce(ledger, request({ callerId: caller, operation: 'IncluirDocumento', proposalId: id }), {
        send: async () => ({ state: 'rejected', outcome: [] }),
      });
      const history = (await ledger.operationsOf([id, 'none'])).get(id) ?? [];
      expect(history.map((r) => [r.operation, r.state, r.details])).toEqual([
        ['IncluirManual', 'succeeded', null],
        ['IncluirAvalista', 'succeeded', { name: 'Ana', document: '52998224725', kind: 'INDIVIDUAL' }],
        ['IncluirDocumento', 'rejected', null],
      ]);
      expect((await ledger.operationsOf(['none'])).get('none')).toEqual([]);
    });
  });

  if (kind !== 'memory') {
    describe('migrations', () => {
      it('ran once, under the lock, however many ledgers opened the database', async () => {
        await Promise.all([database.open(), database.open(), database.open()]);
        const db = database.sql;
        if (db === undefined) {
          throw new Error('a SQL ledger without its database');
        }
        const { rows } = await sql<{ name: string }>`select name from ledger_migrations order by name`.execute(db);
        expect(rows.map((r) => r.name)).toEqual(['0001_operations', '0002_read_back', '0003_access_records', '0004_uploads']);
      });
    });
  }
}
