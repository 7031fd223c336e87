/**
 * An answer that disclosed personal data is never sent before its access record is on disk: the
 * built service, killed with SIGKILL right after answering a bureau look-up (its batched insert still
 * a minute away), leaves the record in its journal, and the next start on the same DATA_DIR writes it
 * to the ledger, where audit.read finds it, exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessKeys } from '../../../src/ledger/index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SECRET = 'crash test audit key, at least 32 characters';
const CPF = '52998224725';

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(child.exitCode) : child.once('exit', (code) => done(code))));
}

function graphUrlOf(child: ChildProcess): Promise<string> {
  let text = '';
  return new Promise((done, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /The credit graph:\s+(http:\/\/\S+\/graphql)/.exec(text);
      if (match?.[1] !== undefined) {
        done(match[1]);
      }
    });
    child.once('exit', (code) => fail(new Error(`exited with ${code} before listening:\n${text}`)));
  });
}

async function post(url: string, query: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await response.json()) as Record<string, unknown>;
}

describe('the access record across a SIGKILL', () => {
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'credit-graph-audit-crash-'));
    const build = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(folder, 'dist')],
      { cwd: ROOT, stdio: 'ignore' },
    );
    expect(await exited(build)).toBe(0);
    cpSync(join(ROOT, 'package.json'), join(folder, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
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
    expect(journaled).toContain(`"subjectHmac":"${accessKeys(SECRET).subject(CPF)}"`);
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
