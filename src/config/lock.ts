// A lock file beside the profile file, so that ipctl processes started at once
// (CI jobs sharing one config) change it one after another and lose nothing.
// O_EXCL creation is atomic on local file systems; no dependency is needed.
import type { Processes } from '../deps.js';
import { ConfigError, InterruptedError, UserError, exitCodes } from '../errors.js';
import { openForWriting, removeFile, writeAll } from '../file-writes.js';
import type { Clock } from '../host-clock.js';
import type { FileSystem } from '../host-fs.js';

/** What a lock is made of: files, the time, and the processes that hold them. */
export interface LockHost {
  fs: FileSystem;
  clock: Clock;
  processes: Processes;
}

export interface LockOptions {
  /** How long to wait for another process to finish, in ms. */
  waitMs?: number;
  /** A lock older than this is taken to be left behind by a crashed process, in ms. */
  staleMs?: number;
  /** Aborted when the user interrupts: the wait ends at once (exit 130). */
  signal?: AbortSignal;
  /** Told once, when the lock is found held and the wait begins. */
  waiting?: (line: string) => void;
}

/**
 * A writer holds the lock for milliseconds; ten seconds means it is gone. This
 * lock keeps its age rule: it needs no heartbeat, since no holder keeps it for
 * as long as one would beat (a bulk run's lock, in run-lock.ts, does).
 */
const defaultStaleMs = 10_000;
const defaultWaitMs = 15_000;
/** A lock with no owner written in it, older than this, was left by a writer that died. */
export const emptyStaleMs = 1000;

/**
 * Runs `work` while holding `<file>.lock`; the lock is removed afterwards,
 * whatever happens. The wait for another holder is asynchronous, so that
 * Ctrl-C ends it; `work` itself takes milliseconds.
 */
export async function withFileLock<T>(host: LockHost, file: string, work: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const lockPath = `${file}.lock`;
  await acquire(host, lockPath, options);
  try {
    return await work();
  } finally {
    try {
      removeFile(host.fs, lockPath);
    } catch {
      // Already gone: someone judged it stale. Nothing to undo.
    }
  }
}

async function acquire(host: LockHost, lockPath: string, options: LockOptions): Promise<void> {
  const { signal, waiting } = options;
  const staleMs = options.staleMs ?? defaultStaleMs;
  const deadline = host.clock.now() + (options.waitMs ?? defaultWaitMs);
  let told = false;
  for (let round = 0; ; round += 1) {
    if (signal?.aborted) throw interruptedWaiting(lockPath);
    if (tryCreate(host, lockPath, ownerText(host)) !== undefined) return;
    const holder = readHolder(host, lockPath);
    if (holder && isStale(host, holder, staleMs)) {
      removeIfUnchanged(host.fs, lockPath, holder.text);
      continue;
    }
    if (host.clock.now() > deadline) throw lockedError(host, lockPath, holder);
    if (!told) waiting?.(`waiting for ${describeHolder(host, holder)}, which holds ${lockPath}`);
    told = true;
    await pause(host.clock, 5 + Math.min(round, 10) * 3 + Math.random() * 10, lockPath, signal);
  }
}

export async function pause(clock: Clock, ms: number, lockPath: string, signal: AbortSignal | undefined): Promise<void> {
  try {
    await clock.sleep(ms, signal);
  } catch {
    throw interruptedWaiting(lockPath);
  }
}

function interruptedWaiting(lockPath: string): InterruptedError {
  return new InterruptedError(`Interrupted while waiting for ${lockPath}; nothing was changed.`);
}

/** What this process writes in a lock it takes: who it is, when it took it, and when it last said it is alive (now). */
export interface OwnRecord {
  pid: number;
  host: string;
  /** This process's start time, where its host can tell (Processes.startTime). */
  started: number | undefined;
  /** When the lock was taken (ISO 8601). */
  time: string;
}

export function ownRecord(host: LockHost): OwnRecord {
  const { processes } = host;
  return { pid: processes.pid, host: processes.hostname, started: processes.startTime?.(processes.pid), time: new Date(host.clock.now()).toISOString() };
}

/**
 * The lock's text: the owner first (an earlier version reads `pid` and `host`
 * alone, and understands it), then `heartbeat`, the time of its last refresh.
 * Every field but the heartbeat stays the same while it is held, and the
 * heartbeat's ISO 8601 text is always 24 characters, so a refresh overwrites
 * the text in place without changing its length.
 */
