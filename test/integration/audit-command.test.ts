/**
 * `npm run audit`: the access record's answers, export, purge and chain verification without the
 * graph, over the ledger database the configuration names (here a PostgreSQL test database).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { accessKeys, type LedgerDatabase, openLedgerDatabase, type PendingAccess, SqlAccessStore } from '../../src/ledger/index.js';
import { runAuditCommand } from '../../src/server/audit-command.js';
import { createTestDatabase, describeWithPostgres } from '../helpers/services.js';

const SECRET = 'audit command test key, at least 32 characters';
const keys = accessKeys(SECRET);
const CPF = '52998224725';
const DAY = 86_400_000;

describeWithPostgres('npm run audit', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: LedgerDatabase;

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase('audit_command'));
    database = await openLedgerDatabase({ databaseUrl: url, poolSize: 2 });
    const now = Date.now();
    const record = (n: number, overrides: Partial<PendingAccess> = {}): PendingAccess => ({
      id: randomUUID(),
      at: new Date(now - (10 - n) * 1000),
      callerId: 'analyst',
      requestId: `request-${n}`,
      action: 'read',
      kind: 'bureau_report',
      fields: ['score'],
      subjectHmac: keys.subject(CPF),
      proposalId: null,
      outcome: 'disclosed',
      purpose: 'credit analysis, "second" look',
      ...overrides,
    });
    await new SqlAccessStore(database.db).append(
      'access',
      [
        record(0, { at: new Date(now - 400 * DAY), requestId: 'ancient' }),
        record(1),
        record(2, { callerId: 'web', outcome: 'refused', purpose: null }),
        record(3, { action: 'write', kind: 'IncluirLancamentoParcela', proposalId: 'proposal-1', subjectHmac: null }),
      ],
      keys,
    );
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await runAuditCommand(
      argv,
      { DATABASE_URL: url, AUDIT_HMAC_KEY: SECRET, LOG_LEVEL: 'silent' },
      { out: (t) => (out += t), err: (t) => (err += t) },
    );
    return { code, out, err };
  }

  it("answers one person's records as JSON and CSV, and a caller's and a proposal's", async () => {
    const json = await run('person', '529.982.247-25');
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.out) as { subjectHmac: string; records: Array<{ requestId: string; outcome: string }> };
    expect(parsed.subjectHmac).toBe(keys.subject(CPF));
    expect(parsed.records.map((r) => [r.requestId, r.outcome])).toEqual([
      ['request-2', 'refused'],
      ['request-1', 'disclosed'],
      ['ancient', 'disclosed'],
    ]);
    const csv = await run('person', CPF, '--format', 'csv', '--from', new Date(Date.now() - DAY).toISOString());
    const lines = csv.out.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(',request-1,read,bureau_report,score,disclosed,"credit analysis, ""second"" look",,');
    expect(csv.out).not.toContain(CPF);
    expect(JSON.parse((await run('caller', 'web')).out).records.map((r: { requestId: string }) => r.requestId)).toEqual(['request-2']);
    expect(JSON.parse((await run('proposal', 'proposal-1')).out).records.map((r: { kind: string }) => r.kind)).toEqual(['IncluirLancamentoParcela']);
  });

  it('refuses a command it does not know, with the usage', async () => {
    const result = await run('everything');
    expect(result.code).toBe(2);
    expect(result.err).toContain('usage: npm run audit -- <command>');
  });

  it('verifies the chain, purges past the retention, and finds an edited and a deleted record (exit 1)', async () => {
    expect(await run('verify')).toMatchObject({ code: 0, out: `${JSON.stringify({ checked: 4, problems: [] }, null, 2)}\n` });
    expect(await run('purge')).toMatchObject({ code: 0, out: '{"deleted":1}\n' });
    expect(JSON.parse((await run('verify')).out)).toEqual({ checked: 3, problems: [] });

    await sql`alter table ledger_access_records disable trigger ledger_access_records_no_update`.execute(database.db);
    await sql`update ledger_access_records set caller_id = 'someone-else' where seq = 2`.execute(database.db);
    const edited = await run('verify');
    expect(edited.code).toBe(1);
    expect(JSON.parse(edited.out).problems).toEqual([{ chain: 'access', problem: 'edited', seq: 2, id: expect.any(String) }]);

    await sql`delete from ledger_access_records where seq = 3`.execute(database.db);
    const deleted = await run('verify');
    expect(deleted.code).toBe(1);
    expect(JSON.parse(deleted.out).problems.map((p: { problem: string; seq: number }) => [p.problem, p.seq])).toEqual([
      ['edited', 2],
      ['missing', 3],
    ]);
  });
});
