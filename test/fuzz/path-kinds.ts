// The kinds of thing a path can name, made for real in a temporary folder:
// what the path properties give every path flag and argument of ipctl.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { tempDir } from '../helpers/cli.js';

export const pathKinds = [
  'regular file',
  'symbolic link to a file',
  'FIFO with a writer',
  'symbolic link to a FIFO with a writer',
  'FIFO with no writer',
  'directory',
  'symbolic link to a directory',
  'dangling symbolic link',
  'unix socket',
  '/dev/null',
  '/dev/zero',
  'symbolic link to /dev/null',
] as const;
export type PathKind = (typeof pathKinds)[number];

/** The kinds read as the file they hold (the README: "a pipe (`<(command)`, a FIFO) is read as its writer sends"). */
export const readAsFile: ReadonlySet<PathKind> = new Set(['regular file', 'symbolic link to a file', 'FIFO with a writer', 'symbolic link to a FIFO with a writer']);
/** The kinds read as an empty file. */
export const readAsEmpty: ReadonlySet<PathKind> = new Set(['/dev/null', 'symbolic link to /dev/null']);
/** What a write may go to: a regular file (a symbolic link to one is for each flag to say). */
export const writable: ReadonlySet<PathKind> = new Set(['regular file']);

export interface MadePath {
  path: string;
  /** Ends what the path needs (a FIFO's writer still waiting to be read, a socket's server). */
  release(): Promise<void>;
}

/** Makes `name` in `dir` as `kind`, holding `content` where it holds anything. */
export async function makePath(dir: string, name: string, kind: PathKind, content: string | Uint8Array): Promise<MadePath> {
  const path = join(dir, name);
  const none = async (): Promise<void> => undefined;
  switch (kind) {
    case 'regular file':
      writeFileSync(path, content);
      return { path, release: none };
    case 'symbolic link to a file':
      writeFileSync(`${path}.target`, content);
      symlinkSync(`${path}.target`, path);
      return { path, release: none };
    case 'FIFO with a writer':
      return fifoWithWriter(path, path, content);
    case 'symbolic link to a FIFO with a writer':
      symlinkSync(`${path}.target`, path);
      return fifoWithWriter(`${path}.target`, path, content);
    case 'FIFO with no writer':
      execFileSync('mkfifo', [path]);
      return { path, release: none };
    case 'directory':
      mkdirSync(path);
      return { path, release: none };
    case 'symbolic link to a directory':
      mkdirSync(`${path}.target`);
      symlinkSync(`${path}.target`, path);
      return { path, release: none };
    case 'dangling symbolic link':
      symlinkSync(`${path}.nowhere`, path);
      return { path, release: none };
    case 'unix socket':
      return socketAt(path);
    case '/dev/null':
    case '/dev/zero':
      return { path: kind, release: none };
    case 'symbolic link to /dev/null':
      symlinkSync('/dev/null', path);
      return { path, release: none };
  }
}

/**
 * A FIFO whose writer waits in open() until a reader comes, as a shell's
 * `cmd > fifo` does, then sends `content` and closes. Released, a writer no
 * reader came for is let go by opening the other end without blocking.
 */
async function fifoWithWriter(fifo: string, path: string, content: string | Uint8Array): Promise<MadePath> {
  execFileSync('mkfifo', [fifo]);
  let opened = false;
  const writing = (async () => {
    const writer = await open(fifo, 'w');
    opened = true;
    try {
      await writer.writeFile(content);
    } catch {
      // The reader went away before the end: what it did with the rest is the test's to judge.
    } finally {
      await writer.close();
    }
  })();
  return {
    path,
    release: async () => {
      if (!opened) {
        const reader = await open(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
        await Promise.race([writing, new Promise((resolve) => setTimeout(resolve, 2000))]);
        await reader.close();
      }
      await writing.catch(() => undefined);
    },
  };
}

async function socketAt(path: string): Promise<MadePath> {
  const server: Server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  return { path, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A bound on every run of a path case: far above what any case takes, far below "hangs". */
export const caseBound = 20_000;

/** A folder for a test file's path cases, removed after it; each call gives a fresh empty folder in it. */
export function useCaseFolders(prefix: string): () => string {
  const dir = tempDir(prefix);
  let cases = 0;
  afterAll(() => dir.remove());
  return () => {
    const path = join(dir.path, `case-${++cases}`);
    mkdirSync(path);
    return path;
  };
}
