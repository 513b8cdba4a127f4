/**
 * The gate every request of a bulk import passes: at most `limit` requests in
 * flight, and none while the service has asked everyone to wait. One worker's
 * 429 or retryable problem pauses all of them (until the Retry-After the
 * service gave, or an exponential backoff) and halves how many may be in
 * flight; successes win the slots back one at a time (additive increase,
 * multiplicative decrease). With a rate, requests also go out evenly spaced,
 * at most that many a second, retries included.
 */
import { setMaxListeners } from 'node:events';
import { type Clock as HostClock, systemClock } from '../../host-clock.js';

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or early (without throwing) when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** The gate's view of the host's clock: a wait cut short by the stop signal ends quietly. */
export function gateClock(clock: HostClock): Clock {
  return { now: () => clock.now(), sleep: (ms, signal) => clock.sleep(ms, signal).catch(() => undefined) };
}

/** Held while a request is in flight; `epoch` tells whether it was sent before the last slow-down. */
export interface Ticket {
  epoch: number;
}

/** Without a Retry-After: 0.5 s, doubling per throttled answer in a row, to 30 s. */
const firstBackoffMs = 500;
const maxBackoffMs = 30_000;

/** With a rate, how much of a request's lateness the next ones may make up, at most (see #nextSlotAfter). */
const maxRateToleranceMs = 25;

export class SendGate {
  readonly max: number;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #stop = new AbortController();
  #limit: number;
  #active = 0;
  #pausedUntil = 0;
  #epoch = 0;
  #successes = 0;
  #throttledInARow = 0;
  #waiters: Array<() => void> = [];
  /** ms between two requests, with a rate; 0 without. */
  readonly #spacingMs: number;
  /** The earliest time the next request may go out (with a rate). */
  #nextSendAt = 0;
  #given = 0;

  /** `perSecond`: at most this many requests a second (--rate), evenly spaced; none given: no cap. */
  constructor(max: number, clock: Clock = gateClock(systemClock()), random: () => number = Math.random, perSecond?: number) {
    this.max = max;
    this.#limit = max;
    this.#clock = clock;
    this.#random = random;
    this.#spacingMs = perSecond === undefined ? 0 : 1000 / perSecond;
    // Every worker may be asleep on the stop signal at once (a pause, or waiting its turn under a rate): one
    // listener each, not a leak for Node to warn about on stderr beyond 10.
    setMaxListeners(Math.max(10, max + 1), this.#stop.signal);
  }

  /** Requests let through so far (every ticket is one request, retries included). */
  get requests(): number {
    return this.#given;
  }

  /** How many requests may be in flight now. */
  get limit(): number {
    return this.#limit;
  }

  get active(): number {
    return this.#active;
  }

  /** When the current pause ends (ms since the epoch), or 0. */
  get pausedUntil(): number {
    return this.#pausedUntil > this.#clock.now() ? this.#pausedUntil : 0;
  }

  get stopped(): boolean {
    return this.#stop.signal.aborted;
  }

  /** Waits for a free slot outside any pause. Undefined once the gate is stopped: send nothing more. */
  async acquire(): Promise<Ticket | undefined> {
    for (;;) {
      if (this.stopped) return undefined;
      const wait = this.#pausedUntil - this.#clock.now();
      if (wait > 0) {
        await this.#clock.sleep(wait, this.#stop.signal);
        continue;
      }
      if (this.#active >= this.#limit) {
        await new Promise<void>((resolve) => this.#waiters.push(resolve));
        continue;
      }
      const early = this.#nextSendAt - this.#clock.now();
      if (early > 0) {
        await this.#clock.sleep(early, this.#stop.signal);
        continue;
      }
      return this.#give();
    }
  }

  #give(): Ticket {
    this.#active += 1;
    this.#given += 1;
    if (this.#spacingMs > 0) this.#nextSendAt = this.#nextSlotAfter(this.#clock.now()) + this.#spacingMs;
    return { epoch: this.#epoch };
  }

  /**
   * The time the request let through at `now` counts as sent, for spacing the next. A request let through late
   * (a busy event loop, a slot freed late) lets the next ones make up the lateness, by at most half a spacing
   * (25 ms at most): no second holds more than the rate and one. After a quiet spell, spacing starts over from now.
   */
  #nextSlotAfter(now: number): number {
    if (now - this.#nextSendAt > this.#spacingMs) return now;
    return Math.max(this.#nextSendAt, now - Math.min(maxRateToleranceMs, this.#spacingMs / 2));
  }

  /** The request of `ticket` has ended, whatever its answer. */
  release(): void {
    this.#active -= 1;
    this.#wake();
  }

  /** A request was answered (not throttled): the backoff resets, and slots come back one per `limit` successes. */
  succeeded(): void {
    this.#throttledInARow = 0;
    this.#successes += 1;
    if (this.#successes >= this.#limit && this.#limit < this.max) {
      this.#limit += 1;
      this.#successes = 0;
      this.#wake();
    }
  }

  /**
   * The service asked to slow down (429, 503, a retryable problem) or could not
   * be reached. Everyone waits `retryAfterMs` (or the backoff; the sender
   * keeps either within the waiting budget); the limit halves
   * once per slow-down, not once per request that was already in flight.
   * Returns how long the pause is from now.
   */
  throttled(ticket: Ticket, retryAfterMs?: number): number {
    const backoff = Math.min(maxBackoffMs, firstBackoffMs * 2 ** this.#throttledInARow) * (0.8 + 0.4 * this.#random());
    this.#throttledInARow += 1;
    const delay = retryAfterMs ?? backoff;
    const now = this.#clock.now();
    this.#pausedUntil = Math.max(this.#pausedUntil, now + delay);
    if (ticket.epoch === this.#epoch) {
      this.#limit = Math.max(1, Math.floor(this.#limit / 2));
      this.#epoch += 1;
      this.#successes = 0;
    }
    this.#wake();
    return this.#pausedUntil - now;
  }

  /** No more slots are given out; waiting acquirers get undefined. */
  stop(): void {
    this.#stop.abort();
    this.#wake();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
