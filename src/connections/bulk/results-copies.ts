import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { InterruptedError, usageError } from '../../errors.js';
import type { FileSystem } from '../../host-fs.js';
import { makeTempFolder, openForWriting, removeTree, writeAll } from '../../file-writes.js';
import { maxFileBytes, openForReading, pipeChunks, readAtMost, readFailure } from '../../file-reads.js';
import { isDevice } from '../../path-kind.js';

/**
 * Results files are read more than once (connections report, remove
 * --from-results). One given as a pipe (a FIFO, `<(command)`) or a device
 * can be read only once, so it is first copied to a private file (0600 in a
 * new 0700 folder), read from there and removed at the end; a device (one
 * that never ends, such as /dev/zero) up to 10 MiB, as every file a flag
 * reads whole. Results name customers, never their secrets.
 */
export interface ReadableResults {
  /** Where to read each file, in the order given. */
  paths: string[];
  remove(): void;
}

/** `flag`: how messages name the files (--from-results), or '' for arguments. */
export async function readableResults(fs: FileSystem, given: string[], flag = '', signal?: AbortSignal): Promise<ReadableResults> {
  let folder: string | undefined;
  const paths: string[] = [];
  const remove = (): void => {
    if (folder !== undefined) removeTree(fs, folder);
  };
  try {
    for (const [index, path] of given.entries()) {
      const stats = fs.statSync(path);
      if (!stats.isFIFO() && !isDevice(stats)) {
        paths.push(path);
        continue;
      }
      folder ??= makeTempFolder(fs, join(tmpdir(), 'ipctl-results-'));
      const copy = join(folder, `${index}.jsonl`);
      await copyOnce(fs, path, copy, stats.isFIFO() ? signal ?? null : undefined, flag === '' ? '' : `${flag}: `);
      paths.push(copy);
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { paths, remove };
}

/** `pipe`: the signal that ends a wait on it (null: none), or undefined for a device. */
async function copyOnce(fs: FileSystem, path: string, copy: string, pipe: AbortSignal | null | undefined, named: string): Promise<void> {
  const fd = openForWriting(fs, copy, 'wx', 0o600);
  try {
    if (pipe === undefined) {
      const data = await readAtMost(path, maxFileBytes + 1).catch((error: unknown) => {
        throw usageError([`${named}cannot read ${path} (${readFailure(error)}).`]);
      });
      if (data.length > maxFileBytes) throw usageError([`${named}${path} is a device that sent more than ${maxFileBytes / 1024 / 1024} MiB; a results file is a regular file, or a pipe that ends.`]);
      writeAll(fs, fd, data);
      return;
    }
    const reader = await openForReading(path);
    try {
      for await (const chunk of pipeChunks(reader, undefined, pipe ?? undefined)) writeAll(fs, fd, chunk);
    } catch (error) {
      if (error instanceof InterruptedError) throw error;
      throw usageError([`${named}cannot read ${path} (${readFailure(error)}).`]);
    } finally {
      await reader.close();
    }
  } finally {
    fs.closeSync(fd);
  }
}
