/**
 * Every change ipctl makes to a file goes through this module, and each call
 * names its site: the results log of a bulk import, the lock files, the profile
 * store, the stdin spool, the compile cache. The functions check what node:fs
 * returns (a write is repeated until every byte is written; a write that ends
 * short is an error) and throw node:fs's own errors; each caller says what a
 * failure means for what it was doing.
 *
 * Test hook: IPCTL_TEST_FS_FAULT=SITE:KIND[:N] makes the Nth call (default the
 * first) at SITE fail as KIND (several such plans may be joined by commas): enospc, edquot, efbig, eio, eacces (as the
 * system call would), short (a write that stores half its bytes, then fails
 * with EFBIG, as at a file-size limit) or kill (SIGKILL to ipctl itself: in the
 * middle of a write, or just before any other change). Unset, it does nothing;
 * its value names a site and a fault, never any data, and a value that is not
 * a plan is refused (exit 2) so that a typo cannot quietly switch a test off.
 */
import { UsageError } from './errors.js';

/** Each site, and whether it writes bytes (only those can be cut short). */
export const writeSites = {
  'results.open': 'change',
  'results.chmod': 'change',
  'results.trim': 'change',
  'results.write': 'bytes',
  'results.sync': 'change',
  'lock.create': 'change',
  'lock.write': 'bytes',
  'lock.remove': 'change',
  'profile.mkdir': 'change',
  'profile.chmod': 'change',
  'profile.keep': 'change',
  'profile.write': 'bytes',
  'profile.sync': 'change',
  'profile.restore': 'change',
  'profile.set-aside': 'change',
  'profile.sweep': 'change',
  'spool.folder': 'change',
  'spool.open': 'change',
  'spool.write': 'bytes',
  'spool.remove': 'change',
  'compile-cache.enable': 'change',
} as const;

export type WriteSite = keyof typeof writeSites;

const faultKinds = ['enospc', 'edquot', 'efbig', 'eio', 'eacces', 'short', 'kill'] as const;
type FaultKind = (typeof faultKinds)[number];

const errnoOf: Record<Exclude<FaultKind, 'short' | 'kill'>, { code: string; errno: number; text: string }> = {
  enospc: { code: 'ENOSPC', errno: -28, text: 'no space left on device' },
  edquot: { code: 'EDQUOT', errno: -122, text: 'disk quota exceeded' },
  efbig: { code: 'EFBIG', errno: -27, text: 'file too large' },
  eio: { code: 'EIO', errno: -5, text: 'i/o error' },
  eacces: { code: 'EACCES', errno: -13, text: 'permission denied' },
};

interface FaultPlan {
  site: WriteSite;
  kind: FaultKind;
  nth: number;
}

let plans: FaultPlan[] = [];
let planProblem: string | undefined;
const calls = new Map<WriteSite, number>();

/** Reads IPCTL_TEST_FS_FAULT (see above) afresh, with every site's count at zero. */
export function armFileFaults(env: Record<string, string | undefined>): void {
  calls.clear();
  plans = [];
  planProblem = undefined;
  const text = env.IPCTL_TEST_FS_FAULT;
  if (text === undefined || text === '') return;
  for (const part of text.split(',')) {
    const parsed = faultPlanOf(part);
    if (!parsed) {
      plans = [];
      planProblem = 'IPCTL_TEST_FS_FAULT is a test hook; its value must be SITE:KIND[:N] (several joined by commas), with a site and a fault it knows (short only where bytes are written).';
      return;
    }
    plans.push(parsed);
  }
}

function faultPlanOf(text: string): FaultPlan | undefined {
  const [site, kind, nth = '1', ...rest] = text.split(':');
  const valid = site! in writeSites && (faultKinds as readonly string[]).includes(kind ?? '') && /^[1-9]\d{0,5}$/.test(nth) && rest.length === 0;
  if (!valid || (kind === 'short' && writeSites[site as WriteSite] !== 'bytes')) return undefined;
  return { site: site as WriteSite, kind: kind as FaultKind, nth: Number(nth) };
}

/** Refuses a fault plan that could not be read (called once the command's errors can be reported). */
export function checkFileFaultPlan(): void {
  if (planProblem) throw new UsageError(planProblem, `Sites: ${Object.keys(writeSites).join(', ')}. Faults: ${faultKinds.join(', ')}.`);
}

