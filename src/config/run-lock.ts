// The lock a bulk run holds on its results file for the whole run, beside it
// as `<file>.lock`. Its owner proves it is alive by a heartbeat: every few
// seconds it rewrites the time in the lock. A lock is abandoned, and the next
// run takes it over, when its process is known to be gone (same machine: its
// ID is free, or another process's, started at another time) or when its
// heartbeat has stopped (any machine sharing the disk).
import { constants } from 'node:fs';
import { writeAll } from '../file-writes.js';
import {
  describeHolder,
  emptyStaleMs,
  type Holder,
  type LockHost,
  type OwnRecord,
  ownerOnThisMachine,
  ownRecord,
  pause,
  readHolder,
  recordText,
  removeIfUnchanged,
  rereadText,
  tryCreate,
} from './lock.js';

/** How often the owner refreshes its lock. */
const heartbeatMs = 5_000;
/** A heartbeat this far from the reader's clock, either way, may have stopped: the lock is watched. */
const abandonedAfterMs = 30_000;
/** How long a lock that may be abandoned is watched for a heartbeat before it is taken over: three of them. */
const watchMs = 15_000;
/** How often a run tries again to take a lock that was there, and gone when read. */
const maxRunLockRounds = 20;

/** A lock held for the whole of a long run (a bulk import). */
export interface RunLock {
  /** Stops the heartbeat and removes the lock, if it is still this run's. */
  release(): void;
  /** Whose lock was taken over, when one had been abandoned: `process 4242, which is no longer running`. */
  tookOver?: string;
}

export interface RunLockOptions {
  /** Aborted when the user interrupts: a watch ends at once (exit 130). */
  signal?: AbortSignal;
  /** Told when a lock that looks abandoned is watched before it is taken over. */
  watching?: (line: string) => void;
  /** Told once when the heartbeat cannot refresh the lock, and once when the lock is no longer this run's. */
  warn?: (line: string) => void;
}

/**
 * Takes `<file>.lock` for a run, or says who holds it. The lock is created
 * atomically (O_EXCL), so of two runs started at once exactly one gets it. A
 * live run's lock is never taken over; an abandoned one is (the rule is
 * `judge`'s). A lock whose heartbeat is far from this machine's clock is
 * watched for 15 s first: a clock that jumped, or another machine's clock,
 * cannot make a live run's lock look abandoned, since a live run refreshes it
 * meanwhile.
 */
export async function takeRunLock(host: LockHost, file: string, options: RunLockOptions = {}): Promise<RunLock | { heldBy: string }> {
  const lockPath = `${file}.lock`;
  let tookOver: string | undefined;
  for (let round = 0; round <= maxRunLockRounds; round += 1) {
    const own = ownRecord(host);
    const text = tryCreate(host, lockPath, recordText(own, host.clock.now()));
    if (text !== undefined) return holding(host, lockPath, own, tookOver, options.warn);
    const holder = readHolder(host, lockPath);
    // Released just now: tried again, a few times; others keep taking it first only while they are running.
    if (!holder) continue;
    const verdict = await judge(host, lockPath, holder, options);
    if (verdict === 'gone') continue;
    if (verdict === 'held') return { heldBy: describeHolder(host, holder) };
    tookOver = verdict.abandoned;
    removeIfUnchanged(host.fs, lockPath, holder.text);
  }
  return { heldBy: 'other runs that keep taking it' };
}

type Verdict = 'held' | 'gone' | { abandoned: string };

/**
 * The rule, in order. A lock naming no owner is abandoned once its file is a
 * second away from this machine's clock (its writer died between creating and
 * writing it). On this machine: an owner whose ID is free, or whose ID another
 * process has, is abandoned at once; one running and started when the lock
 * says is held, whatever the age of its heartbeat. A lock written by an
 * earlier version has no heartbeat: held unless its process is known gone, as
 * that version judged it. Otherwise the heartbeat decides: held while it is
 * within 30 s of this machine's clock, else abandoned if it does not change
 * while watched for 15 s.
 */
