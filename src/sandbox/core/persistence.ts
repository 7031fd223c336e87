import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Proposal } from '../model/types.js';
import { type DemoProposal } from '../options.js';
import { type ReplaySnapshot } from './replay.js';

/** Bumped when the snapshot's shape changes: a file of another version is refused, never half-read. */
export const SNAPSHOT_VERSION = 1;

/** What a persistent sandbox writes after every change: the partner's state, as the partner keeps its own. */
export interface SandboxSnapshot {
  version: number;
  proposals: Proposal[];
  ids: { random: number; proposalNumber: number; boletoNumber: number };
  clock: { offsetMs: number; fixed: number | null };
  replay: ReplaySnapshot;
  demo: DemoProposal[];
}

/** A state file that exists but cannot be read back: start-up stops and names the way out. */
export class SandboxStateError extends Error {
  constructor(
    readonly file: string,
    why: string,
  ) {
    super(`the sandbox state ${file} ${why}: run \`npm run reset\` to start afresh (it resets the sandbox and the ledger together)`);
    this.name = 'SandboxStateError';
  }
}

// Dates and Maps are tagged so they come back as themselves; JSON.stringify would turn a Date into a
// string (its toJSON runs before a replacer sees the value, so the holder's raw value is read).
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) {
    return { $date: raw.getTime() };
  }
  if (raw instanceof Map) {
    return { $map: [...raw.entries()] };
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as { $date?: unknown; $map?: unknown };
    if (typeof tagged.$date === 'number' && Object.keys(value).length === 1) {
      return new Date(tagged.$date);
    }
    if (Array.isArray(tagged.$map) && Object.keys(value).length === 1) {
      return new Map(tagged.$map as Array<[unknown, unknown]>);
    }
  }
  return value;
}

/** The snapshot as file text. */
export function serializeSnapshot(snapshot: SandboxSnapshot): string {
  return JSON.stringify(snapshot, replacer);
}

/** The snapshot of a state file, or undefined when there is none; a file it cannot read is a {@link SandboxStateError}. */
export async function readSnapshot(file: string): Promise<SandboxSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw new SandboxStateError(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, reviver);
  } catch {
    throw new SandboxStateError(file, 'is not valid JSON');
  }
  const snapshot = parsed as Partial<SandboxSnapshot> | null;
  if (snapshot === null || typeof snapshot !== 'object' || snapshot.version !== SNAPSHOT_VERSION || !Array.isArray(snapshot.proposals)) {
    throw new SandboxStateError(file, `is not a sandbox state of version ${SNAPSHOT_VERSION}`);
  }
  return snapshot as SandboxSnapshot;
}

/**
 * Writes the snapshot whole or not at all: to a temporary file beside it, then renamed over it (a
 * crash mid-write leaves the previous state, never half of one).
 */
export async function writeSnapshot(file: string, snapshot: SandboxSnapshot): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, serializeSnapshot(snapshot), { mode: 0o600 });
  await rename(temporary, file);
}

/** Removes a state file (the reset command); absent is fine. */
export async function removeSnapshot(file: string): Promise<void> {
  await rm(file, { force: true });
}