/** The fault planned for this call at `site`, if any. */
function faultAt(site: WriteSite): FaultKind | undefined {
  const count = (calls.get(site) ?? 0) + 1;
  calls.set(site, count);
  return plans.find((plan) => plan.site === site && plan.nth === count)?.kind;
}

function injected(kind: Exclude<FaultKind, 'short' | 'kill'>, syscall: string, path?: string): NodeJS.ErrnoException {
  const { code, errno, text } = errnoOf[kind];
  const error: NodeJS.ErrnoException = new Error(`${code}: ${text}, ${syscall}${path ? ` '${path}'` : ''}`);
  Object.assign(error, { code, errno, syscall, ...(path ? { path } : {}) });
  return error;
}

function killed(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL cannot be caught; this waits for it to land.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
}

/** Runs one change at `site`, unless the plan has it fail (or end the process) instead. */
function change<T>(site: WriteSite, syscall: string, path: string | undefined, act: () => T): T {
  const fault = faultAt(site);
  if (fault === 'kill') killed();
  if (fault !== undefined && fault !== 'short') throw injected(fault, syscall, path);
  return act();
}

function fs(): typeof import('node:fs') {
  return process.getBuiltinModule('node:fs');
}

/** A write that stored only part of its bytes, and how many it did store. */
interface PartialWriteError extends NodeJS.ErrnoException {
  bytesWritten?: number;
}

/** Opens (and perhaps creates) a file for writing; `flags` as node:fs takes them. */
export function openForWriting(site: WriteSite, path: string, flags: string | number, mode?: number): number {
  return change(site, 'open', path, () => fs().openSync(path, flags, mode));
}

/**
 * Writes all of `data` at the file's current position (its end, when opened
 * for appending). A write the system cuts short is carried on from where it
 * stopped; when it cannot be, the error says how many bytes were stored.
 */
export function writeAll(site: WriteSite, fd: number, data: string | Uint8Array): void {
  const fault = faultAt(site);
  let bytes: Uint8Array = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let written = 0;
  if (fault !== undefined && fault !== 'short' && fault !== 'kill') throw injected(fault, 'write');
  if (fault === 'short' || fault === 'kill') {
    const half = Math.max(1, Math.floor(bytes.length / 2));
    written = fs().writeSync(fd, bytes, 0, half);
    if (fault === 'kill') killed();
    throw Object.assign(injected('efbig', 'write'), { bytesWritten: written });
  }
  while (bytes.length > 0) {
    let count: number;
    try {
      count = fs().writeSync(fd, bytes);
    } catch (error) {
      throw Object.assign(error as PartialWriteError, { bytesWritten: written });
    }
    // Nothing written, and no error: the system will not take more.
    if (count === 0) throw Object.assign(injected('enospc', 'write'), { bytesWritten: written });
    written += count;
    bytes = bytes.subarray(count);
  }
}

/**
 * One write of `bytes` at the file's current position (its end, when opened
 * for appending), off the main thread; resolves with how many bytes the system
 * stored, which may be fewer. A `short` fault stores half of them, then fails
 * with EFBIG saying how many were stored.
 */
export function writeSoon(site: WriteSite, fd: number, bytes: Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => {
    const fault = faultAt(site);
    if (fault !== undefined && fault !== 'short' && fault !== 'kill') return reject(injected(fault, 'write'));
    const length = fault === undefined ? bytes.length : Math.max(1, Math.floor(bytes.length / 2));
    fs().write(fd, bytes, 0, length, null, (error, written) => {
      if (error) return reject(error);
      if (fault === 'kill') killed();
      if (fault === 'short') return reject(Object.assign(injected('efbig', 'write'), { bytesWritten: written }));
      resolve(written);
    });
  });
}

/** fdatasync (what was written is on the disk, not only in the system's cache), without holding up the rest of ipctl while the disk works. */
export function syncDataSoon(site: WriteSite, fd: number): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      change(site, 'fdatasync', undefined, () => fs().fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    } catch (error) {
      reject(error);
    }
  });
}

export function truncateTo(site: WriteSite, fd: number, length: number): void {
  change(site, 'ftruncate', undefined, () => fs().ftruncateSync(fd, length));
}

