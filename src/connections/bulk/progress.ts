/**
 * Progress of a bulk import on stderr. On a terminal, one line redrawn in
 * place (a bar, the counts, the rate and the time left, how many requests may
 * be in flight and how many go out a second); elsewhere (CI, a log file) a
 * plain line every few seconds, so logs stay readable.
 */
import type { OutputStream } from '../../deps.js';
import { type Clock, systemClock, type TimerHandle } from '../../host-clock.js';

export interface ProgressSnapshot {
  phase: 'checking' | 'sending' | 'stopping';
  /** Rows checked so far (checking). */
  checked: number;
  /** Rows this run sends, or records as invalid (sending). */
  total: number;
  /** Rows done: created (an import), or removed (a removal). */
  created: number;
  /** What a done row is called: `created` unless given. */
  doneWord?: string;
  failed: number;
  uncertain: number;
  invalid: number;
  inFlight: number;
  /** ms since the sending began. */
  elapsedMs: number;
  /** ms until a slow-down the service asked for ends, or 0. */
  waitMs: number;
  /** Requests that may be in flight now, of the most --concurrency allows (sending). */
  concurrency?: { limit: number; max: number };
  /** Requests sent a second lately, retries included; unknown until a second or so has passed. */
  requestsPerSecond?: number;
}

function finishedOf(snapshot: ProgressSnapshot): number {
  return snapshot.created + snapshot.failed + snapshot.uncertain + snapshot.invalid;
}

const count = (value: number): string => value.toLocaleString('en-US');

/** "3 s", "2 min 5 s", "1 h 2 min". */
function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function rateAndEta(snapshot: ProgressSnapshot): { rate?: string; left?: string } {
  const finished = finishedOf(snapshot);
  if (finished === 0 || snapshot.elapsedMs < 500) return {};
  const perSecond = finished / (snapshot.elapsedMs / 1000);
  const remaining = Math.max(0, snapshot.total - finished);
  return { rate: `${count(Math.round(perSecond))}/s`, left: perSecond > 0 ? duration((remaining / perSecond) * 1000) : undefined };
}

function details(snapshot: ProgressSnapshot): string[] {
  const parts = [`${count(snapshot.created)} ${snapshot.doneWord ?? 'created'}`];
  if (snapshot.failed > 0) parts.push(`${count(snapshot.failed)} failed`);
  if (snapshot.uncertain > 0) parts.push(`${count(snapshot.uncertain)} uncertain`);
  if (snapshot.invalid > 0) parts.push(`${count(snapshot.invalid)} invalid`);
  return parts;
}

/** "concurrency 4/8" and "210 req/s": how the import is paced now. */
function pacing(snapshot: ProgressSnapshot): string[] {
  const parts: string[] = [];
  if (snapshot.concurrency) parts.push(`concurrency ${snapshot.concurrency.limit}/${snapshot.concurrency.max}`);
  if (snapshot.requestsPerSecond !== undefined) parts.push(`${count(Math.round(snapshot.requestsPerSecond))} req/s`);
  return parts;
}

function status(snapshot: ProgressSnapshot): string | undefined {
  if (snapshot.phase === 'stopping') return `stopping: finishing ${count(snapshot.inFlight)} in flight (Ctrl-C again quits at once)`;
  if (snapshot.waitMs > 0) return `slowed down by the service, resuming in ${duration(snapshot.waitMs)}`;
  return undefined;
}

/** The terminal line: a bar, then as much of the detail as fits in `width` columns. */
export function progressBar(snapshot: ProgressSnapshot, width: number): string {
  if (snapshot.phase === 'checking') return fit(`Checking rows: ${count(snapshot.checked)}`, width);
  const finished = finishedOf(snapshot);
  const fraction = snapshot.total > 0 ? Math.min(1, finished / snapshot.total) : 1;
  const barWidth = 20;
  const filled = Math.round(fraction * barWidth);
  const { rate, left } = rateAndEta(snapshot);
  const parts = [
    `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${count(finished)}/${count(snapshot.total)} ${Math.floor(fraction * 100)}%`,
    ...details(snapshot),
    ...(rate ? [rate] : []),
    ...(left && finished < snapshot.total ? [`${left} left`] : []),
    ...pacing(snapshot),
  ];
  const note = status(snapshot);
  if (note) parts.push(note);
  return fit(parts.join(' · '), width);
}

