// Runs ipctl's main() in this process, with test streams and a given
// environment: the same code path as the binary, without a process per run.
import { Readable } from 'node:stream';
import type { Deps } from '../../src/deps.js';
import { main } from '../../src/main.js';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface InProcessOptions {
  env: Record<string, string | undefined>;
  /** Piped stdin (never a terminal). */
  stdin?: string | Uint8Array;
  signal?: AbortSignal;
  /** A run taking longer fails the test as a hang. */
  timeoutMs?: number;
  /** stdout and stderr are a terminal (100 columns wide), as at a prompt. */
  terminal?: boolean;
}

export async function runMain(args: string[], options: InProcessOptions): Promise<InProcessResult> {
  let stdout = '';
  let stderr = '';
  const stdin = Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]) as Deps['stdin'];
  const deps: Deps = {
    stdout: { write: (chunk: string) => (stdout += chunk), isTTY: options.terminal === true, columns: options.terminal ? 100 : undefined },
    stderr: { write: (chunk: string) => (stderr += chunk), isTTY: options.terminal === true, columns: options.terminal ? 100 : undefined },
    stdin,
    env: options.env,
    now: () => new Date(),
    signal: options.signal,
  };
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`ipctl ${JSON.stringify(args)} did not finish within ${options.timeoutMs ?? 15_000} ms`)), options.timeoutMs ?? 15_000);
  });
  try {
    const code = await Promise.race([main(['node', 'ipctl', ...args], deps), hang]);
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}
