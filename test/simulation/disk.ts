// A simulated disk, handed to ipctl as the host's filesystem. Each file has
// what is on the disk (as of its last sync) and the writes since, which a
// crash loses: all of them, some, and the last one kept torn at any byte.
// Faults strike the Nth call of a kind (ENOSPC, EIO, a short write, a sync
// that never returns); every call that changes something is a step the
// scenario can stop the world at.
import { constants } from 'node:fs';
import { Readable } from 'node:stream';
import type { FileSystem } from '../../src/host-fs.js';

type Change = { kind: 'write'; at: number; bytes: Buffer } | { kind: 'truncate'; length: number };

interface File {
  data: Buffer<ArrayBufferLike>;
  /** What survives a crash: the contents at the last sync. */
  synced: Buffer<ArrayBufferLike>;
  /** Changes since that sync, in order. */
  pending: Change[];
  mode: number;
  mtimeMs: number;
}

interface Open {
  path: string;
  append: boolean;
  /** Where the next write goes, when not appending (as the system's file offset). */
  position: number;
}

type DiskFaultKind = 'enospc' | 'eio' | 'short' | 'freeze';
export interface DiskFault {
  call: 'write' | 'fdatasync' | 'open';
  nth: number;
  kind: DiskFaultKind;
}

const codes: Record<string, [string, number]> = { enospc: ['ENOSPC', -28], eio: ['EIO', -5], enoent: ['ENOENT', -2], eexist: ['EEXIST', -17], efbig: ['EFBIG', -27], ebadf: ['EBADF', -9] };

function systemError(kind: keyof typeof codes, syscall: string, path?: string): NodeJS.ErrnoException {
  const [code, errno] = codes[kind]!;
  return Object.assign(new Error(`${code}: ${syscall}${path ? ` '${path}'` : ''}`), { code, errno, syscall, ...(path ? { path } : {}) });
}

function stats(size: number, mtimeMs: number, mode: number, directory: boolean) {
  return { size, mtimeMs, mode, isFile: () => !directory, isDirectory: () => directory, isSymbolicLink: () => false, isFIFO: () => false, isSocket: () => false };
}

/**
 * What the disk saw of the results files' writes, over a scenario: how many
 * carried several records (a group commit's), how many of those a crash tore
 * inside, and how many it tore after one of their records was whole.
 */
export interface WriteTally {
  multiRecord: number;
  tornMultiRecord: number;
  tornAfterWholeRecord: number;
}

export function emptyTally(): WriteTally {
  return { multiRecord: 0, tornMultiRecord: 0, tornAfterWholeRecord: 0 };
}

const isResults = (path: string): boolean => path.endsWith('.jsonl');
const recordsIn = (bytes: Buffer): number => bytes.reduce((count, byte) => count + (byte === 10 ? 1 : 0), 0);

export class SimDisk {
  readonly files = new Map<string, File>();
  readonly folders = new Set<string>(['/', '/sim', '/tmp']);

  constructor(readonly tally: WriteTally = emptyTally()) {}

  /** Files as a crash leaves them: `keep` (0 to 1) of the unsynced changes, the next one torn at `tear` (0 to 1) of its bytes. */
  crashed(keep: number, tear: number): SimDisk {
    const next = new SimDisk(this.tally);
    for (const folder of this.folders) next.folders.add(folder);
    for (const [path, file] of this.files) {
      let data: Buffer<ArrayBufferLike> = Buffer.from(file.synced);
      const kept = Math.floor(keep * (file.pending.length + 1));
      file.pending.slice(0, kept + 1).forEach((change, index) => {
        const torn = index === kept;
        if (change.kind === 'truncate') {
          if (!torn) data = data.subarray(0, change.length);
          return;
        }
        const bytes = torn ? change.bytes.subarray(0, Math.floor(tear * change.bytes.length)) : change.bytes;
        if (torn && isResults(path)) this.#countTear(change.bytes, bytes.length);
        data = place(data, change.at, bytes);
      });
      next.files.set(path, { data, synced: Buffer.from(data), pending: [], mode: file.mode, mtimeMs: file.mtimeMs });
    }
    return next;
  }

