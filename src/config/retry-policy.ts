// How often, and how long, a command retries: a setting (flags, the environment),
// read by config/network.ts and obeyed by api/retry.ts.

export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off. */
  retries: number;
  /** The most time, in ms, one command spends waiting between attempts. */
  maxWaitMs: number;
  /** The first backoff wait in ms; it doubles each retry, up to 16 times this. */
  backoffMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { retries: 3, maxWaitMs: 60_000, backoffMs: 500 };
export const retryLimits = { retries: 10, maxWaitSeconds: 3600, backoffSeconds: 60 } as const;
