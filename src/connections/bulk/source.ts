/**
 * Where the rows come from. An import reads its input twice (every row is
 * checked before any is sent), so stdin (or a pipe) is first copied to a private
 * temporary file: created 0600 in a new 0700 directory, and unlinked at once, so
 * that it has no name while it is read and vanishes when the process ends however
 * it ends (even killed). It holds the rows' secrets, and nothing else ever sees it.
 */
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { InputStream } from '../../deps.js';
import { FileWriteError, InterruptedError, UsageError } from '../../errors.js';
import type { FileSystem } from '../../host-fs.js';
import { isOutOfSpace, makeTempFolder, openForWriting, removeTree, writeAll, writeFailureRemedy, writeFailureText } from '../../file-writes.js';
import { maxFileBytes, openForReading, pipeChunks, readAtMost, readFailure } from '../../file-reads.js';
import { isDevice } from '../../path-kind.js';

export interface RowSource {
  /** The input as people name it: the path, or "stdin". */
  name: string;
  /** A new stream over the whole input, from its first byte. */
  open(): Readable;
  close(): Promise<void>;
}

/**
 * How many lines the input has (a last line without a line break counts):
 * at least as many as its rows, read before the first pass so that what an
 * import keeps a row (its key) is made once at its size.
 */
export async function lineCount(source: RowSource): Promise<number> {
  let lines = 0;
  let last = 0x0a;
  for await (const chunk of source.open() as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
  }
  return last === 0x0a ? lines : lines + 1;
}

export async function openSource(fs: FileSystem, path: string, stdin: InputStream, flag = '--from-file', signal?: AbortSignal): Promise<RowSource> {
  if (path === '-') {
    if (stdin.isTTY) throw new UsageError(`${flag}: - means stdin, but stdin is a terminal.`, 'Pipe the rows in, or give a file path.');
    return spool(fs, stdin, 'stdin', `${flag} -`);
  }
  let pipe: FileHandle | undefined;
  let device = false;
  try {
    const stats = fs.statSync(path);
    if (stats.isDirectory()) throw new UsageError(`${flag}: ${path} is a directory.`, 'Give the path of a JSONL or CSV file.');
    // Opened here once, so that an unreadable file is a usage error now, not mid-run; a pipe
    // (a FIFO, `<(command)`) is opened without waiting for a writer, and read once, into a spool.
    if (stats.isFIFO() || stats.isSocket()) pipe = await openForReading(path);
    else fs.closeSync(fs.openSync(path, 'r'));
    device = isDevice(stats);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw unreadable(path, flag, error);
  }
  // A device may never end (/dev/zero): read once, as every file a flag reads whole, up to 10 MiB.
  if (device) return spool(fs, deviceBytes(path, flag), path, `${flag} ${path}`);
  if (!pipe) return { name: path, open: () => fs.createReadStream(path), close: async () => undefined };
  try {
    return await spool(fs, pipeChunks(pipe, undefined, signal), path, `${flag} ${path}`);
  } catch (error) {
    if (error instanceof FileWriteError || error instanceof InterruptedError) throw error;
    throw unreadable(path, flag, error);
  } finally {
    await pipe.close();
  }
}

async function* deviceBytes(path: string, flag: string): AsyncGenerator<Buffer> {
  const data = await readAtMost(path, maxFileBytes + 1).catch((error: unknown) => {
    throw unreadable(path, flag, error);
  });
  if (data.length > maxFileBytes) throw new UsageError(`${flag}: ${path} is a device that sent more than ${maxFileBytes / 1024 / 1024} MiB.`, 'Give a file, a pipe that ends, or - to read the rows from stdin.');
  yield data;
}

function unreadable(path: string, flag: string, error: unknown): UsageError {
  return new UsageError(`${flag}: cannot read ${path} (${readFailure(error)}).`, 'Check the path, or give - to read the rows from stdin.');
}

/** Copies input that can be read only once (stdin, a pipe) to a private temporary file, to be read twice. `given`: how the user named it. */
async function spool(fs: FileSystem, input: AsyncIterable<Buffer | string>, name: string, given: string): Promise<RowSource> {
  let directory: string | undefined;
  let fd: number | undefined;
  try {
    const folder = spooling(given, name, () => makeTempFolder(fs, join(tmpdir(), 'ipctl-import-')));
    directory = folder;
    const file = spooling(given, name, () => openForWriting(fs, join(folder, 'rows'), 'w+', 0o600));
    fd = file;
    // Nameless from here on: only this process's descriptor reaches the data.
    removeSpool(fs, folder);
    for await (const chunk of input) spooling(given, name, () => writeAll(fs, file, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    if (directory !== undefined) removeSpool(fs, directory);
    throw error;
  }
  const spooled = fd;
  const folder = directory;
  return {
    name,
    // Each pass reads the descriptor from its start, leaving it open; close() below closes the file once, at the end.
    open: () => fs.createReadStream({ fd: spooled, start: 0 }),
    close: async () => {
      try {
        fs.closeSync(spooled);
      } catch {
        // Only read from here on: nothing is lost.
      }
      // Where an open file cannot be unlinked, it goes now.
      removeSpool(fs, folder);
    },
  };
}

/** Removes the spool's folder; one that cannot be removed is left (it is private, 0700). */
function removeSpool(fs: FileSystem, directory: string): void {
  try {
    removeTree(fs, directory);
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
