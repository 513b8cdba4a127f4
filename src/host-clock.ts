/**
 * Time as the host hands it to ipctl: what the clock reads, waits, and timers.
 * The real one is the system's; the simulation hands in one that jumps.
 */

/** A timer, to be cleared; opaque. */
export type TimerHandle = unknown;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or rejects as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `fn` once after `ms`; a timer that is `unref`fed does not keep the process alive. */
  setTimeout(fn: () => void, ms: number, options?: { unref?: boolean }): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Calls `fn` every `ms` until cleared; never keeps the process alive. */
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** The system's timers, reading the time from `now` and waiting with `sleep` where they are given (tests give a clock that takes no time). */
export function systemClock(now?: () => Date, sleep?: Clock['sleep']): Clock {
  return {
    now: now ? () => now().getTime() : () => Date.now(),
    sleep: sleep ?? ((ms, signal) => process.getBuiltinModule('node:timers/promises').setTimeout(ms, undefined, { signal })),
    setTimeout: (fn, ms, options) => {
      const timer = setTimeout(fn, ms);
      if (options?.unref) timer.unref();
      return timer;
    },
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    setInterval: (fn, ms) => setInterval(fn, ms).unref(),
    clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
  };
}
