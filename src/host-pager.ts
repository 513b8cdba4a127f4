import { spawn } from 'node:child_process';
import type { Pager, PagerCommand } from './host-ui.js';

/**
 * Starts the pager on ipctl's own terminal (stdout and stderr inherited), its
 * words run as they are, without a shell. Rejects with the reason when it
 * cannot be started (not found, not executable). SIGTERM to ipctl (signal)
 * ends it too, so no pager is left reading the terminal.
 */
export function startPager(command: PagerCommand, signal?: AbortSignal): Promise<Pager> {
  const [file, ...args] = command.argv as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['pipe', 'inherit', 'inherit'], env: command.env, signal });
    const quit = new Promise<void>((done) => child.once('close', () => done()));
    // A pager that quits before reading everything closes its input: the rest is not wanted, and no error.
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    child.once('spawn', () =>
      resolve({
        write(chunk) {
          if (child.stdin.writable) child.stdin.write(chunk);
        },
        close() {
          child.stdin.end();
          return quit;
        },
      }),
    );
  });
}
