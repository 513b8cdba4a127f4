/**
 * Where the rows come from. An import reads its input twice (every row is
 * checked before any is sent), so stdin (or a pipe) is first copied to a private
 * temporary file: created 0600 in a new 0700 directory, and unlinked at once, so
 * that it has no name while it is read and vanishes when the process ends however
 * it ends (even killed). It holds the rows' secrets, and nothing else ever sees it.
 */
import { closeSync, createReadStream, read } from 'node:fs';
import { type FileHandle, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { InputStream } from '../../deps.js';
import { FileWriteError, UsageError } from '../../errors.js';
import { isOutOfSpace, makeTempFolder, openForWriting, removeTree, writeAll, writeFailureRemedy, writeFailureText } from '../../file-writes.js';
import { openForReading, pipeChunks, readFailure } from '../../input/file.js';

export interface RowSource {
  /** The input as people name it: the path, or "stdin". */
  name: string;
  /** A new stream over the whole input, from its first byte. */
  open(): Readable;
  close(): Promise<void>;
}

export async function openSource(path: string, stdin: InputStream, flag = '--from-file'): Promise<RowSource> {
  if (path === '-') {
    if (stdin.isTTY) throw new UsageError(`${flag}: - means stdin, but stdin is a terminal.`, 'Pipe the rows in, or give a file path.');
    return spool(stdin, 'stdin', `${flag} -`);
  }
  let pipe: FileHandle | undefined;
  try {
    const stats = await stat(path);
    if (stats.isDirectory()) throw new UsageError(`${flag}: ${path} is a directory.`, 'Give the path of a JSONL or CSV file.');
    // Opened here once, so that an unreadable file is a usage error now, not mid-run; a pipe
    // (a FIFO, `<(command)`) is opened without waiting for a writer, and read once, into a spool.
    const handle = await openForReading(path);
    if (stats.isFIFO() || stats.isSocket()) pipe = handle;
    else await handle.close();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw unreadable(path, flag, error);
  }
  if (!pipe) return { name: path, open: () => createReadStream(path), close: async () => undefined };
  try {
    return await spool(pipeChunks(pipe), path, `${flag} ${path}`);
  } catch (error) {
    if (error instanceof FileWriteError) throw error;
    throw unreadable(path, flag, error);
  } finally {
    await pipe.close();
  }
}

function unreadable(path: string, flag: string, error: unknown): UsageError {
  return new UsageError(`${flag}: cannot read ${path} (${readFailure(error)}).`, 'Check the path, or give - to read the rows from stdin.');
}

/** Copies input that can be read only once (stdin, a pipe) to a private temporary file, to be read twice. `given`: how the user named it. */
async function spool(input: AsyncIterable<Buffer | string>, name: string, given: string): Promise<RowSource> {
  let directory: string | undefined;
  let fd: number | undefined;
  try {
    const folder = spooling(given, name, () => makeTempFolder('spool.folder', join(tmpdir(), 'ipctl-import-')));
    directory = folder;
    const file = spooling(given, name, () => openForWriting('spool.open', join(folder, 'rows'), 'w+', 0o600));
    fd = file;
    // Nameless from here on: only this process's descriptor reaches the data.
    removeSpool(folder);
    for await (const chunk of input) spooling(given, name, () => writeAll('spool.write', file, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    if (directory !== undefined) removeSpool(directory);
    throw error;
  }
  const spooled = fd;
  const folder = directory;
  return {
    name,
    // Each pass reads the descriptor from its start. A reader may destroy its stream (the CSV
    // parser does), and destroying a file stream closes its descriptor whatever autoClose says:
    // its close is a no-op here, and close() below closes the file once, at the end.
    open: () => createReadStream('', { fd: spooled, start: 0, autoClose: false, fs: { read, close: keepOpen } }),
    close: async () => {
      try {
        closeSync(spooled);
      } catch {
        // Only read from here on: nothing is lost.
      }
      // Where an open file cannot be unlinked, it goes now.
      removeSpool(folder);
    },
  };
}

/** Removes the spool's folder; one that cannot be removed is left (it is private, 0700). */
function removeSpool(directory: string): void {
  try {
    removeTree('spool.remove', directory);
  } catch {
    // Left for the system's cleaning of its temporary folder.
  }
}

/** Runs one change to the spool; its failure is said as what it means for the import. */
function spooling<T>(given: string, name: string, act: () => T): T {
  try {
    return act();
  } catch (error) {
    throw spoolFailure(given, name, error);
  }
}

function spoolFailure(given: string, name: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return error;
  return new FileWriteError(
    `${given}: cannot copy ${name} to a temporary file in ${tmpdir()}: ${writeFailureText(error)}; nothing was sent.`,
    `${isOutOfSpace(error) ? 'Free some space there' : writeFailureRemedy(error)}, or set TMPDIR to another folder, then run the same command again.`,
    code,
  );
}

function keepOpen(_fd: number, done: (error: NodeJS.ErrnoException | null) => void): void {
  done(null);
}
