/**
 * Progress of a bulk import on stderr. On a terminal, one line redrawn in
 * place (a bar, the counts, the rate and the time left, how many requests may
 * be in flight and how many go out a second); elsewhere (CI, a log file) a
 * plain line every few seconds, so logs stay readable.
 */
import type { OutputStream } from '../../deps.js';
import { formatCount } from '../../output/count.js';
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

const count = formatCount;

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

/** What the finished rows are: "1,400 created", then the failed, uncertain and invalid ones there are. */
function details(snapshot: ProgressSnapshot): LinePart[] {
  const parts: LinePart[] = [{ kind: 'done', text: `${count(snapshot.created)} ${snapshot.doneWord ?? 'created'}` }];
  for (const kind of ['failed', 'uncertain', 'invalid'] as const) if (snapshot[kind] > 0) parts.push({ kind, text: `${count(snapshot[kind])} ${kind}` });
  return parts;
}

/** "concurrency 4/8" and "210 req/s": how the import is paced now. */
function pacing(snapshot: ProgressSnapshot): LinePart[] {
  const parts: LinePart[] = [];
  if (snapshot.concurrency) parts.push({ kind: 'concurrency', text: `concurrency ${snapshot.concurrency.limit}/${snapshot.concurrency.max}` });
  if (snapshot.requestsPerSecond !== undefined) parts.push({ kind: 'req/s', text: `${count(snapshot.requestsPerSecond)} req/s` });
  return parts;
}

function status(snapshot: ProgressSnapshot): string | undefined {
  if (snapshot.phase === 'stopping') return `stopping: finishing ${count(snapshot.inFlight)} in flight (Ctrl-C again quits at once)`;
  if (snapshot.waitMs > 0) return `slowed down by the service, resuming in ${duration(snapshot.waitMs)}`;
  return undefined;
}

/**
 * What goes first as the width shrinks, to what goes last: the pacing, then
 * the rate, then the time left, as a person watching needs them least to most.
 * Before the time left also go the bar, the rows done and the percentage,
 * which the count says again; after it, what a person must act on (invalid,
 * uncertain, failed), then a status (stopping, slowed down). The count itself
 * is never dropped.
 */
const dropOrder = ['req/s', 'concurrency', 'rate', 'bar', 'done', 'percent', 'left', 'invalid', 'uncertain', 'failed', 'status', 'label'] as const;
type PartKind = (typeof dropOrder)[number] | 'count';

interface LinePart {
  kind: PartKind;
  text: string;
}

/** The bar is drawn 20 wide, and narrowed down to 10 before anything else goes. */
const barWidths = { most: 20, least: 10 };

function barParts(snapshot: ProgressSnapshot): LinePart[] {
  if (snapshot.phase === 'checking') return [{ kind: 'label', text: 'Checking rows:' }, { kind: 'count', text: count(snapshot.checked) }];
  const finished = finishedOf(snapshot);
  const { rate, left } = rateAndEta(snapshot);
  const part = (kind: PartKind, text: string | undefined): LinePart[] => (text ? [{ kind, text }] : []);
  return [
    ...part('bar', '[]'),
    ...part('count', `${count(finished)}/${count(snapshot.total)}`),
    ...part('percent', `${Math.floor(fractionDone(snapshot) * 100)}%`),
    ...details(snapshot),
    ...part('rate', rate),
    ...part('left', left && finished < snapshot.total ? `${left} left` : undefined),
    ...pacing(snapshot),
    ...part('status', status(snapshot)),
  ];
}

function fractionDone(snapshot: ProgressSnapshot): number {
  return snapshot.total > 0 ? Math.min(1, finishedOf(snapshot) / snapshot.total) : 1;
}

/** The parts as one line, the bar `barWidth` wide; the bar, the count and the percentage are set apart by spaces only. */
function joinParts(parts: LinePart[], snapshot: ProgressSnapshot, barWidth: number): string {
  let line = '';
  for (const part of parts) {
    const text = part.kind === 'bar' ? drawBar(fractionDone(snapshot), barWidth) : part.text;
    const glue = line === '' ? '' : part.kind === 'count' || part.kind === 'percent' ? ' ' : ' · ';
    line += `${glue}${text}`;
  }
  return line;
}

function drawBar(fraction: number, width: number): string {
  const filled = Math.round(fraction * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

/**
 * The terminal line: as much as fits in `width` columns, the parts dropped in
 * dropOrder until it fits; the count is never dropped, nor cut, even when it
 * alone is wider. A pure function of the snapshot and the width.
 */
export function progressBar(snapshot: ProgressSnapshot, width: number): string {
  let parts = barParts(snapshot);
  for (const next of dropOrder) {
    const line = joinParts(parts, snapshot, barWidths.most);
    if (line.length <= width) return line;
    const narrowed = barWidths.most - (line.length - width);
    if (parts.some((part) => part.kind === 'bar') && narrowed >= barWidths.least) return joinParts(parts, snapshot, narrowed);
    parts = parts.filter((part) => part.kind !== next);
  }
  return joinParts(parts, snapshot, barWidths.most);
}

/** The line written every few seconds when stderr is not a terminal. */
export function progressLine(snapshot: ProgressSnapshot): string {
  if (snapshot.phase === 'checking') return `Checking rows: ${count(snapshot.checked)} so far`;
  const finished = finishedOf(snapshot);
  const percent = snapshot.total > 0 ? Math.floor((finished / snapshot.total) * 100) : 100;
  const { rate, left } = rateAndEta(snapshot);
  const speed = rate ? `; ${rate.replace('/s', ' rows/s')}${left && finished < snapshot.total ? `, about ${left} left` : ''}` : '';
  const paced = pacing(snapshot).map((part) => part.text);
  const note = status(snapshot);
  return `Progress: ${count(finished)} of ${count(snapshot.total)} rows (${percent}%): ${details(snapshot).map((part) => part.text).join(', ')}${speed}${paced.length > 0 ? `; ${paced.join(', ')}` : ''}${note ? `; ${note}` : ''}`;
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
    // Three columns to spare: the `^C` a terminal echoes after the line must not wrap it onto a second row,
    // which the next `\r` could not reach, leaving a stale copy of the bar above the summary.
    const line = progressBar(snapshot, Math.max(20, (this.#stream.columns || 80) - 3));
    if (line === this.#shown) return;
    this.#shown = line;
    this.#stream.write(`\r${line}\u001b[K`);
  }

  /**
   * Stops the timer; on a terminal the last state stays on its own line,
   * drawn over the bar and over whatever the terminal echoed after it (`^C`).
   */
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
