import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const ipctlBin = join(repoRoot, 'bin/ipctl.cjs');

/**
 * The folder of the build that bin/ipctl.cjs runs: dist/current.json names it
 * (scripts/build.mjs). `dist` is the project's dist/ unless given.
 */
export function currentBuildDir(dist = join(repoRoot, 'dist')): string {
  const { build } = JSON.parse(readFileSync(join(dist, 'current.json'), 'utf8')) as { build: string };
  return join(dist, build);
}

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
  /** Working folder of the process (default: the test's). */
  cwd?: string;
  /** The terminal's width, for runIpctlInTerminal (default: 200). */
  columns?: number;
}

/**
 * The environment every spawned ipctl starts from: nothing inherited that could
 * change its behaviour, and no pager (IPCTL_PAGER=cat), so that a terminal's
 * output reaches the test as ipctl wrote it. A key of `extra` given as
 * undefined is left out, IPCTL_PAGER too.
 */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', IPCTL_PAGER: 'cat' };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Spawns the built ipctl with stdout and stderr as pipes. */
export function runIpctl(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return runProcess(process.execPath, [ipctlBin, ...args], options);
}

/** Spawns the built ipctl in a pseudo-terminal (util-linux `script`), so stdout and stderr are a TTY. */
export function runIpctlInTerminal(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const command = [process.execPath, ipctlBin, ...args].map(shellQuote).join(' ');
  return runProcess('script', ['-qefc', `stty cols ${options.columns ?? 200} rows 50; ${command}`, '/dev/null'], options).then((result) => ({
    ...result,
    stdout: result.stdout.replace(/\r\n/g, '\n'),
  }));
}

export function runProcess(file: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { env: cleanEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    // Decoded as streams, so that a character split between two chunks stays whole.
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
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

export interface RunningIpctl {
  child: ChildProcessWithoutNullStreams;
  /** Waits until stderr shows `pattern` (or the process ends, or 15 s pass). */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** The exit code and everything printed, once the process ends (killed after 20 s). */
  result(): Promise<RunResult>;
}

/** Starts the built ipctl and returns at once, for tests that signal it while it runs. */
export function startIpctl(args: string[], options: RunOptions = {}): RunningIpctl {
  const child = spawn(process.execPath, [ipctlBin, ...args], { env: cleanEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(options.input ?? '');
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolvePromise) =>
    child.on('close', (code, signal) => resolvePromise({ code, signal })),
  );
  return {
    child,
    async waitForStderr(pattern, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(stderr)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`stderr never showed ${pattern}; it shows:\n${stderr}`);
        await new Promise((resolveWait) => setTimeout(resolveWait, 20));
      }
    },
    async result() {
      const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
      const { code, signal } = await closed;
      clearTimeout(timer);
      return { code, signal, stdout, stderr };
    },
  };
}
