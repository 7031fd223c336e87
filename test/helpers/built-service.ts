/**
 * The service as a process: built from the sources into a folder of its own, started, watched until
 * it listens or exits. For the suites that signal or kill the real process (npm run test:e2e).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Resolves with the child's exit code (null when a signal ended it), at once when it has already exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(child.exitCode) : child.once('exit', (code) => done(code))));
}

/** The GraphQL URL the started service prints in its banner; rejects when it exits before listening. */
export function graphUrlOf(child: ChildProcess): Promise<string> {
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

/** A folder of its own holding the service built from the sources (`dist/`), its package.json and a link to node_modules. */
export async function builtService(prefix: string): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const build = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(folder, 'dist')],
    { cwd: ROOT, stdio: 'ignore' },
  );
  expect(await exited(build)).toBe(0);
  cpSync(join(ROOT, 'package.json'), join(folder, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
  return folder;
}
