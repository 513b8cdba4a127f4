// The faults every API command is run against, and what each retry mode must
// make of them. Shared by the end-to-end table and the client's own tests.
import type { RetryMode } from '../../src/api/retry.js';
import type { FaultPlanInput } from '../../src/sandbox/faults.js';

export type Step = FaultPlanInput[string][number];

export interface Expectation {
  /** 'success' is the row's successExit with its output. */
  exit: 'success' | number;
  /** Requests that reach the sandbox. */
  attempts: number;
  stderr?: RegExp[];
  /** The waits before the retries, in ms, where the server names them. */
  waits?: number[];
}

export interface FaultCase {
  name: string;
  steps: Step[];
  flags?: string[];
  env?: Record<string, string>;
  expect: Record<RetryMode, Expectation>;
}

/** Retried by a safe operation; a beforeSend one stops with `stderr`. */
function retriedOnce(stderr: RegExp[], attempts = 2, waits?: number[]): Record<RetryMode, Expectation> {
  return { safe: { exit: 'success', attempts, waits }, beforeSend: { exit: 5, attempts: 1, stderr, waits: [] } };
}

function neverRetried(exit: number, stderr: RegExp[]): Record<RetryMode, Expectation> {
  return { safe: { exit, attempts: 1, stderr }, beforeSend: { exit, attempts: 1, stderr } };
}

export const faultCases: FaultCase[] = [
  { name: '429 with Retry-After: 1', steps: [{ kind: 'status', status: 429, retryAfter: 1 }], expect: retriedOnce([/Too Many Requests \(HTTP 429\)/, /Try again after \d{4}-\d\d-\d\dT[\d:]+Z/], 2, [1000]) },
  { name: '503 with a retryable problem, twice', steps: [{ kind: 'status', status: 503, retryable: true, times: 2 }], expect: retriedOnce([/Service Unavailable \(HTTP 503\)/, /Retry: yes/], 3) },
  { name: '408 Request Timeout', steps: [{ kind: 'status', status: 408 }], expect: retriedOnce([/Request Timeout \(HTTP 408\)/]) },
  { name: '429 with a Retry-After already past', steps: [{ kind: 'status', status: 429, retryAfter: 'Sat, 01 Jan 2000 00:00:00 GMT' }], expect: retriedOnce([/Too Many Requests \(HTTP 429\)/]) },
  { name: '504 without problem fields', steps: [{ kind: 'status', status: 504 }], expect: retriedOnce([/Gateway Timeout \(HTTP 504\)/]) },
  { name: 'an HTML error page (502)', steps: [{ kind: 'html', status: 502 }], expect: retriedOnce([/Bad Gateway \(HTTP 502\)/, /text\/html/, /The upstream server did not answer in time/]) },
  { name: 'a reset connection', steps: [{ kind: 'reset' }], expect: retriedOnce([/The connection to http:\/\/127\.0\.0\.1:\d+ broke before the answer/]) },
  { name: 'a body cut off halfway', steps: [{ kind: 'truncated' }], expect: retriedOnce([/broke before the answer/]) },
  { name: 'an answer that never comes (--timeout 1)', steps: [{ kind: 'hang' }], flags: ['--timeout', '1'], expect: retriedOnce([/No answer within 1 s from [A-Z]+ http/, /--timeout/]) },
  { name: '503 with retryable: false', steps: [{ kind: 'status', status: 503, retryable: false }], expect: neverRetried(5, [/Service Unavailable \(HTTP 503\)/, /Retry: no/]) },
  { name: '500 without retryable', steps: [{ kind: 'status', status: 500 }], expect: neverRetried(5, [/Internal Server Error \(HTTP 500\)/]) },
  { name: 'malformed JSON', steps: [{ kind: 'malformed' }], expect: neverRetried(1, [/was not understood: the body is not JSON \(request req_\w+\)/]) },
  { name: 'an oversized body (17 MiB, chunked)', steps: [{ kind: 'oversized' }], expect: neverRetried(1, [/larger than 16 MiB/]) },
  { name: 'an oversized body (declared length)', steps: [{ kind: 'oversized', bytes: 64 * 1024 * 1024, declareLength: true }], expect: neverRetried(1, [/larger than 16 MiB/]) },
  {
    name: 'a wait longer than the retry budget (Retry-After: 3600)',
    steps: [{ kind: 'status', status: 429, retryAfter: 3600 }],
    expect: {
      safe: { exit: 5, attempts: 1, stderr: [/Not retried: the server asks to wait 3600 s/, /Try again after \d{4}-[\d-]+T[\d:]+Z \(request req_\w+\)/, /Request ID: req_\w+/] },
      beforeSend: { exit: 5, attempts: 1, stderr: [/Try again after \d{4}-[\d-]+T[\d:]+Z \(request req_\w+\)/, /Request ID: req_\w+/] },
    },
  },
  {
    name: '503 every time, with --retries 2',
    steps: [{ kind: 'status', status: 503, retryable: true, times: 10 }],
    flags: ['--retries', '2'],
    expect: { safe: { exit: 5, attempts: 3, stderr: [/Service Unavailable \(HTTP 503\)/, /Gave up after 3 attempts\./] }, beforeSend: { exit: 5, attempts: 1, stderr: [/HTTP 503/] } },
  },
  {
    name: '503 every time, with IPCTL_RETRIES=0',
    steps: [{ kind: 'status', status: 503, retryable: true, times: 10 }],
    env: { IPCTL_RETRIES: '0' },
    expect: neverRetried(5, [/Service Unavailable \(HTTP 503\)/]),
  },
];