/** The line written every few seconds when stderr is not a terminal. */
export function progressLine(snapshot: ProgressSnapshot): string {
  if (snapshot.phase === 'checking') return `Checking rows: ${count(snapshot.checked)} so far`;
  const finished = finishedOf(snapshot);
  const percent = snapshot.total > 0 ? Math.floor((finished / snapshot.total) * 100) : 100;
  const { rate, left } = rateAndEta(snapshot);
  const speed = rate ? `; ${rate.replace('/s', ' rows/s')}${left && finished < snapshot.total ? `, about ${left} left` : ''}` : '';
  const paced = pacing(snapshot);
  const note = status(snapshot);
  return `Progress: ${count(finished)} of ${count(snapshot.total)} rows (${percent}%): ${details(snapshot).join(', ')}${speed}${paced.length > 0 ? `; ${paced.join(', ')}` : ''}${note ? `; ${note}` : ''}`;
}

/**
 * Requests a second over the last `windowMs` or so, from the running count of
 * requests sampled at each drawing: what the service sees now, not the
 * average since the start.
 */
export class RecentRate {
  readonly #windowMs: number;
  #samples: Array<{ at: number; total: number }> = [];

  constructor(windowMs = 2000) {
    this.#windowMs = windowMs;
  }

  /** Records the count at `at` (ms) and answers the rate, or undefined until 0.5 s has been seen. */
  sample(at: number, total: number): number | undefined {
    this.#samples.push({ at, total });
    // Keep one sample at or before the window's start, so the rate spans the whole window.
    while (this.#samples.length > 2 && (this.#samples[1] as { at: number }).at <= at - this.#windowMs) this.#samples.shift();
    const first = this.#samples[0] as { at: number; total: number };
    const spanMs = at - first.at;
    return spanMs >= 500 ? ((total - first.total) * 1000) / spanMs : undefined;
  }
}

function fit(line: string, width: number): string {
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
}

export interface ProgressOptions {
  /** Redraw in place (a terminal) or write a line every `intervalMs`. */
  tty: boolean;
  intervalMs?: number;
  /** Draw nothing (--quiet); warnings (say) still go out. */
  silent?: boolean;
  /** The redrawing timer (default: the system's). */
  timers?: Pick<Clock, 'setInterval' | 'clearInterval'>;
}

/** Draws the snapshot the import hands it, on a timer, until stopped. */
export class ProgressReporter {
  readonly #stream: OutputStream;
  readonly #tty: boolean;
  readonly #intervalMs: number;
  readonly #silent: boolean;
  readonly #snapshot: () => ProgressSnapshot;
  readonly #timers: Pick<Clock, 'setInterval' | 'clearInterval'>;
  #timer: TimerHandle | undefined;
  #shown = '';

  constructor(stream: OutputStream, snapshot: () => ProgressSnapshot, options: ProgressOptions) {
    this.#stream = stream;
    this.#snapshot = snapshot;
    this.#tty = options.tty;
    this.#intervalMs = options.intervalMs ?? (options.tty ? 100 : 5000);
    this.#silent = options.silent === true;
    this.#timers = options.timers ?? systemClock();
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = this.#timers.setInterval(() => this.draw(), this.#intervalMs);
  }

  draw(): void {
    if (this.#silent) return;
    const snapshot = this.#snapshot();
    if (!this.#tty) {
      this.#stream.write(`${progressLine(snapshot)}\n`);
      return;
    }
    const line = progressBar(snapshot, Math.max(20, (this.#stream.columns || 80) - 1));
    if (line === this.#shown) return;
    this.#shown = line;
    this.#stream.write(`\r${line}\u001b[K`);
  }

  /** Stops the timer; on a terminal the last state stays on its own line. */
  stop(): void {
    if (this.#timer) this.#timers.clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#tty && !this.#silent) {
      this.#shown = '';
      this.draw();
      this.#stream.write('\n');
    }
  }

  /** A line of its own (a warning), without tearing the bar. */
  say(line: string): void {
    if (this.#tty && this.#shown !== '') this.#stream.write('\r\u001b[K');
    this.#stream.write(`${line}\n`);
    this.#shown = '';
  }
}
