/**
 * Where the rows come from. An import reads its input twice (every row is
 * checked before any is sent), so stdin (or a pipe) is first copied to a private temporary
 * file: created 0600 in a new 0700 directory, and unlinked at once, so that it
 * has no name while it is read and vanishes when the process ends however it
 * ends (even killed). It holds the rows' secrets, and nothing else ever sees it.
 */
import { createReadStream, read } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { InputStream } from '../../deps.js';
import { UsageError } from '../../errors.js';
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
    return spool(stdin, 'stdin');
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
    return await spool(pipeChunks(pipe), path);
  } catch (error) {
    throw unreadable(path, flag, error);
  } finally {
    await pipe.close();
  }
}

function unreadable(path: string, flag: string, error: unknown): UsageError {
  return new UsageError(`${flag}: cannot read ${path} (${readFailure(error)}).`, 'Check the path, or give - to read the rows from stdin.');
}

/** Copies input that can be read only once (stdin, a pipe) to a private temporary file, to be read twice. */
async function spool(input: AsyncIterable<Buffer | string>, name: string): Promise<RowSource> {
  const directory = await mkdtemp(join(tmpdir(), 'ipctl-import-'));
  const path = join(directory, 'rows');
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'w+', 0o600);
    // Nameless from here on: only this process's descriptor reaches the data.
    await rm(directory, { recursive: true, force: true }).catch(() => undefined);
    for await (const chunk of input) await handle.write(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  } catch (error) {
    await handle?.close();
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const spooled = handle;
  return {
    name,
    // Each pass reads the descriptor from its start. A reader may destroy its stream (the CSV
    // parser does), and destroying a file stream closes its descriptor whatever autoClose says:
    // its close is a no-op here, and close() below closes the file once, at the end.
    open: () => createReadStream('', { fd: spooled.fd, start: 0, autoClose: false, fs: { read, close: keepOpen } }),
    close: async () => {
      await spooled.close();
      // Where an open file cannot be unlinked, it goes now.
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function keepOpen(_fd: number, done: (error: NodeJS.ErrnoException | null) => void): void {
  done(null);
}
