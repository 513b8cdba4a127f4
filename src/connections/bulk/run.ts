/**
 * What every bulk run over a results file shares (the import, and the removal
 * of what an import created): the lock on its results file, the progress on
 * stderr, and the sending pass itself: the results log, the gate (--rate, and
 * slowing down together on 429), the sender, and Ctrl-C.
 */
import type { ApiClient } from '../../api/client.js';
import { type RunLock, takeRunLock } from '../../config/run-lock.js';
import type { Clock } from '../../host-clock.js';
import type { Context } from '../../context.js';
import { fileHost, hostClock, hostFs } from '../../deps.js';
import { FileWriteError, InterruptedError, UsageError, UserError } from '../../errors.js';
import { isOutOfSpace, writeFailureRemedy, writeFailureText } from '../../file-writes.js';
import { isDocumentFormat } from '../../output/format.js';
import { gateClock, SendGate } from './gate.js';
import { type ProgressSnapshot, ProgressReporter, RecentRate } from './progress.js';
import { ResultsLog } from './results.js';
import { type RowToSend, Sender, type SenderOptions } from './send.js';

/** Takes the lock on a results file for the whole run: the results are read and written only under it. */
export async function lockResults(resultsPath: string, context: Context, runName = 'import'): Promise<RunLock> {
  let lock: Awaited<ReturnType<typeof takeRunLock>>;
  try {
    lock = await takeRunLock(fileHost(context.deps), resultsPath, { signal: context.deps.signal, watching: (line) => context.say(line), warn: (line) => context.say(line) });
  } catch (error) {
    if (error instanceof InterruptedError) throw error;
    // A lock file that cannot be read or understood: named, with how to remove it.
    if (error instanceof UserError) throw new UsageError(`--results: ${error.message}`, error.hint);
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileWriteError(`--results: cannot write ${resultsPath}.lock: ${writeFailureText(error)}; nothing was sent.`, `${isOutOfSpace(error) || code === 'EIO' ? writeFailureRemedy(error) : 'Give a path in a folder you can write to'}, then run the same command again.`, code);
  }
  if ('heldBy' in lock) {
    throw new UsageError(
      `--results: ${resultsPath} is in use by another ${runName} (${lock.heldBy}); nothing was sent.`,
      `Wait for that run to finish, or give another --results file. The next run takes the lock over once its process has ended on this machine, or its heartbeat has stopped for 30 s; if no ipctl is running anywhere, remove ${resultsPath}.lock.`,
    );
  }
  if (lock.tookOver !== undefined) context.say(`Took over the lock on ${resultsPath}, left by ${lock.tookOver}.`);
  return lock;
}

export interface SendingOptions {
  api: ApiClient;
  project: string;
  resultsPath: string;
  resume: boolean;
  concurrency: number;
  rate?: number;
  /** Rows this run sends or records: what the progress counts towards. */
  total: number;
  request?: SenderOptions['request'];
}

export interface SendingResult {
  sender: Sender;
  seconds: number;
  interrupted: boolean;
  /** The results file stopped taking records. */
  logFailure: FileWriteError | undefined;
}

/** What the progress line is drawn from while a run goes on. */
interface Live {
  phase: ProgressSnapshot['phase'];
  checked: number;
  total: number;
  startedAt: number;
  sender?: Sender;
  gate?: SendGate;
  requestRate: RecentRate;
}

/** One bulk run's progress on stderr, through its checking pass and its sending pass. */
export class BulkRun {
  readonly #context: Context;
  readonly #doneWord: string | undefined;
  readonly #live: Live = { phase: 'checking', checked: 0, total: 0, startedAt: 0, requestRate: new RecentRate() };
  readonly #progress: ProgressReporter;
  readonly #clock: Clock;

  constructor(context: Context, doneWord?: string) {
    this.#context = context;
    this.#clock = hostClock(context.deps);
    this.#doneWord = doneWord;
    // Redrawn in place on a terminal; plain lines in CI (whose log may be a pseudo-terminal); none with --quiet,
    // nor in place of a bar under -o json, yaml or ndjson, where stderr carries a failure's problem document and nothing else.
    const tty = context.deps.stderr.isTTY === true && !context.deps.env.CI;
    this.#progress = new ProgressReporter(context.deps.stderr, () => this.#snapshot(), { tty, silent: context.quiet || (!tty && isDocumentFormat(context.format)), timers: this.#clock });
  }

  /** The checking pass, with "Checking rows: N" on stderr; `pass` reports how many rows it has checked. */
  async checking<T>(pass: (onChecked: (checked: number) => void) => Promise<T>): Promise<T> {
    this.#progress.start();
    try {
      return await pass((checked) => (this.#live.checked = checked));
    } finally {
      this.#progress.stop();
    }
  }

  /** The sending pass: each row `rows` yields is recorded, sent and recorded again, until they run out, the run stops, or Ctrl-C. */
  async send(options: SendingOptions, rows: (sender: Sender) => AsyncGenerator<RowToSend>): Promise<SendingResult> {
    const context = this.#context;
    const live = this.#live;
    const clock = this.#clock;
    const log = ResultsLog.open(hostFs(context.deps), options.resultsPath, options.resume, (text) => context.scrubber.scrub(text));
    if (log.cutTail > 0) {
      context.say(`The last line of ${options.resultsPath} was cut short (${log.cutTail} bytes, no whole record: a write that never finished, so its row was never sent); it was removed.`);
    }
    const gate = new SendGate(options.concurrency, gateClock(clock), context.deps.random ?? Math.random, options.rate);
    const sender = new Sender({ api: options.api, project: options.project, gate, log, now: () => new Date(clock.now()), timers: clock, maxWaitMs: options.api.maxWaitMs, ...(options.request ? { request: options.request } : {}) });
    live.phase = 'sending';
    live.total = options.total;
    live.startedAt = clock.now();
    live.sender = sender;
    live.gate = gate;
    live.requestRate.sample(live.startedAt, 0);
    let interrupted = false;
    const onInterrupt = (): void => {
      interrupted = true;
      live.phase = 'stopping';
      gate.stop();
      this.#progress.draw();
    };
    context.deps.signal?.addEventListener('abort', onInterrupt, { once: true });
    if (context.deps.signal?.aborted) onInterrupt();
    this.#progress.start();
    try {
      await sender.run(rows(sender), options.concurrency);
    } finally {
      context.deps.signal?.removeEventListener('abort', onInterrupt);
      this.#progress.stop();
      await log.close();
      sender.noteUnstored(log.unstored);
    }
    return { sender, seconds: (clock.now() - live.startedAt) / 1000, interrupted, logFailure: log.failure };
  }

  #snapshot(): ProgressSnapshot {
    const live = this.#live;
    const counts = live.sender?.counts;
    const { gate } = live;
    const now = this.#clock.now();
    return {
      phase: live.phase,
      checked: live.checked,
      total: live.total,
      created: counts ? counts.created + counts.removed + counts.absent : 0,
      ...(this.#doneWord ? { doneWord: this.#doneWord } : {}),
      failed: counts?.failed ?? 0,
      uncertain: counts?.uncertain ?? 0,
      invalid: counts?.invalid ?? 0,
      inFlight: live.sender?.inFlight ?? 0,
      elapsedMs: live.startedAt ? now - live.startedAt : 0,
      waitMs: gate && gate.pausedUntil > 0 ? gate.pausedUntil - now : 0,
      ...(gate ? { concurrency: { limit: gate.limit, max: gate.max }, requestsPerSecond: live.requestRate.sample(now, gate.requests) } : {}),
    };
  }
}
