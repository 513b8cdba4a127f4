/**
 * Every change ipctl makes to a file goes through these functions, over the
 * host's filesystem (host-fs.ts): the results log of a bulk import, the lock
 * files, the profile store, the stdin spool. They check what the filesystem
 * returns (a write is repeated until every byte is written; a write that ends
 * short is an error) and throw its own errors; each caller says what a failure
 * means for what it was doing. Tests hand in a filesystem that fails, tears or
 * freezes where they choose.
 */
import type { FileSystem } from './host-fs.js';

function outOfSpace(syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), { code: 'ENOSPC', errno: -28, syscall });
}

/** A write that stored only part of its bytes, and how many it did store. */
interface PartialWriteError extends NodeJS.ErrnoException {
  bytesWritten?: number;
}

/** Opens (and perhaps creates) a file for writing; `flags` as node:fs takes them. */
export function openForWriting(fs: FileSystem, path: string, flags: string | number, mode?: number): number {
  return fs.openSync(path, flags, mode);
}

/**
 * Writes all of `data` at the file's current position (its end, when opened
 * for appending). A write the system cuts short is carried on from where it
 * stopped; when it cannot be, the error says how many bytes were stored.
 */
export function writeAll(fs: FileSystem, fd: number, data: string | Uint8Array): void {
  let bytes: Uint8Array = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let written = 0;
  while (bytes.length > 0) {
    let count: number;
    try {
      count = fs.writeSync(fd, bytes);
    } catch (error) {
      throw Object.assign(error as PartialWriteError, { bytesWritten: written });
    }
    // Nothing written, and no error: the system will not take more.
    if (count === 0) throw Object.assign(outOfSpace('write'), { bytesWritten: written });
    written += count;
    bytes = bytes.subarray(count);
  }
}

/**
 * One write of `bytes` at the file's current position (its end, when opened
 * for appending), without holding up the rest of ipctl; resolves with how many
 * bytes the system stored, which may be fewer. A failure rejects, never throws.
 */
export function writeSoon(fs: FileSystem, fd: number, bytes: Uint8Array): Promise<number> {
  try {
    return fs.write(fd, bytes);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** fdatasync (what was written is on the disk, not only in the system's cache), without holding up the rest of ipctl while the disk works. */
export function syncDataSoon(fs: FileSystem, fd: number): Promise<void> {
  try {
    return fs.fdatasync(fd);
  } catch (error) {
    return Promise.reject(error);
  }
}

export function truncateTo(fs: FileSystem, fd: number, length: number): void {
  fs.ftruncateSync(fd, length);
}

/** Sets a mode, of an open file (a number) or of a path. */
export function setMode(fs: FileSystem, target: number | string, mode: number): void {
  if (typeof target === 'number') fs.fchmodSync(target, mode);
  else fs.chmodSync(target, mode);
}

/** Renames `from` to `to`, then syncs their folder so that the new name survives a power loss (where the system allows). */
export function renameDurably(fs: FileSystem, from: string, to: string): void {
  fs.renameSync(from, to);
  syncFolderOf(fs, to);
}

export function makeFolder(fs: FileSystem, path: string, mode: number): void {
  fs.mkdirSync(path, mode);
}

export function makeTempFolder(fs: FileSystem, prefix: string): string {
  return fs.mkdtempSync(prefix);
}

export function removeFile(fs: FileSystem, path: string): void {
  fs.unlinkSync(path);
}

export function removeTree(fs: FileSystem, path: string): void {
  fs.rmSync(path);
}

/**
 * A file written by a library that does not say when the system stored less
 * than it was given (conf, for the profile file): the caller reads the file
 * back. A `short` fault leaves the file cut to half its bytes, silently, as
 * such a write would; the others fail before the library writes anything.
 */
export function writeBy(fs: FileSystem, path: string, act: () => void): void {
  fs.writtenBy(path, act);
}

/** A second name for a file (a hard link): its bytes stay whatever is renamed over the first. */
export function linkFile(fs: FileSystem, existing: string, link: string): void {
  fs.linkSync(existing, link);
}

/** fsync of a file by its path. */
export function syncFile(fs: FileSystem, path: string): void {
  const fd = fs.openSync(path, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** A file read back that is not what was written: the system stored less than it was given. */
export function shortWrite(path: string, stored: number, expected: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`ESHORT: ${path} holds ${stored} of the ${expected} bytes written`), { code: 'ESHORT', path, bytesWritten: stored });
}

/** fsync of the folder holding `path`, so that a new name in it lasts: best effort, as Windows and some file systems cannot. */
export function syncFolderOf(fs: FileSystem, path: string): void {
  const { dirname } = process.getBuiltinModule('node:path');
  let fd: number | undefined;
  try {
    fd = fs.openSync(dirname(path), 'r');
    fs.fsyncSync(fd);
  } catch {
    // The rename is done; only its durability across a power loss is less certain here.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
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
