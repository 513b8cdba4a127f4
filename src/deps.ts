import type { Prompter } from './prompts/prompter.js';

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface InputStream extends AsyncIterable<Buffer | string> {
  isTTY?: boolean;
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

export function processDeps(signal?: AbortSignal): Deps {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    now: () => new Date(),
    signal,
  };
}
