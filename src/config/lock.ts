// A lock file beside the profile file, so that ipctl processes started at once
// (CI jobs sharing one config) change it one after another and lose nothing.
// O_EXCL creation is atomic on local file systems; no dependency is needed.
import { closeSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { UserError, exitCodes } from '../errors.js';
import { openForWriting, removeFile, writeAll } from '../file-writes.js';

export interface LockOptions {
  /** How long to wait for another process to finish, in ms. */
  waitMs?: number;
  /** A lock older than this is taken to be left behind by a crashed process, in ms. */
  staleMs?: number;
}

/** A writer holds the lock for milliseconds; ten seconds means it is gone. */
const defaultStaleMs = 10_000;
const defaultWaitMs = 15_000;
/** A lock with no owner written in it, older than this, was left by a writer that died. */
const emptyStaleMs = 1000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Runs `work` while holding `<file>.lock`; the lock is removed afterwards, whatever happens. */
export function withFileLock<T>(file: string, work: () => T, options: LockOptions = {}): T {
  const lockPath = `${file}.lock`;
  acquire(lockPath, options.waitMs ?? defaultWaitMs, options.staleMs ?? defaultStaleMs);
  try {
    return work();
  } finally {
    try {
      removeFile('lock.remove', lockPath);
    } catch {
      // Already gone: someone judged it stale. Nothing to undo.
    }
  }
}

function acquire(lockPath: string, waitMs: number, staleMs: number): void {
  const deadline = Date.now() + waitMs;
  for (let round = 0; ; round += 1) {
    if (tryCreate(lockPath)) return;
    const holder = readHolder(lockPath);
    if (holder && isStale(holder, staleMs)) {
      removeIfUnchanged(lockPath, holder.text);
      continue;
    }
    if (Date.now() > deadline) throw lockedError(lockPath, holder);
    // Synchronous, because the profile store is; the lock is held for milliseconds.
    Atomics.wait(sleeper, 0, 0, 5 + Math.min(round, 10) * 3 + Math.random() * 10);
  }
}

function tryCreate(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openForWriting('lock.create', lockPath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeAll('lock.write', fd, JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString() }));
  } catch (error) {
    // A lock without its whole owner is taken over as abandoned within a second: it is not taken at all.
    closeSync(fd);
    try {
      removeFile('lock.remove', lockPath);
    } catch {
      // Left without an owner: judged abandoned by its age.
    }
    throw error;
  }
  closeSync(fd);
  return true;
}

interface Holder {
  text: string;
  pid?: number;
  host?: string;
  ageMs: number;
}

function readHolder(lockPath: string): Holder | undefined {
  try {
    const text = readFileSync(lockPath, 'utf8');
    const ageMs = Date.now() - statSync(lockPath).mtimeMs;
    let owner: { pid?: unknown; host?: unknown } = {};
    try {
      owner = JSON.parse(text) as typeof owner;
    } catch {
      // Being written right now, or garbage: judged by its age alone.
    }
    return { text, ageMs, pid: typeof owner.pid === 'number' ? owner.pid : undefined, host: typeof owner.host === 'string' ? owner.host : undefined };
  } catch {
    return undefined;
  }
}

/**
 * Stale: its process is gone (same machine), or it is older than any write
 * takes, or it is still without an owner after a second (its writer died
 * between creating it and writing it).
 */
function isStale(holder: Holder, staleMs: number): boolean {
  return holder.ageMs > staleMs || processIsGone(holder) || (holder.pid === undefined && holder.ageMs > emptyStaleMs);
}

/** The holder's process is known to be gone: it ran on this machine, and no process has its ID now. */
function processIsGone(holder: Holder): boolean {
  if (holder.pid === undefined || holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A lock held for the whole of a long run (a bulk import), taken at once or not at all. */
export interface RunLock {
  release(): void;
  /** The process whose lock was taken over, when one had been left behind. */
  tookOverFrom?: number;
}

/**
 * Takes `<file>.lock` for a run, without waiting: the lock is created
 * atomically (O_EXCL), so of two runs started at once exactly one gets it. A
 * lock whose process is gone (killed, a lost CI runner on this machine) is
 * taken over; so is one still empty after a second (its writer died between
 * creating and writing it). Otherwise the holder is returned, to be named.
 */
export function takeRunLock(file: string): RunLock | { heldBy: string } {
  const lockPath = `${file}.lock`;
  let tookOverFrom: number | undefined;
  for (;;) {
    if (tryCreate(lockPath)) return { tookOverFrom, release: () => removeIfOurs(lockPath) };
    const holder = readHolder(lockPath);
    if (!holder) continue; // released just now: try again
    const abandoned = holder.pid === undefined ? holder.ageMs > emptyStaleMs : processIsGone(holder);
    if (!abandoned) return { heldBy: describeHolder(holder) };
    tookOverFrom = holder.pid;
    removeIfUnchanged(lockPath, holder.text);
  }
}

function removeIfOurs(lockPath: string): void {
  const holder = readHolder(lockPath);
  if (holder?.pid === process.pid && holder.host === hostname()) removeIfUnchanged(lockPath, holder.text);
}

function describeHolder(holder: Holder): string {
  if (holder.pid === undefined) return 'a process that is starting';
  return `process ${holder.pid}${holder.host && holder.host !== hostname() ? ` on ${holder.host}` : ''}`;
}

/** Removes a stale lock only if it is still the one judged stale, not a new holder's. */
function removeIfUnchanged(lockPath: string, text: string): void {
  try {
    if (readFileSync(lockPath, 'utf8') === text) removeFile('lock.remove', lockPath);
  } catch {
    // Gone already: the next round tries to take it.
  }
}

function lockedError(lockPath: string, holder: Holder | undefined): UserError {
  const who = holder?.pid !== undefined ? `process ${holder.pid}${holder.host && holder.host !== hostname() ? ` on ${holder.host}` : ''}` : 'another process';
  return new UserError(
    `The profile file is locked by ${who}, which has not finished changing it.`,
    exitCodes.temporary,
    `Try again. If no ipctl is running, remove ${lockPath}.`,
  );
}
