import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * One process at a time on the embedded ledger's directory. PGlite's files are not made for two
 * processes at once (a second one aborts inside the WASM with no useful message).
 *
 * The lock is a file holding its owner's pid. It is never seen half written: each contender writes
 * its pid under a name of its own and links it into place, which fails when the lock exists. A lock
 * whose process is gone (a crash) is taken over at once; liveness is asked of the operating system,
 * not read from a refreshed time stamp, because PGlite's start-up can block the event loop for many
 * seconds and a time-stamp lock then looked stale while its owner lived. Clearing a stale lock is
 * done under a second, short-lived lock (`<lock>.takeover`), so two processes that both saw the same
 * dead owner cannot clear each other's fresh lock: the one that clears it re-reads the owner first.
 *
 * This file imports only node: modules, so a test's child processes can run it as it is.
 */

/** The answer of {@link lockDataDir}. */
export type DataDirLock = { held: true; release: () => void } | { held: false; owner: number };

/** Rounds of create / inspect / clear before giving up (each round either wins, refuses or clears a dead owner). */
const ROUNDS = 50;
/** Pause before looking again while another process clears a stale lock (it holds the takeover for microseconds). */
const TAKEOVER_WAIT_MS = 5;

/**
 * Takes `path` for this process: `{ held: true, release }`, or `{ held: false, owner }` when a live
 * process holds it. `release` removes the lock only while it is still this process's own.
 */
export async function lockDataDir(path: string): Promise<DataDirLock> {
  for (let round = 0; round < ROUNDS; round += 1) {
    if (create(path)) {
      return { held: true, release: () => removeIfOwner(path, process.pid) };
    }
    const owner = readOwner(path);
    if (owner !== undefined && alive(owner)) {
      return { held: false, owner };
    }
    if (create(`${path}.takeover`)) {
      try {
        // Re-read under the takeover lock: only a lock that is there and names no live owner is
        // cleared. Nobody can replace a lock that is there without clearing it, and only the takeover
        // holder clears, so the file removed is the one just read. A lock found gone is left alone:
        // another contender may link its own into place between this read and a removal.
        const again = readLock(path);
        if (again !== 'absent' && (again === undefined || !alive(again))) {
          rmSync(path, { force: true });
        }
      } finally {
        removeIfOwner(`${path}.takeover`, process.pid);
      }
    } else {
      const clearing = readOwner(`${path}.takeover`);
      if (clearing !== undefined && !alive(clearing)) {
        // Its holder died in the microseconds it held it: clear it, or no one ever could.
        rmSync(`${path}.takeover`, { force: true });
      } else {
        await sleep(TAKEOVER_WAIT_MS);
      }
    }
  }
  const owner = readOwner(path);
  return { held: false, owner: owner ?? 0 };
}

/** Creates `path` holding this process's pid, complete or not at all; false when it exists. */
function create(path: string): boolean {
  const draft = `${path}.${process.pid}.${randomUUID()}`;
  writeFileSync(draft, String(process.pid));
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return false;
    }
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function removeIfOwner(path: string, pid: number): void {
  if (readOwner(path) === pid) {
    rmSync(path, { force: true });
  }
}

/** The pid a lock file names, or undefined when it names none (absent, or not a pid). */
export function readOwner(path: string): number | undefined {
  const lock = readLock(path);
  return lock === 'absent' ? undefined : lock;
}

/** `absent` when there is no lock file, else the pid it names (undefined when it names none). */
function readLock(path: string): number | undefined | 'absent' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return 'absent';
    }
    return undefined;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Whether process `pid` runs (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
