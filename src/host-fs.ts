/**
 * The filesystem as the host hands it to ipctl: the calls of node:fs that the
 * bulk import, its locks, the profile store and the spool make, and nothing
 * more. The real one is node:fs itself; a test or the simulation hands in
 * another, which can tear a write, fail it, fill up, freeze or lose what was
 * never synced. Stats are the few fields ipctl reads.
 */
import type { Readable } from 'node:stream';

interface FileStats {
  size: number;
  mtimeMs: number;
  mode: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}

export interface FileSystem {
  openSync(path: string, flags: string | number, mode?: number): number;
  closeSync(fd: number): void;
  /** Writes from `offset` of `data`, `length` bytes at most (all by default); returns how many it wrote. */
  writeSync(fd: number, data: Uint8Array, offset?: number, length?: number): number;
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  fstatSync(fd: number): FileStats;
  statSync(path: string): FileStats;
  lstatSync(path: string): FileStats;
  existsSync(path: string): boolean;
  readFileSync(path: string): Buffer;
  readdirSync(path: string): string[];
  ftruncateSync(fd: number, length: number): void;
  truncateSync(path: string, length: number): void;
  fchmodSync(fd: number, mode: number): void;
  chmodSync(path: string, mode: number): void;
  fdatasyncSync(fd: number): void;
  fsyncSync(fd: number): void;
  unlinkSync(path: string): void;
  renameSync(from: string, to: string): void;
  linkSync(existing: string, link: string): void;
  mkdirSync(path: string, mode: number): void;
  mkdtempSync(prefix: string): string;
  rmSync(path: string): void;
  /** As writeSync, without holding up the rest of ipctl: resolves with how many bytes were written. */
  write(fd: number, data: Uint8Array, offset?: number, length?: number): Promise<number>;
  /** As fdatasyncSync, off the main thread. */
  fdatasync(fd: number): Promise<void>;
  /** A stream over a whole file by its path, or over an open descriptor from `start` (left open). */
  createReadStream(from: string | { fd: number; start: number }): Readable;
  /**
   * A file written by a library that writes it its own way (conf, for the
   * profile file): `act` writes it. A fake may fail before, or cut the file
   * short after, as a full disk would.
   */
  writtenBy(path: string, act: () => void): void;
}

/** node:fs, loaded when first used. */
export function nodeFileSystem(): FileSystem {
  const fs = (): typeof import('node:fs') => process.getBuiltinModule('node:fs');
  return {
    openSync: (path, flags, mode) => fs().openSync(path, flags, mode),
    closeSync: (fd) => fs().closeSync(fd),
    writeSync: (fd, data, offset = 0, length = data.length - offset) => fs().writeSync(fd, data, offset, length),
    readSync: (fd, buffer, offset, length, position) => fs().readSync(fd, buffer, offset, length, position),
    fstatSync: (fd) => fs().fstatSync(fd),
    statSync: (path) => fs().statSync(path),
    lstatSync: (path) => fs().lstatSync(path),
    existsSync: (path) => fs().existsSync(path),
    readFileSync: (path) => fs().readFileSync(path),
    readdirSync: (path) => fs().readdirSync(path),
    ftruncateSync: (fd, length) => fs().ftruncateSync(fd, length),
    truncateSync: (path, length) => fs().truncateSync(path, length),
    fchmodSync: (fd, mode) => fs().fchmodSync(fd, mode),
    chmodSync: (path, mode) => fs().chmodSync(path, mode),
    fdatasyncSync: (fd) => fs().fdatasyncSync(fd),
    fsyncSync: (fd) => fs().fsyncSync(fd),
    unlinkSync: (path) => fs().unlinkSync(path),
    renameSync: (from, to) => fs().renameSync(from, to),
    linkSync: (existing, link) => fs().linkSync(existing, link),
    mkdirSync: (path, mode) => void fs().mkdirSync(path, { recursive: true, mode }),
    mkdtempSync: (prefix) => fs().mkdtempSync(prefix),
    rmSync: (path) => fs().rmSync(path, { recursive: true, force: true }),
    write: (fd, data, offset = 0, length = data.length - offset) =>
      new Promise((resolve, reject) => fs().write(fd, data, offset, length, null, (error, written) => (error ? reject(error) : resolve(written)))),
    fdatasync: (fd) => new Promise((resolve, reject) => fs().fdatasync(fd, (error) => (error ? reject(error) : resolve()))),
    createReadStream: (from) =>
      typeof from === 'string' ? fs().createReadStream(from) : fs().createReadStream('', { fd: from.fd, start: from.start, autoClose: false, fs: { read: fs().read, close: keepOpen } }),
    writtenBy: (_path, act) => act(),
  };
}

/**
 * A reader may destroy its stream (the CSV parser does), and destroying a file
 * stream closes its descriptor whatever autoClose says: over a descriptor the
 * caller owns, close does nothing.
 */
function keepOpen(_fd: number, done: (error: NodeJS.ErrnoException | null) => void): void {
  done(null);
}
