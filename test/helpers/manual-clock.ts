import type { Clock } from '../../src/connections/bulk/gate.js';

/** A clock that moves only when the test says so: sleepers wake as it passes their time. */
export class ManualClock implements Clock {
  time = 1_000_000;
  readonly #sleepers: Array<{ until: number; wake: () => void }> = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        signal.removeEventListener('abort', wake);
        resolve();
      };
      this.#sleepers.push({ until: this.time + ms, wake });
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  /** Moves the clock on by `ms`, waking each sleeper whose time has come, then lets their callbacks run. */
  async advance(ms: number): Promise<void> {
    this.time += ms;
    for (const sleeper of this.#sleepers.splice(0)) {
      if (sleeper.until <= this.time) sleeper.wake();
      else this.#sleepers.push(sleeper);
    }
    await settle();
  }
}

/** Lets every pending promise callback run. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 20; round++) await Promise.resolve();
}
