/**
 * Reading a file a flag names, whatever it turns out to be. A regular file or
 * a device is read up to a cap. A pipe (a FIFO, or `<(command)` in a shell) is
 * opened without waiting for a writer: a blocking open would wait in a thread
 * that no signal reaches, and ipctl could not even be stopped. A pipe with
 * nothing writing to it is refused at once; one whose writer goes quiet is
 * given up on after pipeIdleMs.
 */
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { InterruptedError } from './errors.js';

/** The most a file flag reads. */
export const maxFileBytes = 10 * 1024 * 1024;

/** How long a pipe's writer may send nothing before ipctl stops reading. */
const pipeIdleMs = 30_000;

/** Opens path for reading; a FIFO is opened at once, whether or not anything writes to it. */
export async function openForReading(path: string): Promise<FileHandle> {
  return open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
}

/** Up to `limit` bytes of path (ask for one more than the cap to tell that a file is larger). `signal`: Ctrl-C ends a wait on a pipe. */
export async function readAtMost(path: string, limit: number, idleMs = pipeIdleMs, signal?: AbortSignal): Promise<Buffer> {
  const file = await openForReading(path);
  try {
    const stats = await file.stat();
    if (stats.isDirectory()) throw codedError('EISDIR');
    const chunks: Buffer[] = [];
    let total = 0;
    const source = stats.isFIFO() || stats.isSocket() ? pipeChunks(file, idleMs, signal) : fileChunks(file);
    for await (const chunk of source) {
      chunks.push(chunk.subarray(0, limit - total));
      total += Math.min(chunk.length, limit - total);
      if (total >= limit) break;
    }
    return Buffer.concat(chunks);
  } finally {
    await file.close();
  }
}

async function* fileChunks(file: FileHandle): AsyncGenerator<Buffer> {
  const buffer = Buffer.alloc(64 * 1024);
  for (;;) {
    const { bytesRead } = await file.read(buffer, 0, buffer.length);
    if (bytesRead === 0) return;
    yield Buffer.from(buffer.subarray(0, bytesRead));
  }
}

/**
 * The bytes of a pipe opened without blocking, as its writer sends them. A
 * read that finds no data says whether a writer is there: EAGAIN if one is,
 * end-of-file if none is (or the last one has finished).
 */
export async function* pipeChunks(file: FileHandle, idleMs = pipeIdleMs, signal?: AbortSignal): AsyncGenerator<Buffer> {
  const buffer = Buffer.alloc(64 * 1024);
  let writerSeen = false;
  let quietSince = Date.now();
  for (;;) {
    if (signal?.aborted) throw new InterruptedError('Interrupted while waiting for a pipe to send; nothing was sent.');
    const bytesRead = await readNow(file, buffer);
    if (bytesRead === 0) {
      if (!writerSeen) throw codedError(noWriter);
      return;
    }
    writerSeen = true;
    if (bytesRead > 0) {
      quietSince = Date.now();
      yield Buffer.from(buffer.subarray(0, bytesRead));
      continue;
    }
    if (Date.now() - quietSince >= idleMs) throw codedError(writerIdle);
    await sleep(20);
  }
}

/** Bytes read, or -1 when the pipe is empty and a writer may still send more. */
async function readNow(file: FileHandle, buffer: Buffer): Promise<number> {
  try {
    return (await file.read(buffer, 0, buffer.length)).bytesRead;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return -1;
    throw error;
  }
}

const noWriter = 'IPCTL_PIPE_NO_WRITER';
const writerIdle = 'IPCTL_PIPE_IDLE';

function codedError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(code), { code });
}

/** Why path could not be read, in words for an error message. */
export function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENXIO':
      return 'a socket, not a file';
    case noWriter:
      return 'a pipe with nothing writing to it';
    case 'EAGAIN':
      // A terminal or another device read without blocking, with nothing typed yet.
      return 'a device with nothing to read; give a file, or - for stdin';
    case writerIdle:
      return `a pipe whose writer sent nothing for ${pipeIdleMs / 1000} s`;
    default:
      return code ?? 'cannot read';
  }
}