async function judge(host: LockHost, lockPath: string, holder: Holder, options: RunLockOptions): Promise<Verdict> {
  if (holder.pid === undefined) return Math.abs(holder.ageMs) > emptyStaleMs ? { abandoned: 'a process that died before writing its ID in it' } : 'held';
  const owner = describeHolder(host, holder);
  switch (ownerOnThisMachine(host.processes, holder)) {
    case 'gone':
      return { abandoned: `${owner}, which is no longer running` };
    case 'reused':
      return { abandoned: `${owner}, which is no longer running (another process has its ID now)` };
    case 'alive':
      return 'held';
    default:
  }
  if (holder.heartbeat === undefined) return 'held';
  if (Math.abs(host.clock.now() - holder.heartbeat) <= abandonedAfterMs) return 'held';
  options.watching?.(`The lock ${lockPath} was last refreshed ${lastBeat(holder.heartbeat)} by ${owner}; watching it for ${watchMs / 1000} s before taking it over.`);
  await pause(host.clock, watchMs, lockPath, options.signal);
  const now = rereadText(host.fs, lockPath);
  if (now === undefined) return 'gone';
  return now === holder.text ? { abandoned: `${owner}, which stopped refreshing it` } : 'held';
}

function lastBeat(heartbeat: number): string {
  return Number.isFinite(heartbeat) ? `at ${new Date(heartbeat).toISOString()}, over ${abandonedAfterMs / 1000} s from this machine's clock` : 'at a time that cannot be read';
}

function holding(host: LockHost, lockPath: string, own: OwnRecord, tookOver: string | undefined, warn: RunLockOptions['warn']): RunLock {
  const stop = startHeartbeat(host, lockPath, own, warn ?? (() => {}));
  return {
    ...(tookOver === undefined ? {} : { tookOver }),
    release: () => {
      stop();
      removeIfOurs(host, lockPath, own);
    },
  };
}

/**
 * Refreshes the lock every few seconds on the host's timers, which never keep
 * the process alive. A refresh that fails (a full disk, a lost mount) is said
 * once and tried again at the next beat: the run goes on, and its lock stays
 * held for 30 s without one. A lock found no longer this run's (taken over,
 * after the run stopped refreshing it for longer than that) is said, and no
 * longer refreshed.
 */
function startHeartbeat(host: LockHost, lockPath: string, own: OwnRecord, warn: (line: string) => void): () => void {
  let failed = false;
  const tell = (line: string): void => {
    try {
      warn(line);
    } catch {
      // Nowhere to say it: the run goes on.
    }
  };
  const timer = host.clock.setInterval(() => {
    try {
      if (refresh(host, lockPath, own)) return;
      host.clock.clearInterval(timer);
      tell(`Warning: ${lockPath} is no longer this run's lock (another run took it over, or it was removed); another run may be using the same results file.`);
    } catch (error) {
      if (!failed) tell(`Warning: cannot refresh ${lockPath} (${(error as Error).message}); the run goes on, but another run may take the lock over once it has not been refreshed for ${abandonedAfterMs / 1000} s.`);
      failed = true;
    }
  }, heartbeatMs);
  return () => host.clock.clearInterval(timer);
}

/**
 * The start of this run's lock text: who owns it. A refresh cut short leaves
 * it whole, since only the heartbeat at the end changes.
 */
function identityOf(own: OwnRecord): string {
  return recordText(own, 0).split('"time":')[0]!;
}

/**
 * Rewrites the heartbeat in place, through a descriptor: a lock removed and
 * created anew by another run since it was opened is another file, never
 * written. False when the lock is no longer this run's.
 */
function refresh(host: LockHost, lockPath: string, own: OwnRecord): boolean {
  const { fs } = host;
  let fd: number;
  try {
    fd = fs.openSync(lockPath, constants.O_RDWR | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.alloc(size);
    const read = fs.readSync(fd, buffer, 0, size, 0);
    if (!buffer.subarray(0, read).toString('utf8').startsWith(identityOf(own))) return false;
    writeAll(fs, fd, recordText(own, host.clock.now()).padEnd(size));
    return true;
  } finally {
    fs.closeSync(fd);
  }
}

function removeIfOurs(host: LockHost, lockPath: string, own: OwnRecord): void {
  const text = rereadText(host.fs, lockPath);
  if (text?.startsWith(identityOf(own))) removeIfUnchanged(host.fs, lockPath, text);
}
