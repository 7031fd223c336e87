import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSnapshot, SandboxStateError, SNAPSHOT_VERSION, writeSnapshot, type SandboxSnapshot } from '../../../../src/sandbox/core/persistence.js';
import { createSandbox } from '../../../../src/sandbox/server.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

describe('sandbox persistence', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads back dates and maps as themselves', async () => {
    const file = join(dir, 'nested', 'state.json');
    const at = new Date('2026-03-04T05:06:07.089Z');
    const snapshot = {
      version: SNAPSHOT_VERSION,
      proposals: [{ id: 'p', createdAt: at, agenda: { pix: new Map([[2, [{ dueDate: at }]]]) } }],
      ids: { random: 7, proposalNumber: 100009, boletoNumber: 5000003 },
      clock: { offsetMs: 86_400_000, fixed: null },
      replay: { enabled: true, entries: [] },
      demo: [],
    } as unknown as SandboxSnapshot;
    await writeSnapshot(file, snapshot);
    const back = (await readSnapshot(file)) as unknown as { proposals: Array<{ createdAt: Date; agenda: { pix: Map<number, Array<{ dueDate: Date }>> } }> };
    expect(back.proposals[0]?.createdAt).toEqual(at);
    expect(back.proposals[0]?.agenda.pix.get(2)?.[0]?.dueDate).toEqual(at);
  });

  it('answers undefined without a file, and a SandboxStateError naming npm run reset for one it cannot read', async () => {
    expect(await readSnapshot(join(dir, 'none.json'))).toBeUndefined();
    const file = join(dir, 'state.json');
    writeFileSync(file, '{"version": 99, "proposals": []}');
    await expect(readSnapshot(file)).rejects.toThrow(SandboxStateError);
    writeFileSync(file, 'not json');
    await expect(readSnapshot(file)).rejects.toThrow(/npm run reset/);
  });

  it('a restarted sandbox has the proposals, moves and clock of the one before, and a reset writes the fresh state', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await createSandbox({ stateFile, demoOwner: 'demo' });
    const disbursed = first.demo.find((p) => p.label === 'approved')?.id ?? '';
    await fetch(`${first.url}/_sandbox/proposals/${disbursed}/situacao`, { method: 'POST', body: JSON.stringify({ situacao: 9 }) });
    await fetch(`${first.url}/_sandbox/clock`, { method: 'POST', body: JSON.stringify({ now: '2030-01-02T00:00:00Z' }) });
    await first.close();
    const second = await createSandbox({ stateFile, demoOwner: 'demo' });
    const listed = (await (await fetch(`${second.url}/_sandbox/proposals`)).json()) as Array<{ codigo: string; situacao: number }>;
    expect(listed).toHaveLength(13);
    expect(listed.find((p) => p.codigo === disbursed)?.situacao).toBe(9);
    expect(await (await fetch(`${second.url}/_sandbox/clock`)).json()).toEqual({ now: '2030-01-02T00:00:00.000Z' });
    await fetch(`${second.url}/_sandbox/reset`, { method: 'POST' });
    await second.close();
    const third = await createSandbox({ stateFile, demoOwner: 'demo' });
    const afterReset = (await (await fetch(`${third.url}/_sandbox/proposals`)).json()) as Array<{ codigo: string; situacao: number }>;
    expect(afterReset.find((p) => p.codigo === disbursed)?.situacao).toBe(2);
    await third.close();
  });
});

describe('npm run reset (scripts/reset.mjs)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'reset-'));
    mkdirSync(join(dataDir, 'ledger'));
    mkdirSync(join(dataDir, 'sandbox'));
    writeFileSync(join(dataDir, 'sandbox', 'state.json'), '{}');
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const reset = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(ROOT, 'scripts', 'reset.mjs')], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env } });

  it('removes the sandbox state and the embedded ledger together', () => {
    const run = reset();
    expect(run.status).toBe(0);
    expect([existsSync(join(dataDir, 'ledger')), existsSync(join(dataDir, 'sandbox'))]).toEqual([false, false]);
  });

  it('refuses, changing nothing, while a live process holds the ledger, and with DATABASE_URL', () => {
    writeFileSync(join(dataDir, 'ledger.lock'), String(process.pid));
    const held = reset();
    expect(held.status).toBe(1);
    expect(held.stderr).toContain(`(process ${process.pid}) is running`);
    rmSync(join(dataDir, 'ledger.lock'));
    const postgres = reset({ DATABASE_URL: 'postgres://127.0.0.1/x' });
    expect(postgres.status).toBe(1);
    expect([existsSync(join(dataDir, 'ledger')), existsSync(join(dataDir, 'sandbox'))]).toEqual([true, true]);
  });
});
