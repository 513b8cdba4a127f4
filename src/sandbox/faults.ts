// Fault injection: per operation, a queue of bad answers the sandbox gives
// before it answers normally again, and rate limits that hold for as long as
// the plan is loaded. Tests (and people trying out ipctl's
// retries) load a plan with `ipctl sandbox --faults FILE`, or at run time with
// POST /_sandbox/faults from the same machine.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closestName } from '../input/closest.js';
import * as z from '../schema/zod.js';
import { PROBLEM_CONTENT_TYPE, toProblemDetails } from './problems.js';
import { apiRoutes } from './routes/index.js';

export const FAULTS_PATH = '/_sandbox/faults';
/** The key of a queue that applies to every operation (after the operation's own queue). */
const ANY_OPERATION = '*';

const times = z._default(z.number().check(z.int(), z.minimum(1), z.maximum(1000)), 1);
const seconds = z.number().check(z.minimum(0), z.maximum(86_400));
const shortText = z.string().check(z.maxLength(100));
const httpStatus = z.number().check(z.int(), z.minimum(400), z.maximum(599));

const stepSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('status'),
    status: httpStatus,
    /** Retry-After header: seconds, or the header text as is (an HTTP date). */
    retryAfter: z.optional(z.union([seconds, shortText])),
    /** The problem's `retryable`. */
    retryable: z.optional(z.boolean()),
    /** The problem's `retryAfter`: seconds from the answer, or a date-time as is. */
    problemRetryAfter: z.optional(z.union([seconds, shortText])),
    times,
  }),
  /** The connection is reset (TCP RST) without an answer. */
  z.strictObject({ kind: z.literal('reset'), times }),
  /** No answer ever comes; the connection stays open until the client gives up. */
  z.strictObject({ kind: z.literal('hang'), times }),
  /** 200 with a JSON body cut off halfway: Content-Length promises more, then the connection closes. */
  z.strictObject({ kind: z.literal('truncated'), times }),
  /** 200, Content-Type application/json, and a body that is not JSON. */
  z.strictObject({ kind: z.literal('malformed'), times }),
  /** An HTML error page, as a proxy or load balancer sends. */
  z.strictObject({ kind: z.literal('html'), status: z._default(httpStatus, 502), times }),
  /** 200 with a body of `bytes` bytes, sent chunked (no Content-Length) unless `declareLength`. */
  z.strictObject({
    kind: z.literal('oversized'),
    bytes: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(256 * 1024 * 1024)), 17 * 1024 * 1024),
    declareLength: z._default(z.boolean(), false),
    times,
  }),
  /** Not queued: while the plan is loaded, a credential's requests beyond `perSecond` in any second answer 429. */
  z.strictObject({ kind: z.literal('rate-limit'), perSecond: z.number().check(z.int(), z.minimum(1), z.maximum(100_000)) }),
]);

/** `{ "<operation>" | "*": [step, …] }` */
const faultPlanSchema = z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.array(stepSchema).check(z.maxLength(1000)));

export type FaultStep = z.infer<typeof stepSchema>;
type QueuedStep = Exclude<FaultStep, { kind: 'rate-limit' }>;
/** A request over a rate limit, and when the window has room again (ms since the epoch). */
export interface RateLimited {
  kind: 'rate-limit';
  perSecond: number;
  retryAt: number;
}
/** What a request gets instead of its answer. */
export type FaultAnswer = QueuedStep | RateLimited;
export type FaultPlanData = z.infer<typeof faultPlanSchema>;
export type FaultPlanInput = z.input<typeof faultPlanSchema>;

/**
 * One rate limit: the requests each credential had let through in the last
 * second. A sliding window, so no second, wherever it starts, holds more than
 * `perSecond` of them; requests answered 429 do not count.
 */
class RateLimit {
  readonly perSecond: number;
  readonly #windows = new Map<string, { times: number[]; first: number }>();

  constructor(perSecond: number) {
    this.perSecond = perSecond;
  }

  /** When `credential`'s window has room again, or undefined when it has room at `now`. */
  fullUntil(credential: string, now: number): number | undefined {
    const window = this.#windows.get(credential);
    if (!window) return undefined;
    while (window.first < window.times.length && (window.times[window.first] as number) <= now - 1000) window.first += 1;
    if (window.first > 1024 && window.first * 2 > window.times.length) {
      window.times = window.times.slice(window.first);
      window.first = 0;
    }
    if (window.times.length - window.first < this.perSecond) return undefined;
    return (window.times[window.first] as number) + 1000;
  }