  #countTear(bytes: Buffer, kept: number): void {
    if (recordsIn(bytes) < 2 || kept === 0 || kept === bytes.length) return;
    this.tally.tornMultiRecord += 1;
    const firstEnd = bytes.indexOf(10);
    if (kept > firstEnd + 1 && bytes[kept - 1] !== 10) this.tally.tornAfterWholeRecord += 1;
  }

  /** The same files, every change kept (the process ended; the system still had them). */
  ended(): SimDisk {
    return this.crashed(1, 0);
  }

  read(path: string): Buffer | undefined {
    return this.files.get(path)?.data;
  }

  /** Replaced by hand (an edit between runs), as on the disk. */
  put(path: string, data: Buffer, now: number): void {
    this.files.set(path, { data, synced: data, pending: [], mode: 0o644, mtimeMs: now });
  }

  remove(path: string): void {
    this.files.delete(path);
  }

  /**
   * The host's filesystem over this disk, for one run. `step` is told of every
   * change before it is made (and may stop the world by throwing); `faults`
   * strike as planned.
   */
  host(now: () => number, step: (what: string) => void, faults: DiskFault[]): FileSystem & { frozen: boolean } {
    const disk = this;
    const open = new Map<number, Open>();
    const counts = new Map<string, number>();
    let nextFd = 10;
    let full = -1;
    const fault = (call: DiskFault['call']): DiskFaultKind | undefined => {
      const count = (counts.get(call) ?? 0) + 1;
      counts.set(call, count);
      return faults.find((planned) => planned.call === call && planned.nth === count)?.kind;
    };
    const file = (path: string, syscall: string): File => {
      const found = disk.files.get(path);
      if (!found) throw systemError('enoent', syscall, path);
      return found;
    };
    const fileOf = (fd: number, syscall: string): File & { open: Open } => {
      const handle = open.get(fd);
      if (!handle) throw systemError('ebadf', syscall);
      return Object.assign(file(handle.path, syscall), { open: handle });
    };
    const change = (target: File, what: Change): void => {
      target.pending.push(what);
      target.mtimeMs = now();
      target.data = what.kind === 'truncate' ? target.data.subarray(0, what.length) : place(target.data, what.at, what.bytes);
    };
    const write = (fd: number, data: Uint8Array, offset = 0, length = data.length - offset): number => {
      step('write');
      const target = fileOf(fd, 'write');
      if (full === fd) {
        full = -1;
        throw systemError('efbig', 'write');
      }
      const planned = fault('write');
      if (planned === 'enospc' || planned === 'eio') throw systemError(planned, 'write');
      const count = planned === 'short' ? Math.max(1, Math.floor(length / 2)) : length;
      if (planned === 'short') full = fd;
      const bytes = Buffer.from(data.subarray(offset, offset + count));
      if (isResults(target.open.path) && recordsIn(bytes) >= 2) disk.tally.multiRecord += 1;
      const at = target.open.append ? target.data.length : target.open.position;
      change(target, { kind: 'write', at, bytes });
      target.open.position = at + count;
      return count;
    };
    const sync = (fd: number): void => {
      const target = fileOf(fd, 'fdatasync');
      target.synced = Buffer.from(target.data);
      target.pending = [];
    };
    const fs: FileSystem & { frozen: boolean } = {
      frozen: false,
      openSync(path, flags, mode = 0o666) {
        const numeric = typeof flags === 'number' ? flags : flags === 'r' ? constants.O_RDONLY : flags === 'wx' ? constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL : constants.O_RDWR | constants.O_CREAT | constants.O_TRUNC;
        const writing = (numeric & (constants.O_WRONLY | constants.O_RDWR)) !== 0;
        if (writing) {
          step('open');
          const planned = fault('open');
          if (planned === 'enospc' || planned === 'eio') throw systemError(planned, 'open', path);
        }
        const exists = disk.files.has(path);
        if (disk.folders.has(path) && !writing) {
          const fd = (nextFd += 1);
          open.set(fd, { path, append: false, position: 0 });
          return fd;
        }
        if (exists && numeric & constants.O_EXCL) throw systemError('eexist', 'open', path);
        if (!exists && !(numeric & constants.O_CREAT)) throw systemError('enoent', 'open', path);
        if (!exists) disk.files.set(path, { data: Buffer.alloc(0), synced: Buffer.alloc(0), pending: [], mode, mtimeMs: now() });
        else if (numeric & constants.O_TRUNC) change(disk.files.get(path)!, { kind: 'truncate', length: 0 });
        const fd = (nextFd += 1);
        open.set(fd, { path, append: (numeric & constants.O_APPEND) !== 0, position: 0 });
        return fd;
      },
      closeSync(fd) {
        if (!open.delete(fd)) throw systemError('ebadf', 'close');
      },
      writeSync: write,
      async write(fd, data, offset, length) {
        return write(fd, data, offset, length);
      },
      readSync(fd, buffer, offset, length, position) {
        const source = fileOf(fd, 'read').data.subarray(position, position + length);
        buffer.set(source, offset);
        return source.length;
      },
      fstatSync(fd) {
        const handle = open.get(fd);
        if (handle && disk.folders.has(handle.path)) return stats(0, 0, 0o755, true);
        const target = fileOf(fd, 'fstat');
        return stats(target.data.length, target.mtimeMs, target.mode, false);
      },
      statSync(path) {
        if (disk.folders.has(path)) return stats(0, 0, 0o755, true);
        const target = file(path, 'stat');
        return stats(target.data.length, target.mtimeMs, target.mode, false);
      },
      lstatSync: (path) => fs.statSync(path),
      existsSync: (path) => disk.files.has(path) || disk.folders.has(path),
      readFileSync: (path) => Buffer.from(file(path, 'open').data),
      readdirSync: (path) => [...disk.files.keys()].filter((name) => name.startsWith(`${path}/`)).map((name) => name.slice(path.length + 1)),
      ftruncateSync(fd, length) {
        step('truncate');
        change(fileOf(fd, 'ftruncate'), { kind: 'truncate', length });
      },
      truncateSync(path, length) {
        step('truncate');
        change(file(path, 'truncate'), { kind: 'truncate', length });
      },
      fchmodSync(fd, mode) {
        fileOf(fd, 'fchmod').mode = mode;
      },
      chmodSync(path, mode) {
        file(path, 'chmod').mode = mode;
      },
      fdatasyncSync(fd) {
        step('sync');
        const planned = fault('fdatasync');
        if (planned === 'eio') throw systemError('eio', 'fdatasync');
        sync(fd);
      },
      fsyncSync(fd) {
        const handle = open.get(fd);
        if (handle && !disk.folders.has(handle.path)) sync(fd);
      },
      async fdatasync(fd) {
        step('sync');
        const planned = fault('fdatasync');
        if (planned === 'eio') throw systemError('eio', 'fdatasync');
        if (planned === 'freeze') {
          fs.frozen = true;
          return new Promise<void>(() => undefined);
        }
        sync(fd);
      },
      unlinkSync(path) {
        step('unlink');
        file(path, 'unlink');
        disk.files.delete(path);
      },
      renameSync(from, to) {
        step('rename');
        const moved = file(from, 'rename');
        disk.files.delete(from);
        disk.files.set(to, moved);
      },
      linkSync(existing, link) {
        disk.files.set(link, file(existing, 'link'));
      },
      mkdirSync(path) {
        disk.folders.add(path);
      },
      mkdtempSync(prefix) {
        const path = `${prefix}${(nextFd += 1)}`;
        disk.folders.add(path);
        return path;
      },
      rmSync(path) {
        disk.folders.delete(path);
        for (const name of [...disk.files.keys()]) if (name.startsWith(`${path}/`)) disk.files.delete(name);
      },
      createReadStream(from) {
        const data = typeof from === 'string' ? file(from, 'open').data : fileOf(from.fd, 'read').data.subarray(from.start);
        // Read in pieces, as from a disk: a line may span two.
        const pieces: Buffer[] = [];
        for (let at = 0; at < data.length; at += 4096) pieces.push(Buffer.from(data.subarray(at, at + 4096)));
        return Readable.from(pieces);
      },
      writtenBy(_path, act) {
        act();
      },
    };
    return fs;
  }
}

function place(data: Buffer, at: number, bytes: Buffer): Buffer {
  const end = Math.max(data.length, at + bytes.length);
  const next = Buffer.alloc(end);
  data.copy(next);
  bytes.copy(next, at);
  return next;
}
