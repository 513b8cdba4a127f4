import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { afterEach } from 'vitest';
import { useResource } from './lifetime.js';
import { listenOnLoopback } from './loopback.js';

/**
 * An HTTP proxy in front of a real sandbox that answers some
 * connections:generate requests itself: a 429 with Retry-After, a 503 problem,
 * a refusal, or no answer at all (held until the test releases it). Every
 * other request goes straight through. Tests point ipctl's base URL at it.
 */

/** What the proxy does with one connections:generate request. */
export type Fault =
  | { kind: 'pass' }
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body: Record<string, unknown> }
  /** Neither forwarded nor answered until release(). */
  | { kind: 'hold' };

/** Decides per request: `n` counts generate requests from 1; `body` is the request body as sent. */
export type FaultRule = (request: { n: number; body: Record<string, unknown> }) => Fault;

export interface Arrival {
  n: number;
  /** performance.now() when the request had fully arrived. */
  at: number;
  groupRef: unknown;
  fault: Fault['kind'];
  status?: number;
}

interface Held {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  res: ServerResponse;
}

export interface FaultProxy {
  /** Base URL for ipctl (with /v1). */
  baseUrl: string;
  /** A new rule; the request count (n) starts again from 1, and the arrivals list is emptied. */
  setRule(rule: FaultRule | undefined): void;
  arrivals: Arrival[];
  heldCount(): number;
  /** Sends the held requests on to the sandbox (answering the client if it is still there), or drops them unanswered. */
  release(mode: 'forward' | 'drop', count?: number): Promise<void>;
  close(): Promise<void>;
}

const generatePath = /\/connections:generate$/;

export async function startFaultProxy(sandboxBaseUrl: string): Promise<FaultProxy> {
  const target = new URL(sandboxBaseUrl);
  const agent = new Agent({ keepAlive: true });
  let rule: FaultRule | undefined;
  let count = 0;
  const arrivals: Arrival[] = [];
  const held: Held[] = [];

  /**
   * Forwards one request to the sandbox over a kept-alive connection. When the
   * sandbox closed an idle connection just as it was reused, the request never
   * reached it, and is sent again on a new one (as Node's http documentation
   * advises): the race belongs to this test proxy, not to what ipctl is tested for.
   */
  const forward = (method: string, path: string, headers: IncomingMessage['headers'], body: Buffer, retried = false): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        { host: target.hostname, port: target.port, method, path, headers: { ...headers, host: target.host, connection: 'keep-alive' }, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const kept: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === 'string' && !['connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) kept[name] = value;
            }
            resolve({ status: response.statusCode ?? 502, headers: kept, body: Buffer.concat(chunks) });
          });
          response.on('error', reject);
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (outgoing.reusedSocket && error.code === 'ECONNRESET' && !retried) forward(method, path, headers, body, true).then(resolve, reject);
        else reject(error);
      });
      outgoing.end(body);
    });

  const answer = (res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer): void => {
    if (res.destroyed || res.headersSent) return;
    res.writeHead(status, { ...headers, 'content-length': String(body.length) });
    res.end(body);
  };

  const passOn = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const response = await forward(req.method ?? 'GET', req.url ?? '/', req.headers, body);
    answer(res, response.status, response.headers, response.body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isGenerate = req.method === 'POST' && generatePath.test(req.url ?? '');
      if (!isGenerate) {
        passOn(req, res, body).catch(() => res.destroy());
        return;
      }
      count += 1;
      const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      const fault = rule?.({ n: count, body: parsed }) ?? { kind: 'pass' };
      arrivals.push({ n: count, at: performance.now(), groupRef: parsed.groupRef, fault: fault.kind, ...(fault.kind === 'answer' ? { status: fault.status } : {}) });
      if (fault.kind === 'hold') held.push({ path: req.url ?? '/', headers: req.headers, body, res });
      else if (fault.kind === 'answer') answer(res, fault.status, { 'content-type': 'application/problem+json', ...fault.headers }, Buffer.from(JSON.stringify(fault.body)));
      else passOn(req, res, body).catch(() => res.destroy());
    });
  });
  const listening = await listenOnLoopback(server);

  return {
    baseUrl: `http://127.0.0.1:${listening.port}${target.pathname}`,
    setRule: (next) => {
      rule = next;
      count = 0;
      arrivals.length = 0;
    },
    arrivals,
    heldCount: () => held.length,
    async release(mode, limit = held.length) {
      const taken = held.splice(0, limit);
      for (const item of taken) {
        if (mode === 'drop') {
          item.res.destroy();
          continue;
        }
        // The sandbox acts on it even when the client that sent it is gone.
        const response = await forward('POST', item.path, item.headers, item.body);
        answer(item.res, response.status, response.headers, response.body);
      }
    },
    close: async () => {
      for (const item of held.splice(0)) item.res.destroy();
      agent.destroy();
      await listening.close();
    },
  };
}

/** A 429 as a rate limiter sends it: Retry-After in seconds. */
export function tooManyRequests(retryAfterSeconds: number): Fault {
  return {
    kind: 'answer',
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Rate limit exceeded; slow down.', retryable: true },
  };
}

/** A 503 problem that says when to come back (retryAfter, RFC 3339), and no header. */
export function unavailable(retryAfterMs: number): Fault {
  return {
    kind: 'answer',
    status: 503,
    body: { title: 'Service Unavailable', status: 503, detail: 'Briefly overloaded.', retryable: true, retryAfter: new Date(Date.now() + retryAfterMs).toISOString() },
  };
}

export function refused(status: number, detail: string): Fault {
  return { kind: 'answer', status, body: { title: status === 409 ? 'Conflict' : 'Unprocessable Content', status, detail, requestId: 'req_injected' } };
}

/**
 * A fault proxy in front of the file's sandbox for the whole test file: started
 * before the first test, with no rule and nothing held after each, closed after the last.
 */
export function useFaultProxy(sandboxBaseUrl: () => string): FaultProxy {
  const proxy = useResource(() => startFaultProxy(sandboxBaseUrl()), (started) => started.close(), 'all');
  afterEach(async () => {
    proxy.setRule(undefined);
    await proxy.release('drop');
  });
  return proxy;
}
