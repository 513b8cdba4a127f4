import type { Dispatcher } from 'undici';
import { type Clock, systemClock } from './host-clock.js';
import { type FileSystem, nodeFileSystem } from './host-fs.js';
import type { Pager, PagerCommand, Prompter } from './host-ui.js';
import type { DetachedProcess } from './detached.js';

/**
 * Whether fd is a terminal. node:tty loads the whole network stack, so it is
 * asked only about character devices other than /dev/null: a pipe, a file or
 * /dev/null is told apart with a stat.
 */
function isatty(fd: number): boolean {
  const { fstatSync, statSync } = process.getBuiltinModule('node:fs');
  try {
    const stat = fstatSync(fd);
    if (!stat.isCharacterDevice()) return false;
    if (process.platform !== 'win32' && stat.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    return false; // a closed descriptor is no terminal
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

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
  /**
   * Waits before a retry: resolves after `ms`, or rejects as soon as `signal`
   * aborts. Real timers unless given; tests give a clock that takes no time.
   */
  sleep?: Sleep;
  /** Aborted when the user interrupts (Ctrl-C, or SIGTERM, SIGHUP, SIGQUIT), with the signal's name as the reason. */
  signal?: AbortSignal;
  /** Replaces the interactive prompter (tests). */
  prompter?: Prompter;
  /**
   * Starts a pager that shows what is printed to stdout (a terminal); rejects
   * when it cannot be started. Without one, output is never paged.
   */
  startPager?: (command: PagerCommand) => Promise<Pager>;
  /** The filesystem every read and write of a bulk import, its locks and the profile store goes through (node:fs unless given). */
  fs?: FileSystem;
  /** Time and timers of the bulk path (pacing, locks, progress, waits); built from `now` and `sleep` unless given. */
  clock?: Clock;
  /** Where requests go: replaces the agent ipctl would make (and any proxy), with the real client above it. */
  dispatcher?: Dispatcher;
  /** This process and the others on the machine, as lock files name them. */
  processes?: Processes;
  /** Random numbers in [0, 1), for the jitter of waits (Math.random unless given). */
  random?: () => number;
  /** Starts ipctl with these arguments in a process that outlives this one (`sandbox --background`). */
  startDetached?: (args: string[]) => Promise<DetachedProcess>;
}

/** This process's ID and machine, and whether another process is running. */
export interface Processes {
  pid: number;
  hostname: string;
  /** False only when it is known not to be (no process has that ID). */
  isRunning(pid: number): boolean;
  /**
   * When the process with that ID started, in the system's own units, to tell
   * it from a later process given the same ID; undefined where the system
   * does not say (outside Linux) or no process has it.
   */
  startTime?(pid: number): number | undefined;
}

/** The real processes: this one, and the system's answer about others. */
export function systemProcesses(): Processes {
  return {
    pid: process.pid,
    get hostname() {
      return process.getBuiltinModule('node:os').hostname();
    },
    isRunning(pid) {
      try {
        process.kill(pid, 0);
        return true;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code !== 'ESRCH';
      }
    },
    startTime: linuxStartTime,
  };
}

/**
 * Field 22 of /proc/<pid>/stat: the clock ticks from boot to the process's
 * start. Read after the last `)`, since the command name (field 2) may hold
 * spaces and parentheses.
 */
function linuxStartTime(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = process.getBuiltinModule('node:fs').readFileSync(`/proc/${pid}/stat`, 'latin1');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isSafeInteger(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/** The parts of the host a command may leave out, filled in with the real ones. */
export function hostFs(deps: Deps): FileSystem {
  return (deps.fs ??= nodeFileSystem());
}

export function hostClock(deps: Deps): Clock {
  return (deps.clock ??= systemClock(deps.now, deps.sleep));
}

function hostProcesses(deps: Deps): Processes {
  return (deps.processes ??= systemProcesses());
}

/** What lock files and the files under them are made of. */
export function fileHost(deps: Deps): { fs: FileSystem; clock: Clock; processes: Processes } {
  return { fs: hostFs(deps), clock: hostClock(deps), processes: hostProcesses(deps) };
}

/**
 * The signals that end ipctl as Ctrl-C does (a bulk import settles the rows in
 * flight, releases its lock and writes its summary), and the exit code of each:
 * 128 plus its number, as shells report it. SIGHUP comes when the terminal or
 * SSH session closes; SIGQUIT from Ctrl-\.
 */
const signalExitCodes: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129, SIGQUIT: 131 };

/**
 * The real side effects. Node sets up a standard stream (and the modules behind
 * it) only when it is first used, so these wrappers touch process.stdout and
 * friends only when something is written or read: a command that never reads
 * stdin does not pay for it.
 */
export function processDeps(): Deps {
  const interrupt = new AbortController();
  let paging = 0;
  const stop = (signal: NodeJS.Signals) => {
    // The pager has the terminal, and Ctrl-C is its to answer (less stops what it is doing); ipctl ends when it quits.
    if (signal === 'SIGINT' && paging > 0) return;
    const code = signalExitCodes[signal] ?? 130;
    // A second signal ends at once, whatever is still running.
    if (interrupt.signal.aborted) process.exit(code);
    interrupt.abort(signal);
    // The command gets a second to end tidily; then ipctl ends, whatever undici is doing.
    setTimeout(() => process.exit(code), 1000).unref();
  };
  for (const signal of Object.keys(signalExitCodes) as NodeJS.Signals[]) process.on(signal, stop);
  return {
    stdout: lazyOutput(1, openStdout),
    stderr: lazyOutput(2, () => process.stderr),
    stdin: lazyInput(),
    env: process.env,
    now: () => new Date(),
    signal: interrupt.signal,
    async startDetached(args) {
      const { startDetached } = await import('./detached.js');
      return startDetached(args);
    },
    async startPager(command) {
      const { startPager } = await import('./host-pager.js');
      const pager = await startPager(command, interrupt.signal);
      paging += 1;
      return { write: pager.write, close: () => pager.close().finally(() => (paging -= 1)) };
    },
  };
}

function openStdout(): NodeJS.WriteStream {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => outputFailed(1, error));
  return process.stdout;
}

/**
 * A closed stdout (`ipctl … | head`) ends the run quietly; any other failure to
 * write (a full disk, say) ends it with one line on stderr and exit 1, never a
 * stack trace.
 */
function outputFailed(fd: number, error: NodeJS.ErrnoException): never {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  if (fd !== 2) {
    try {
      process.getBuiltinModule('node:fs').writeSync(2, `Error: cannot write the output: ${error.message}\n`);
    } catch {
      // stderr is gone too: the exit code is all that is left to say it.
    }
  }
  process.exit(1);
}

function lazyOutput(fd: number, open: () => NodeJS.WriteStream): OutputStream {
  let opened: NodeJS.WriteStream | undefined;
  const stream = () => (opened ??= open());
  let direct = process.platform !== 'win32';
  const write = (chunk: string) => {
    if (!direct || opened) return stream().write(chunk);
    const rest = writeDirect(fd, chunk);
    if (rest === undefined) return true;
    // The descriptor would block (a full non-blocking pipe): the stream queues the rest, and all that follows.
    direct = false;
    return stream().write(rest);
  };
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
    write,
  };
}

/**
 * Writes chunk to fd at once, without setting up process.stdout (which for a
 * pipe costs a socket and the stream machinery, more than all else `ipctl
 * --version` does). On Linux, Node writes to pipes and files synchronously
 * anyway, so the order and the outcome are the same. Returns what could not be
 * written without blocking, or undefined when all of it was.
 */
function writeDirect(fd: number, chunk: string): Buffer | undefined {
  const { writeSync } = process.getBuiltinModule('node:fs');
  let bytes = Buffer.from(chunk);
  try {
    while (bytes.length > 0) bytes = bytes.subarray(writeSync(fd, bytes));
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return bytes;
    return outputFailed(fd, error as NodeJS.ErrnoException);
  }
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