  admit(credential: string, now: number): void {
    const window = this.#windows.get(credential) ?? { times: [], first: 0 };
    window.times.push(now);
    this.#windows.set(credential, window);
  }
}

/** The queues of faults still to come, and the rate limits, by operation. */
export class FaultPlan {
  readonly #queues = new Map<string, QueuedStep[]>();
  readonly #limits = new Map<string, RateLimit>();

  /** Appends steps to each operation's queue; a rate limit replaces the operation's earlier one. */
  add(plan: FaultPlanData): void {
    for (const [operation, steps] of Object.entries(plan)) {
      const queue = this.#queues.get(operation) ?? [];
      for (const step of steps) {
        if (step.kind === 'rate-limit') this.#limits.set(operation, new RateLimit(step.perSecond));
        else queue.push({ ...step });
      }
      if (queue.length > 0) this.#queues.set(operation, queue);
    }
  }

  clear(): void {
    this.#queues.clear();
    this.#limits.clear();
  }

  get empty(): boolean {
    return this.#queues.size === 0 && this.#limits.size === 0;
  }

  /**
   * What a request to `operation` with `credential` (the API key or token it
   * presented, '' for none) gets instead of its answer: the next queued fault,
   * else a 429 if it is over a rate limit (its operation's or "*"'s).
   */
  next(operation: string, credential: string, now: number): FaultAnswer | undefined {
    return this.take(operation) ?? this.#rateLimited(operation, credential, now);
  }

  #rateLimited(operation: string, credential: string, now: number): RateLimited | undefined {
    const limits = [operation, ANY_OPERATION].map((key) => this.#limits.get(key)).filter((limit) => limit !== undefined);
    let over: RateLimited | undefined;
    for (const limit of limits) {
      const retryAt = limit.fullUntil(credential, now);
      if (retryAt !== undefined && (!over || retryAt > over.retryAt)) over = { kind: 'rate-limit', perSecond: limit.perSecond, retryAt };
    }
    if (!over) for (const limit of limits) limit.admit(credential, now);
    return over;
  }

  /** The next fault for a request to `operation`, if any is queued. */
  take(operation: string): QueuedStep | undefined {
    for (const key of [operation, ANY_OPERATION]) {
      const queue = this.#queues.get(key);
      const step = queue?.[0];
      if (!queue || !step) continue;
      step.times -= 1;
      if (step.times <= 0) queue.shift();
      if (queue.length === 0) this.#queues.delete(key);
      return { ...step, times: 1 };
    }
    return undefined;
  }

