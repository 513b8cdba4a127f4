/**
 * Where the rows come from. An import reads its input twice (every row is
 * checked before any is sent), so stdin is first copied to a private temporary
 * file: created 0600 in a new 0700 directory, and unlinked at once, so that it
 * has no name while it is read and vanishes when the process ends however it
 * ends (even killed). It holds the rows' secrets, and nothing else ever sees it.
 */
import { closeSync, createReadStream, read } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { InputStream } from '../../deps.js';
import { FileWriteError, UsageError } from '../../errors.js';
import { isOutOfSpace, makeTempFolder, openForWriting, removeTree, writeAll, writeFailureRemedy, writeFailureText } from '../../file-writes.js';

export interface RowSource {
  /** The input as people name it: the path, or "stdin". */
  name: string;
  /** A new stream over the whole input, from its first byte. */
  open(): Readable;
  close(): Promise<void>;
}

export async function openSource(path: string, stdin: InputStream, flag = '--from-file'): Promise<RowSource> {
  if (path === '-') return spoolStdin(stdin, flag);
  try {
    const stats = await stat(path);
    if (stats.isDirectory()) throw new UsageError(`${flag}: ${path} is a directory.`, 'Give the path of a JSONL or CSV file.');
    // Opened here once, so that an unreadable file is a usage error now, not mid-run.
    const handle = await open(path, 'r');
    await handle.close();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (code ?? 'cannot read');
    throw new UsageError(`${flag}: cannot read ${path} (${reason}).`, 'Check the path, or give - to read the rows from stdin.');
  }
  return { name: path, open: () => createReadStream(path), close: async () => undefined };
}

async function spoolStdin(stdin: InputStream, flag: string): Promise<RowSource> {
  if (stdin.isTTY) throw new UsageError(`${flag}: - means stdin, but stdin is a terminal.`, 'Pipe the rows in, or give a file path.');
  let directory: string | undefined;
  let fd: number | undefined;
  try {
    const folder = spooling(flag, () => makeTempFolder('spool.folder', join(tmpdir(), 'ipctl-import-')));
    directory = folder;
    const file = spooling(flag, () => openForWriting('spool.open', join(folder, 'rows'), 'w+', 0o600));
    fd = file;
    // Nameless from here on: only this process's descriptor reaches the data.
    removeSpool(folder);
    for await (const chunk of stdin) spooling(flag, () => writeAll('spool.write', file, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk));
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    if (directory !== undefined) removeSpool(directory);
    throw error;
  }
  const spooled = fd;
  const folder = directory;
  return {
    name: 'stdin',
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
function spooling<T>(flag: string, act: () => T): T {
  try {
    return act();
  } catch (error) {
    throw spoolFailure(flag, error);
  }
}

function spoolFailure(flag: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return error;
  return new FileWriteError(
    `${flag} -: cannot copy stdin to a temporary file in ${tmpdir()}: ${writeFailureText(error)}; nothing was sent.`,
    `${isOutOfSpace(error) ? 'Free some space there' : writeFailureRemedy(error)}, or set TMPDIR to another folder, then run the same command again.`,
    code,
  );
}

function keepOpen(_fd: number, done: (error: NodeJS.ErrnoException | null) => void): void {
  done(null);
}
