import { createRequire } from 'node:module';
import type { Prompter } from './prompts/prompter.js';

// node:tty loads the whole network stack; ask it only when a command needs to know.
const isatty = (fd: number): boolean => (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd);

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
  /** The stream itself, for libraries that need one (the prompts); defaults to this object. */
  readonly stream?: NodeJS.WritableStream;
}

export interface InputStream extends AsyncIterable<Buffer | string> {
  isTTY?: boolean;
  /** The stream itself, for libraries that need one (the prompts); defaults to this object. */
  readonly stream?: NodeJS.ReadableStream;
}

/**
 * Everything with a side effect that a command may touch. main() builds the
 * real one from `process`; tests hand in their own streams and environment.
 */
export interface Deps {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  env: Record<string, string | undefined>;
  now: () => Date;
  /** Aborted when the user interrupts (Ctrl-C). */
  signal?: AbortSignal;
  /** Replaces the interactive prompter (tests). */
  prompter?: Prompter;
}

/**
 * The real side effects. Node sets up a standard stream (and the modules behind
 * it) only when it is first used, so these wrappers touch process.stdout and
 * friends only when something is written or read: a command that never reads
 * stdin does not pay for it.
 */
export function processDeps(): Deps {
  const interrupt = new AbortController();
  const stop = () => {
    // A second Ctrl-C ends at once, whatever is still running.
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    stdout: lazyOutput(1, openStdout),
    stderr: lazyOutput(2, () => process.stderr),
    stdin: lazyInput(),
    env: process.env,
    now: () => new Date(),
    signal: interrupt.signal,
  };
}

function openStdout(): NodeJS.WriteStream {
  // A closed stdout (`ipctl … | head`) ends the run quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  return process.stdout;
}

function lazyOutput(fd: number, open: () => NodeJS.WriteStream): OutputStream {
  let opened: NodeJS.WriteStream | undefined;
  const stream = () => (opened ??= open());
  return {
    get isTTY() {
      return isatty(fd);
    },
    get columns() {
      return stream().columns;
    },
    get stream() {
      return stream();
    },
    write: (chunk: string) => stream().write(chunk),
  };
}

function lazyInput(): InputStream {
  return {
    get isTTY() {
      return isatty(0);
    },
    get stream() {
      return process.stdin;
    },
    [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator](),
  };
}
