/**
 * What a path names, in words for a message, and the one rule for a path
 * ipctl writes, appends to or syncs (a results file, the profile file): it is
 * a regular file, or nothing yet. A FIFO would block or take the records
 * away, a device or a socket cannot be synced or read back, a directory
 * cannot be written, and a symbolic link would be followed to a file the
 * user did not name, or replaced by a file of ipctl's.
 */
import type { FileSystem } from './host-fs.js';

interface Kinded {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
}

/** "a directory", "a named pipe (FIFO)"…, for what is not a regular file. */
export function kindOf(stats: Kinded): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  return 'a device';
}

/** Neither a regular file, a directory, a pipe nor a socket: a character or block device. */
export function isDevice(stats: Kinded): boolean {
  return !stats.isFile() && !stats.isDirectory() && !stats.isSymbolicLink() && !stats.isFIFO() && !stats.isSocket();
}

/**
 * What path is, when it is there and is anything but a regular file (a
 * symbolic link counts as one, whatever it points at); undefined when it is a
 * regular file or is not there yet.
 */
export function notWritableKind(fs: FileSystem, path: string): string | undefined {
  let stats;
  try {
    stats = fs.lstatSync(path);
  } catch {
    return undefined;
  }
  return stats.isFile() ? undefined : kindOf(stats);
}
