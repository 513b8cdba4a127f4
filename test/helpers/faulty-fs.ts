// A filesystem that fails where a test says: node:fs underneath, with the Nth
// call of a kind to a matching path failing as the system would (ENOSPC,
// EDQUOT, EFBIG, EIO, EACCES), or a write stored only in part (`short`: half
// its bytes, then EFBIG, as at a file-size limit). Handed to ipctl as the
// host's filesystem (runMain's `fs`), or to a module directly.
import type { FileSystem } from '../../src/host-fs.js';
import { nodeFileSystem } from '../../src/host-fs.js';

export type FaultKind = 'enospc' | 'edquot' | 'efbig' | 'eio' | 'eacces' | 'short';

/** The calls a fault can hit; fd calls are matched by the path the descriptor was opened with. */
export type FaultCall = 'open' | 'write' | 'fdatasync' | 'fsync' | 'chmod' | 'ftruncate' | 'unlink' | 'rename' | 'mkdir' | 'mkdtemp' | 'rm' | 'link' | 'writtenBy';

export interface FsFault {
  call: FaultCall;
  /** Paths it applies to (default: any). */
  path?: RegExp;
  /** Which matching call fails, from 1 (default: the first). */
  nth?: number;
  kind: FaultKind;
}

const errnos: Record<Exclude<FaultKind, 'short'>, [string, number, string]> = {
  enospc: ['ENOSPC', -28, 'no space left on device'],
  edquot: ['EDQUOT', -122, 'disk quota exceeded'],
  efbig: ['EFBIG', -27, 'file too large'],
  eio: ['EIO', -5, 'i/o error'],
  eacces: ['EACCES', -13, 'permission denied'],
};

export function systemError(kind: Exclude<FaultKind, 'short'>, syscall: string, path?: string): NodeJS.ErrnoException {
  const [code, errno, text] = errnos[kind];
  return Object.assign(new Error(`${code}: ${text}, ${syscall}${path ? ` '${path}'` : ''}`), { code, errno, syscall, ...(path ? { path } : {}) });
}

export interface FaultyFs extends FileSystem {
  /** The faults that have struck, in order. */
  struck: FsFault[];
}

export function faultyFs(faults: FsFault[], base: FileSystem = nodeFileSystem()): FaultyFs {
  const counts = new Map<FsFault, number>();
  const paths = new Map<number, string>();
  const full = new Set<number>();
  const struck: FsFault[] = [];
  const faultAt = (call: FaultCall, path: string | undefined): FsFault | undefined => {
    for (const fault of faults) {
      if (fault.call !== call || (fault.path && !(path !== undefined && fault.path.test(path)))) continue;
      const count = (counts.get(fault) ?? 0) + 1;
      counts.set(fault, count);
      if (count === (fault.nth ?? 1)) {
        struck.push(fault);
        return fault;
      }
    }
    return undefined;
  };
  const guard = <T>(call: FaultCall, path: string | undefined, act: () => T): T => {
    const fault = faultAt(call, path);
    if (fault && fault.kind !== 'short') throw systemError(fault.kind, call, path);
    return act();
  };
  const writeNow = (fd: number, data: Uint8Array, offset = 0, length = data.length - offset): number => {
    if (full.delete(fd)) throw systemError('efbig', 'write');
    const fault = faultAt('write', paths.get(fd));
    if (fault?.kind === 'short') {
      full.add(fd);
      return base.writeSync(fd, data, offset, Math.max(1, Math.floor(length / 2)));
    }
    if (fault) throw systemError(fault.kind, 'write');
    return base.writeSync(fd, data, offset, length);
  };
  return {
    ...base,
    struck,
    openSync: (path, flags, mode) => {
      const fd = guard('open', path, () => base.openSync(path, flags, mode));
      paths.set(fd, path);
      return fd;
    },
    closeSync: (fd) => {
      paths.delete(fd);
      full.delete(fd);
      base.closeSync(fd);
    },
    writeSync: writeNow,
    write: async (fd, data, offset, length) => writeNow(fd, data, offset, length),
    fdatasyncSync: (fd) => guard('fdatasync', paths.get(fd), () => base.fdatasyncSync(fd)),
    fdatasync: (fd) => {
      try {
        return guard('fdatasync', paths.get(fd), () => base.fdatasync(fd));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    fsyncSync: (fd) => guard('fsync', paths.get(fd), () => base.fsyncSync(fd)),
    fchmodSync: (fd, mode) => guard('chmod', paths.get(fd), () => base.fchmodSync(fd, mode)),
    chmodSync: (path, mode) => guard('chmod', path, () => base.chmodSync(path, mode)),
    ftruncateSync: (fd, length) => guard('ftruncate', paths.get(fd), () => base.ftruncateSync(fd, length)),
    unlinkSync: (path) => guard('unlink', path, () => base.unlinkSync(path)),
    renameSync: (from, to) => guard('rename', from, () => base.renameSync(from, to)),
    linkSync: (existing, link) => guard('link', existing, () => base.linkSync(existing, link)),
    mkdirSync: (path, mode) => guard('mkdir', path, () => base.mkdirSync(path, mode)),
    mkdtempSync: (prefix) => guard('mkdtemp', prefix, () => base.mkdtempSync(prefix)),
    rmSync: (path) => guard('rm', path, () => base.rmSync(path)),
    writtenBy: (path, act) => {
      const fault = faultAt('writtenBy', path);
      if (fault && fault.kind !== 'short') throw systemError(fault.kind, 'write', path);
      base.writtenBy(path, act);
      if (fault) base.truncateSync(path, Math.floor(base.statSync(path).size / 2));
    },
  };
}
