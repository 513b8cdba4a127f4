// Simulated time: timers wait in a queue and fire in order of their time, the
// clock jumping to each; nothing waits for real. `drive` runs a promise to its
// end, firing the next timer whenever everything else has settled.
import type { Clock, TimerHandle } from '../../src/host-clock.js';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
  every?: number;
}

/** Turns of the event loop with nothing to do before the next timer fires: enough for the fake disk and network, which answer within a turn. */
const settleTurns = 3;
/** How long real time may pass with nothing to fire before the run counts as hung. */
const realPatienceMs = 200;

export class SimClock implements Clock {
  #now: number;
  #seq = 0;
  #timers: Timer[] = [];

  constructor(start: number) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.#add({ at: this.#now + Math.max(0, ms), seq: 0, fn });
  }

  clearTimeout(handle: TimerHandle): void {
    this.#timers = this.#timers.filter((timer) => timer !== handle);
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    return this.#add({ at: this.#now + ms, seq: 0, fn, every: Math.max(1, ms) });
  }

  clearInterval(handle: TimerHandle): void {
    this.clearTimeout(handle);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = this.setTimeout(() => {
        signal?.removeEventListener('abort', abort);
        resolve();
      }, ms);
      const abort = (): void => {
        this.clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', abort, { once: true });
    });
  }

  /** Moves the clock on by `ms` without firing anything (time between two runs). */
  pass(ms: number): void {
    this.#now += ms;
    for (const timer of this.#timers) timer.at = Math.max(timer.at, this.#now);
  }

  /**
   * Runs until `work` settles, firing timers in order; `onIdle` is asked, each
   * time the clock would jump, whether to stop waiting (it returns true to stop).
   * Undefined when stopped before `work` settled.
   */
  async drive<T>(work: Promise<T>, stopAt: (now: number) => boolean): Promise<{ value: T } | undefined> {
    let done: { value: T } | { error: unknown } | undefined;
    work.then(
      (value) => (done = { value }),
      (error: unknown) => (done = { error }),
    );
    let idleSince: number | undefined;
    for (;;) {
      for (let turn = 0; turn < settleTurns && !done; turn++) await new Promise((resolve) => setImmediate(resolve));
      if (done) {
        if ('error' in done) throw done.error;
        return done;
      }
      const next = this.#timers.reduce<Timer | undefined>((first, timer) => (!first || timer.at < first.at || (timer.at === first.at && timer.seq < first.seq) ? timer : first), undefined);
      if (stopAt(next?.at ?? this.#now)) return undefined;
      if (!next) {
        // Nothing to fire: real work may still be under way (a module loading the first time); waited for, a while.
        idleSince ??= Date.now();
        if (Date.now() - idleSince > realPatienceMs) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      idleSince = undefined;
      this.#now = Math.max(this.#now, next.at);
      if (next.every) next.at = this.#now + next.every;
      else this.#timers = this.#timers.filter((timer) => timer !== next);
      next.fn();
    }
  }

  #add(timer: Timer): Timer {
    timer.seq = this.#seq += 1;
    this.#timers.push(timer);
    return timer;
  }
}
