// Fault injection: per operation, a queue of bad answers the sandbox gives
// before it answers normally again. Tests (and people trying out ipctl's
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
]);

/** `{ "<operation>" | "*": [step, …] }` */
const faultPlanSchema = z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.array(stepSchema).check(z.maxLength(1000)));

export type FaultStep = z.infer<typeof stepSchema>;
export type FaultPlanData = z.infer<typeof faultPlanSchema>;
export type FaultPlanInput = z.input<typeof faultPlanSchema>;

/** The queues of faults still to come, by operation. */
export class FaultPlan {
  readonly #queues = new Map<string, FaultStep[]>();

  /** Appends steps to each operation's queue. */
  add(plan: FaultPlanData): void {
    for (const [operation, steps] of Object.entries(plan)) {
      const queue = this.#queues.get(operation) ?? [];
      queue.push(...steps.map((step) => ({ ...step })));
      this.#queues.set(operation, queue);
    }
  }

  clear(): void {
    this.#queues.clear();
  }

  get empty(): boolean {
    return this.#queues.size === 0;
  }

  /** The next fault for a request to `operation`, if any is queued. */
  take(operation: string): FaultStep | undefined {
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

  pending(): Record<string, FaultStep[]> {
    return Object.fromEntries(this.#queues);
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
export function faultStatus(step: FaultStep): number {
  if (step.kind === 'status' || step.kind === 'html') return step.status;
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
export function performFault(step: FaultStep, req: IncomingMessage, res: ServerResponse, request: FaultRequest): void {
  // The request body is not needed; reading it keeps the connection usable.
  req.resume();
  switch (step.kind) {
    case 'status':
      return statusFault(step, res, request);
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
