// Runs ipctl's main() in this process, with test streams and a given
// environment: the same code path as the binary, without a process per run.
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { Deps, Sleep } from '../../src/deps.js';
import type { Choice, PagerCommand, Prompter } from '../../src/host-ui.js';
import { main } from '../../src/main.js';
import { cleanEnv } from './cli.js';
import type { Registry } from '../../src/commands/registry.js';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A run that failed as the README says a failure does: this exit code, nothing on stdout, and each text on stderr. */
export function expectFailed(result: { code: number | null; stdout: string; stderr: string }, code: number, ...says: string[]): void {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout).toBe('');
  for (const text of says) expect(result.stderr).toContain(text);
}

export interface InProcessRun extends InProcessResult {
  /** stdout and stderr as written, interleaved: what one terminal showing both would hold. */
  output: string;
}

export interface InProcessOptions {
  env: Record<string, string | undefined>;
  /** Stdin's content; a pipe unless `terminal.stdin`. */
  stdin?: string | Uint8Array;
  signal?: AbortSignal;
  /** A run taking longer fails the test as a hang. */
  timeoutMs?: number;
  /** Which streams are terminals (none by default, as in a pipe). */
  terminal?: { stdin?: boolean; stdout?: boolean; stderr?: boolean };
  /** The terminal's width, as a terminal reports it (COLUMNS in env still wins, as in a process). */
  columns?: number;
  /** Answers the questions in place of @inquirer/prompts (see scriptedPrompter). */
  prompter?: Prompter;
  /** The clock commands read. */
  now?: () => Date;
  /** Starts a pager (see recordingPager); without one, output is never paged. */
  startPager?: Deps['startPager'];
  /** A clock whose waits take no time (see testClock); its `now` unless `now` is given. */
  clock?: TestClock;
  /** The host's filesystem (see faulty-fs.ts); node:fs unless given. */
  fs?: Deps['fs'];
  /** The host's time and timers (Deps.clock), where a test records every wait and timer; built from `now` and `sleep` unless given. */
  hostClock?: Deps['clock'];
  /** This process as lock files name it; the real one unless given. */
  processes?: Deps['processes'];
  /** Where requests go, in place of the network. */
  dispatcher?: Deps['dispatcher'];
  /** Starts ipctl in the background (`sandbox --background`); without one, this ipctl cannot. */
  startDetached?: Deps['startDetached'];
  /** The commands there are, in place of ipctl's own registry (a fixture command added). */
  registry?: Registry;
  /** Another main() to run, such as a build's (dist/…/main.cjs), which finds the files beside it; src/main.ts's unless given. */
  main?: typeof main;
}

/**
 * A clock for in-process runs: a wait before a retry returns at once and moves
 * the clock on by its length, so a Retry-After or a backoff costs no real time.
 * Between waits it runs with the system clock, as requests take real time.
 * `waits` lists every wait asked for, in ms, in order.
 */
export interface TestClock {
  now: () => Date;
  sleep: Sleep;
  waits: number[];
}

/** A TestClock that reads `start` now (default: the system clock's time). */
export function testClock(start: Date = new Date()): TestClock {
  let ahead = start.getTime() - Date.now();
  const waits: number[] = [];
  return {
    now: () => new Date(Date.now() + ahead),
    waits,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      waits.push(ms);
      ahead += ms;
    },
  };
}

export async function runMain(args: string[], options: InProcessOptions): Promise<InProcessRun> {
  let stdout = '';
  let stderr = '';
  let output = '';
  const terminal = options.terminal ?? {};
  const stdin = Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]) as Readable & { isTTY?: boolean };
  stdin.isTTY = terminal.stdin === true;
  const deps: Deps = {
    stdout: { write: (chunk: string) => ((output += chunk), (stdout += chunk)), isTTY: terminal.stdout === true, columns: options.columns },
    stderr: { write: (chunk: string) => ((output += chunk), (stderr += chunk)), isTTY: terminal.stderr === true, columns: options.columns },
    stdin: stdin as Deps['stdin'],
    env: options.env,
    now: options.now ?? options.clock?.now ?? (() => new Date()),
    sleep: options.clock?.sleep,
    signal: options.signal,
    prompter: options.prompter,
    startPager: options.startPager,
    fs: options.fs,
    clock: options.hostClock,
    processes: options.processes,
    dispatcher: options.dispatcher,
    startDetached: options.startDetached,
  };
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`ipctl ${JSON.stringify(args)} did not finish within ${options.timeoutMs ?? 15_000} ms`)), options.timeoutMs ?? 15_000);
  });
  try {
    const code = await Promise.race([(options.main ?? main)(['node', 'ipctl', ...args], deps, options.registry), hang]);
    return { code, stdout, stderr, output };
  } finally {
    clearTimeout(timer);
  }
}

