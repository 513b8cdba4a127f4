import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const ipctlBin = join(repoRoot, 'bin/ipctl.js');

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
}

/** The environment every spawned ipctl starts from: nothing inherited that could change its behaviour. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

/** Spawns the built ipctl with stdout and stderr as pipes. */
export function runIpctl(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return runProcess(process.execPath, [ipctlBin, ...args], options);
}

/** Spawns the built ipctl in a pseudo-terminal (util-linux `script`), so stdout and stderr are a TTY. */
export function runIpctlInTerminal(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const command = [process.execPath, ipctlBin, ...args].map(shellQuote).join(' ');
  return runProcess('script', ['-qefc', `stty cols 200 rows 50; ${command}`, '/dev/null'], options).then((result) => ({
    ...result,
    stdout: result.stdout.replace(/\r\n/g, '\n'),
  }));
}

export function runProcess(file: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { env: cleanEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    // A child that exits before reading its input closes the pipe: not an error of the test.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A fresh, empty config directory; remove() deletes it. */
export function tempDir(prefix = 'ipctl-test-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