export function recordText(own: OwnRecord, heartbeatMs: number): string {
  return JSON.stringify({ pid: own.pid, host: own.host, started: own.started, time: own.time, heartbeat: new Date(heartbeatMs).toISOString() });
}

function ownerText(host: LockHost): string {
  return recordText(ownRecord(host), host.clock.now());
}

/** Creates the lock holding `text`, atomically; its text when it was created, undefined when another holds it. */
export function tryCreate(host: LockHost, lockPath: string, text: string): string | undefined {
  const { fs } = host;
  let fd: number;
  try {
    fd = openForWriting(fs, lockPath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  try {
    writeAll(fs, fd, text);
  } catch (error) {
    // A lock without its whole owner is taken over as abandoned within a second: it is not taken at all.
    fs.closeSync(fd);
    try {
      removeFile(fs, lockPath);
    } catch {
      // Left without an owner: judged abandoned by its age.
    }
    throw error;
  }
  fs.closeSync(fd);
  return text;
}

export interface Holder {
  text: string;
  pid?: number;
  host?: string;
  /** Its owner's start time, as its host told it. */
  started?: number;
  /**
   * When its owner last refreshed it (ms since the epoch; NaN when the time
   * cannot be read); undefined in a lock written by an earlier version, which
   * never refreshed its locks.
   */
  heartbeat?: number;
  /** Since the file last changed, by this machine's clock. */
  ageMs: number;
}

/**
 * The lock's holder as the lock says; undefined when the lock is gone (released
 * just now). A lock that is there and cannot be read (a directory, a dangling
 * symbolic link, another user's file) or that holds something other than an
 * owner is an error at once: no wait could end it.
 */
export function readHolder(host: LockHost, lockPath: string): Holder | undefined {
  const { fs } = host;
  let text: string;
  let ageMs: number;
  try {
    const stat = fs.statSync(lockPath);
    // Not read unless a regular file: reading a named pipe would wait for a writer for ever.
    if (!stat.isFile()) throw unreadableLock(lockPath, stat.isDirectory() ? 'it is a directory' : 'it is not a regular file');
    ageMs = host.clock.now() - stat.mtimeMs;
    text = fs.readFileSync(lockPath).toString('utf8');
  } catch (error) {
    if (error instanceof UserError) throw error;
    if (releasedMeanwhile(fs, lockPath, error)) return undefined;
    throw unreadableLock(lockPath, readFailure(error));
  }
  // Empty: its writer has created it and not yet written its owner.
  if (text === '') return { text, ageMs };
  const owner = parseOwner(text);
  if (owner) return { text, ageMs, ...owner };
  // Read once more: a lock caught between its creation and its one write reads whole the second time.
  const again = rereadText(fs, lockPath);
  if (again === undefined) return undefined; // released meanwhile
  const settled = parseOwner(again);
  // The start of an owner and no more: its writer died in the middle of writing it, and it is taken over as an empty one is.
  if (!settled && isTornOwner(again)) return { text: again, ageMs };
  if (!settled) throw unreadableLock(lockPath, 'it does not name the process that holds it');
  return { text: again, ageMs, ...settled };
}

/** How tryCreate's owner begins: `{"pid":`. */
const ownerOpening = '{"pid":';

/** The first part of an owner as tryCreate writes it, cut short: a prefix of its opening, or its opening and more. */
function isTornOwner(text: string): boolean {
  if (!ownerOpening.startsWith(text) && !text.startsWith(ownerOpening)) return false;
  try {
    JSON.parse(text);
    return false; // whole, and not an owner
  } catch {
    return true;
  }
}

type Owner = Omit<Holder, 'text' | 'ageMs'>;

/** The owner as recordText writes it (or an earlier version did: `{pid, host, time}`), or undefined for anything else. */
function parseOwner(text: string | undefined): Owner | undefined {
  if (text === undefined) return undefined;
  let owner: { pid?: unknown; host?: unknown; started?: unknown; heartbeat?: unknown } | null;
  try {
    owner = JSON.parse(text) as typeof owner;
  } catch {
    return undefined;
  }
  if (typeof owner?.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return undefined;
  return {
    pid: owner.pid,
    host: typeof owner.host === 'string' ? owner.host : undefined,
    ...(typeof owner.started === 'number' ? { started: owner.started } : {}),
    ...(owner.heartbeat === undefined ? {} : { heartbeat: typeof owner.heartbeat === 'string' ? Date.parse(owner.heartbeat) : Number.NaN }),
  };
}

/** The lock's text, or undefined when it is gone. */
export function rereadText(fs: FileSystem, lockPath: string): string | undefined {
  try {
    return fs.readFileSync(lockPath).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The lock was released while it was read: it is gone now, or, when it was
 * missing as it was read, it is there again as anything but a symbolic link
 * (another process released it and a third took it). Only a link that still
 * leads nowhere is the dangling link it looked like.
 */
function releasedMeanwhile(fs: FileSystem, lockPath: string, error: unknown): boolean {
  const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
  try {
    return missing && !fs.lstatSync(lockPath).isSymbolicLink();
  } catch (gone) {
    return (gone as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied: it belongs to another user, or its mode forbids reading';
  if (code === 'ENOENT' || code === 'ELOOP') return 'it is a symbolic link to nothing';
  return code ?? 'it cannot be read';
}

/** Exit 2: the lock file is not one ipctl wrote, and only a person can tell whether it may go. */
function unreadableLock(lockPath: string, reason: string): ConfigError {
  const directory = reason === 'it is a directory';
  return new ConfigError(
    `The lock file ${lockPath} cannot be used (${reason}), so ipctl cannot tell whether another ipctl holds it.`,
    `If no ipctl is running, remove it (${directory ? 'rm -r' : 'rm'} ${lockPath}) and try again.`,
  );
}

/**
 * Stale: its process is gone (same machine), or it is older than any write
 * takes, or it is still without an owner after a second (its writer died
 * between creating it and writing it).
 */
function isStale(host: LockHost, holder: Holder, staleMs: number): boolean {
  return holder.ageMs > staleMs || processIsGone(host.processes, holder) || (holder.pid === undefined && holder.ageMs > emptyStaleMs);
}

/**
 * The holder's process is known to be gone: it ran on this machine, and no
 * process has its ID now, or the one that has it started at another time (the
 * ID was given again).
 */
function processIsGone(processes: Processes, holder: Holder): boolean {
  const owner = ownerOnThisMachine(processes, holder);
  return owner === 'gone' || owner === 'reused';
}

/**
 * What this machine knows of the lock's owner: nothing when it ran elsewhere;
 * else whether its ID is free (`gone`), another process's (`reused`: running,
 * started at another time), its own (`alive`: running, started when the lock
 * says), or running with no start time to tell (`unsure`: an earlier
 * version's lock, or a system that does not say).
 */
export function ownerOnThisMachine(processes: Processes, holder: Holder): 'elsewhere' | 'gone' | 'reused' | 'alive' | 'unsure' {
  if (holder.pid === undefined || holder.host !== processes.hostname) return 'elsewhere';
  if (!processes.isRunning(holder.pid)) return 'gone';
  const started = holder.started === undefined ? undefined : processes.startTime?.(holder.pid);
  if (started === undefined) return 'unsure';
  return started === holder.started ? 'alive' : 'reused';
}

export function describeHolder(host: LockHost, holder: Holder | undefined): string {
  if (holder === undefined) return 'another process';
  if (holder.pid === undefined) return 'a process that is starting';
  return `process ${holder.pid}${holder.host && holder.host !== host.processes.hostname ? ` on ${holder.host}` : ''}`;
}

/** Removes a stale lock only if it is still the one judged stale, not a new holder's. */
export function removeIfUnchanged(fs: FileSystem, lockPath: string, text: string): void {
  try {
    if (fs.readFileSync(lockPath).toString('utf8') === text) removeFile(fs, lockPath);
  } catch {
    // Gone already: the next round tries to take it.
  }
}

function lockedError(host: LockHost, lockPath: string, holder: Holder | undefined): UserError {
  const who = holder?.pid !== undefined ? describeHolder(host, holder) : 'another process';
  return new UserError(
    `The profile file is locked by ${who}, which has not finished changing it.`,
    exitCodes.temporary,
    `Try again. If no ipctl is running, remove ${lockPath}.`,
  );
}