/** A run's outcome, in-process or spawned (test/helpers/cli.ts RunResult): in-process, no signal ends it. */
export interface IpctlResult extends InProcessRun {
  signal: NodeJS.Signals | null;
}

export interface IpctlOptions extends Omit<InProcessOptions, 'env' | 'stdin'> {
  /** Added to the environment every spawned ipctl starts from (cleanEnv). */
  env?: Record<string, string | undefined>;
  /** Stdin's content, as runIpctl takes it. */
  input?: string | Uint8Array;
}

/**
 * ipctl in this process, with the environment and stdin a spawned one would
 * get: the one way to run it where no process is the point. Waits take real
 * time unless `clock` is given (testClock()).
 */
export async function ipctl(args: string[], options: IpctlOptions = {}): Promise<IpctlResult> {
  const { env, input, ...rest } = options;
  const result = await runMain(args, { timeoutMs: 20_000, ...rest, env: cleanEnv(env), stdin: input });
  return { ...result, signal: null };
}

/** ipctl in this process at a terminal `columns` wide (200 unless given) that shows stdout and stderr; a question fails the run. */
export function ipctlAtTerminal(args: string[], options: IpctlOptions = {}): Promise<IpctlResult> {
  return ipctl(args, { columns: 200, terminal: { stdin: true, stdout: true, stderr: true }, prompter: scriptedPrompter(), ...options });
}

/**
 * A pager that keeps what it is given: each start's command, and the text
 * written to it. `fail` makes every start fail with that error code, as
 * spawning a missing program does.
 */
export function recordingPager(fail?: string): { starts: PagerCommand[]; text: string; closed: number; startPager: NonNullable<Deps['startPager']> } {
  const pager = {
    starts: [] as PagerCommand[],
    text: '',
    closed: 0,
    startPager: async (command: PagerCommand) => {
      pager.starts.push(command);
      if (fail) throw Object.assign(new Error(`spawn ${command.argv[0]} ${fail}`), { code: fail });
      return {
        write: (chunk: string) => void (pager.text += chunk),
        close: async () => void (pager.closed += 1),
      };
    },
  };
  return pager;
}

/** A question a command asked, in the order asked. */
export interface Asked {
  kind: keyof Prompter;
  message: string;
  choices?: string[];
  /** The answer given by pressing Enter, where the question has one. */
  default?: string | boolean;
}

/**
 * A prompter that answers from a script, in order, and records every question.
 * A question beyond the script fails the run as a prompt nobody expected, as a
 * person pressing Ctrl-C would end it.
 */
export function scriptedPrompter(answers: Array<string | boolean> = []): Prompter & { asked: Asked[] } {
  const asked: Asked[] = [];
  const next = (question: Asked): string | boolean => {
    asked.push(question);
    if (answers.length === 0) throw new UnexpectedPrompt(question.message);
    return answers.shift()!;
  };
  return {
    asked,
    input: async (message) => String(next({ kind: 'input', message })),
    password: async (message) => String(next({ kind: 'password', message })),
    select: async (message, choices: Choice[]) => String(next({ kind: 'select', message, choices: choices.map((choice) => choice.value) })),
    confirm: async (message, options) => Boolean(next({ kind: 'confirm', message, default: options?.default })),
  };
}

export class UnexpectedPrompt extends Error {
  constructor(message: string) {
    super(`a question nobody answers: ${message}`);
    this.name = 'UnexpectedPrompt';
  }
}
