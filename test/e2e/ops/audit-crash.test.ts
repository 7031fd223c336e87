/**
 * An answer that disclosed personal data is never sent before its access record is on disk: the
 * built service, killed with SIGKILL right after answering a bureau look-up (its batched insert still
 * a minute away), leaves the record in its journal, and the next start on the same DATA_DIR writes it
 * to the ledger, where audit.read finds it, exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { accessKeys } from '../../../src/ledger/index.js';
import { builtService, exited, graphUrlOf } from '../../helpers/built-service.js';

const SECRET = 'crash test audit key, at least 32 characters';
const CPF = '52998224725';

async function post(url: string, query: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await response.json()) as Record<string, unknown>;
}

describe('the access record across a SIGKILL', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await builtService('credit-graph-audit-crash-');
  }, 300_000);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the record of an answer given just before the kill, and writes it once at the next start', async () => {
    const data = mkdtempSync(join(folder, 'data-'));
    const start = (env: Record<string, string>): ChildProcess =>
      spawn(process.execPath, ['dist/main.js'], {
        cwd: folder,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { PATH: process.env.PATH ?? '', PORT: '0', SANDBOX_PORT: '0', DATA_DIR: data, AUDIT_HMAC_KEY: SECRET, ...env },
      });

    const first = start({ AUDIT_FLUSH_MS: '60000' });
    const url = await graphUrlOf(first);
    const answer = await post(url, `{ bureauReport(document: "${CPF}") { document score } }`);
    first.kill('SIGKILL');
    expect(answer).toMatchObject({ data: { bureauReport: { document: CPF } } });
    await exited(first);

    const journal = join(data, 'audit-journal');
    const segments = readdirSync(journal).filter((name) => name.endsWith('.jsonl'));
    const journaled = segments.map((name) => readFileSync(join(journal, name), 'utf8')).join('');
    expect(journaled).toContain(`"${accessKeys(SECRET).subject(CPF)}"`);
    expect(journaled).not.toContain(CPF);

    const second = start({});
    try {
      const again = await graphUrlOf(second);
      const records = await post(again, `{ personAccessRecords(document: "${CPF}") { nodes { kind fields outcome callerId subjectHmac } } }`);
      expect(records.data).toEqual({
        personAccessRecords: {
          nodes: [
            { kind: 'bureau_report', fields: ['document', 'score'], outcome: 'DISCLOSED', callerId: 'anonymous', subjectHmac: accessKeys(SECRET).subject(CPF) },
          ],
        },
      });
      // The replayed segments are gone (the look-up above, itself recorded, may have opened a new one).
      expect(readdirSync(journal).filter((name) => segments.includes(name))).toEqual([]);
    } finally {
      second.kill('SIGTERM');
      await exited(second);
    }
  }, 180_000);
});