  /** The queued steps, and each rate limit first in its operation's list. */
  pending(): Record<string, FaultStep[]> {
    const pending: Record<string, FaultStep[]> = {};
    for (const [operation, limit] of this.#limits) pending[operation] = [{ kind: 'rate-limit', perSecond: limit.perSecond }];
    for (const [operation, queue] of this.#queues) pending[operation] = [...(pending[operation] ?? []), ...queue];
    return pending;
  }
}

/**
 * Parses a plan (from a file or a control request); the error lists every
 * problem. A fault for an operation the sandbox does not have could never be
 * injected, so the test meant to prove it would pass without testing anything:
 * it is refused, with the operations there are, the closest first.
 */
export function parseFaultPlan(value: unknown): { plan: FaultPlanData } | { problems: string[] } {
  const parsed = faultPlanSchema.safeParse(value);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`) };
  const operations = apiRoutes.map((route) => route.operation);
  const unknown = Object.keys(parsed.data).filter((name) => name !== ANY_OPERATION && !operations.includes(name));
  if (unknown.length === 0) return { plan: parsed.data };
  return { problems: unknown.map((name) => `${name}: the sandbox has no such operation; it has ${closestFirst(name, operations).join(', ')} (or ${ANY_OPERATION} for any)`) };
}

function closestFirst(name: string, operations: string[]): string[] {
  const closest = closestName(name, operations);
  return closest === undefined ? operations : [closest, ...operations.filter((operation) => operation !== closest)];
}

/** Whether a peer address is this machine (127.0.0.0/8 or ::1, also IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));
}

/** The status a fault's answer carries, for the request log (0: no answer at all). */
export function faultStatus(step: FaultAnswer): number {
  if (step.kind === 'status' || step.kind === 'html') return step.status;
  if (step.kind === 'rate-limit') return 429;
  if (step.kind === 'reset' || step.kind === 'hang') return 0;
  return 200;
}

export interface FaultRequest {
  requestId: string;
  now: Date;
}

const statusTitles: Record<number, string> = {
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Answers (or does not answer) as the fault says. */
export function performFault(step: FaultAnswer, req: IncomingMessage, res: ServerResponse, request: FaultRequest): void {
  // The request body is not needed; reading it keeps the connection usable.
  req.resume();
  switch (step.kind) {
    case 'status':
      return statusFault(step, res, request);
    case 'rate-limit':
      return rateLimitAnswer(step, res, request);
    case 'reset':
      req.socket.resetAndDestroy();
      return;
    case 'hang':
      return;
    case 'truncated': {
      const body = JSON.stringify({ id: 'truncated', detail: 'x'.repeat(512) });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'X-Request-Id': request.requestId });
      res.write(body.slice(0, body.length / 2), () => res.destroy());
      return;
    }
    case 'malformed':
      return send(res, 200, 'application/json', '{"id": "malformed", "label": ', request.requestId);
    case 'html':
      return send(res, step.status, 'text/html; charset=utf-8', htmlPage(step.status), request.requestId);
    case 'oversized':
      return oversized(step.bytes, step.declareLength, res, request.requestId);
  }
}

function statusFault(step: Extract<FaultStep, { kind: 'status' }>, res: ServerResponse, request: FaultRequest): void {
  const title = statusTitles[step.status] ?? 'Injected Fault';
  const retryAfter = typeof step.problemRetryAfter === 'number' ? new Date(request.now.getTime() + step.problemRetryAfter * 1000).toISOString() : step.problemRetryAfter;
  const details = {
    ...toProblemDetails(
      {
        status: step.status,
        kind: 'injected-fault',
        title,
        detail: `The sandbox answered ${step.status} ${title} because a fault was injected for this operation.`,
        ...(step.retryable !== undefined ? { retryable: step.retryable } : {}),
      },
      { requestId: request.requestId, time: request.now },
    ),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
  const headers: Record<string, string> = {};
  if (step.retryAfter !== undefined) headers['Retry-After'] = String(step.retryAfter);
  send(res, step.status, PROBLEM_CONTENT_TYPE, JSON.stringify(details), request.requestId, headers);
}

/** 429 with Retry-After (whole seconds, rounded up) and the problem's retryAfter (the exact time). */
function rateLimitAnswer(limited: RateLimited, res: ServerResponse, request: FaultRequest): void {
  const waitMs = Math.max(0, limited.retryAt - request.now.getTime());
  const details = {
    ...toProblemDetails(
      {
        status: 429,
        kind: 'rate-limited',
        title: 'Too Many Requests',
        detail: `More than ${limited.perSecond} requests a second were sent with this credential; this one was not handled.`,
        remedy: 'Send fewer requests a second, and send this one again after the time in Retry-After.',
        retryable: true,
      },
      { requestId: request.requestId, time: request.now },
    ),
    retryAfter: new Date(limited.retryAt).toISOString(),
  };
  send(res, 429, PROBLEM_CONTENT_TYPE, JSON.stringify(details), request.requestId, { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) });
}

function send(res: ServerResponse, status: number, contentType: string, body: string, requestId: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': requestId,
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function htmlPage(status: number): string {
  const title = `${status} ${statusTitles[status] ?? 'Error'}`;
  return `<!DOCTYPE html>\n<html><head><title>${title}</title><style>body{font-family:sans-serif}</style></head>\n<body><h1>${title}</h1><p>The upstream server did not answer in time. Please try again later.</p><hr><address>edge-proxy</address></body></html>\n`;
}

/** Streams `bytes` bytes of a JSON array, respecting back-pressure, until done or the client leaves. */
function oversized(bytes: number, declareLength: boolean, res: ServerResponse, requestId: string): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...(declareLength ? { 'Content-Length': String(bytes) } : {}) });
  const chunk = Buffer.from(`"${'x'.repeat(64 * 1024 - 3)}",`);
  let sent = 0;
  const pump = (): void => {
    while (sent < bytes && !res.destroyed) {
      const piece = sent === 0 ? Buffer.concat([Buffer.from('['), chunk]).subarray(0, Math.min(chunk.length, bytes)) : chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}
