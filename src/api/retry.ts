// When and how long to wait before repeating a request. Pure functions, so the
// client's retry loop stays short and every rule here can be tested on its own.
import type { RetryPolicy } from '../config/retry-policy.js';
import { ApiError, NetworkError, type Problem } from '../errors.js';

/**
 * How an operation may be repeated (the `retry` field of operations.ts):
 * - `safe`: repeating it has the same effect as sending it once (GET, search,
 *   the destination PATCH). Retried on network errors and timeouts, on 408
 *   (the server timed out waiting for the request: a network failure, said
 *   by the server), 429, 502, 503 and 504, and on any problem with
 *   `retryable: true`.
 * - `beforeSend`: repeating it could do the work twice (connections:generate).
 *   Retried only when the request cannot have reached the server: the
 *   connection (or the proxy tunnel) was never established.
 */
export type RetryMode = 'safe' | 'beforeSend';


const retryableStatuses = new Set([408, 429, 502, 503, 504]);
const backoffCeilingFactor = 16;

/** Whether the request reached the server: `no` means it certainly did not. */
export type Delivery = 'no' | 'maybe';

/**
 * A network failure, with what the retry rules need: whether the request
 * may have reached the server (NetworkError's maybeSent, for the bulk import
 * too), and whether trying again can help.
 */
export class TransportError extends NetworkError {
  readonly delivery: Delivery;
  readonly transient: boolean;
  readonly reason: string;

  constructor(
    message: string,
    hint: string | undefined,
    failure: {
      delivery: Delivery;
      transient: boolean;
      /** Short reason for traces, such as "ECONNRESET" or "timeout". */
      reason: string;
      /** The system or undici code, when there was one. */
      code?: string;
    },
  ) {
    super(message, hint, failure.code, failure.delivery !== 'no');
    this.delivery = failure.delivery;
    this.transient = failure.transient;
    this.reason = failure.reason;
  }
}

export function mayRetry(mode: RetryMode, failure: unknown): boolean {
  if (failure instanceof TransportError) return failure.transient && (mode === 'safe' || failure.delivery === 'no');
  if (!(failure instanceof ApiError) || mode !== 'safe') return false;
  if (failure.problem.retryable === false) return false;
  return failure.problem.retryable === true || retryableStatuses.has(failure.status);
}

/**
 * How long the server asked to wait, in ms from now: the later of the
 * Retry-After header (seconds or an HTTP date) and the problem's retryAfter
 * (a date-time). Undefined when it asked for nothing readable: a negative
 * number, or a time already past (a server whose clock is wrong), is read as
 * no answer at all, so the caller backs off instead of sending again at once.
 */
export function requestedWaitMs(retryAfterHeader: string | undefined, problem: Problem, now: Date): number | undefined {
  const waits = [headerWaitMs(retryAfterHeader, now), dateWaitMs(problem.retryAfter, now)].filter(
    (wait): wait is number => wait !== undefined && wait >= 0,
  );
  return waits.length === 0 ? undefined : Math.max(...waits);
}

/** An HTTP date names its month (IMF-fixdate, RFC 850 and asctime forms alike). */
const httpDate = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/i;
const rfc3339 = /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d/;

function headerWaitMs(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  return httpDate.test(text) ? dateWaitMs(text, now) : undefined;
}

function dateWaitMs(value: string | undefined, now: Date): number | undefined {
  if (typeof value !== 'string' || !(rfc3339.test(value) || httpDate.test(value))) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time - now.getTime();
}

/**
 * Exponential backoff with "equal jitter": half of the step is fixed, so
 * retries never come back at once, half is random, so many clients spread out.
 */
export function backoffWaitMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const step = Math.min(policy.backoffMs * 2 ** (retry - 1), policy.backoffMs * backoffCeilingFactor);
  return Math.round(step / 2 + (random() * step) / 2);
}

export function formatSeconds(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