/** Sets a mode, of an open file (a number) or of a path. */
export function setMode(site: WriteSite, target: number | string, mode: number): void {
  change(site, 'chmod', typeof target === 'string' ? target : undefined, () => (typeof target === 'number' ? fs().fchmodSync(target, mode) : fs().chmodSync(target, mode)));
}

/** Renames `from` to `to`, then syncs their folder so that the new name survives a power loss (where the system allows). */
export function renameDurably(site: WriteSite, from: string, to: string): void {
  change(site, 'rename', from, () => fs().renameSync(from, to));
  syncFolderOf(to);
}

export function makeFolder(site: WriteSite, path: string, mode: number): void {
  change(site, 'mkdir', path, () => fs().mkdirSync(path, { recursive: true, mode }));
}

export function makeTempFolder(site: WriteSite, prefix: string): string {
  return change(site, 'mkdtemp', prefix, () => fs().mkdtempSync(prefix));
}

export function removeFile(site: WriteSite, path: string): void {
  change(site, 'unlink', path, () => fs().unlinkSync(path));
}

export function removeTree(site: WriteSite, path: string): void {
  change(site, 'rm', path, () => fs().rmSync(path, { recursive: true, force: true }));
}

/**
 * A file written by a library that does not say when the system stored less
 * than it was given (conf, for the profile file): the caller reads the file
 * back. A `short` fault leaves the file cut to half its bytes, silently, as
 * such a write would; the others fail before the library writes anything.
 */
export function writeBy(site: WriteSite, path: string, act: () => void): void {
  const fault = faultAt(site);
  if (fault === 'kill') killed();
  if (fault !== undefined && fault !== 'short') throw injected(fault, 'write', path);
  act();
  if (fault === 'short') fs().truncateSync(path, Math.floor(fs().statSync(path).size / 2));
}

/** A second name for a file (a hard link): its bytes stay whatever is renamed over the first. */
export function linkFile(site: WriteSite, existing: string, link: string): void {
  change(site, 'link', existing, () => fs().linkSync(existing, link));
}

/** fsync of a file by its path. */
export function syncFile(site: WriteSite, path: string): void {
  const fd = fs().openSync(path, 'r');
  try {
    change(site, 'fsync', path, () => fs().fsyncSync(fd));
  } finally {
    fs().closeSync(fd);
  }
}

/** A file read back that is not what was written: the system stored less than it was given. */
export function shortWrite(path: string, stored: number, expected: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`ESHORT: ${path} holds ${stored} of the ${expected} bytes written`), { code: 'ESHORT', path, bytesWritten: stored });
}

/** A change made by code other than ipctl's (Node's compile cache), at its own site. */
export function changeBy<T>(site: WriteSite, act: () => T): T {
  return change(site, 'open', undefined, act);
}

/** fsync of the folder holding `path`, so that a new name in it lasts: best effort, as Windows and some file systems cannot. */
export function syncFolderOf(path: string): void {
  const { dirname } = process.getBuiltinModule('node:path');
  let fd: number | undefined;
  try {
    fd = fs().openSync(dirname(path), 'r');
    fs().fsyncSync(fd);
  } catch {
    // The rename is done; only its durability across a power loss is less certain here.
  } finally {
    if (fd !== undefined) fs().closeSync(fd);
  }
}

/** Full disk, quota, file-size limit: a write failed for want of room, not through any fault of the input. */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG' || code === 'ESHORT';
}

/** What to do about a failed write before trying again, as the start of a sentence. */
export function writeFailureRemedy(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (isOutOfSpace(error)) return 'Free some space (or raise the quota or file-size limit)';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'Make the file and its folder writable';
  return 'Check the disk';
}

/** What went wrong with a write, in words: `no space left on device (ENOSPC)`. */
export function writeFailureText(error: unknown): string {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EDQUOT: 'the disk quota is used up',
    EFBIG: 'the file would exceed the file-size limit',
    ESHORT: 'the file was written only in part (a full disk, a quota or a file-size limit)',
    EIO: 'an input/output error',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'the file system is read-only',
  };
  if (code && words[code]) return `${words[code]} (${code})`;
  return code ? `${code}` : (message ?? 'an unknown error');
}
