// An HTTP test layer in the style of gh's httpmock: register a stub per method
// and path, point ipctl at it, and check afterwards that every stub was used
// (and nothing unregistered was asked for). The stubs answer over real HTTP on
// 127.0.0.1, so ipctl's whole client path runs, in this process or spawned.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback.js';
import { useResource } from './lifetime.js';

export interface StubAnswer {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON (application/problem+json for a status of 400 or more, unless headers say otherwise). */
  json?: unknown;
  /** Sent as it is (bytes too: a compressed body, say). */
  body?: string | Uint8Array;
  /** Instead of an answer: close the connection at once. */
  reset?: boolean;
  /** Instead of an answer: never answer. */
  hang?: boolean;
}

interface Stub {
  method: string;
  path: string;
  answer: StubAnswer;
  calls: number;
}

export interface ReceivedRequest {
  method: string;
  /** The request target as it came, path and query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The request body as text, complete once the stub has answered. */
  body: string;
}

export interface HttpStubs {
  /** `http://127.0.0.1:PORT/v1`, the base URL to give ipctl. */
  baseUrl: string;
  /** Every request that arrived, stubbed or not, in order. */
  received: ReceivedRequest[];
  /** Answers the next request for `METHOD /path` (the path without the /v1 prefix) with `answer`; once each. */
  register(method: string, path: string, answer: StubAnswer): void;
  /** Throws unless every registered stub was used, and no request came that none answered. */
  verify(): void;
  close(): Promise<void>;
}

/** Listens on `port` when given (rejecting when it is taken), else on a free one. */
export async function startHttpStubs(port = 0): Promise<HttpStubs> {
  const stubs: Stub[] = [];
  const unmatched: string[] = [];
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const entry: ReceivedRequest = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: '' };
    received.push(entry);
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (entry.body += chunk));
    request.on('end', () => answer(request, response));
  });

  function answer(request: IncomingMessage, response: ServerResponse): void {
    const path = (request.url ?? '').replace(/^\/v1/, '').split('?')[0]!;
    const stub = stubs.find((candidate) => candidate.calls === 0 && candidate.method === request.method && candidate.path === path);
    if (!stub) {
      unmatched.push(`${request.method} ${path}`);
      response.writeHead(599, { 'content-type': 'text/plain' }).end('no stub');
      return;
    }
    stub.calls += 1;
    const { status, headers = {}, json, body, reset, hang } = stub.answer;
    if (reset) {
      request.socket.destroy();
      return;
    }
    if (hang) return;
    const text = json === undefined ? (body ?? '') : JSON.stringify(json);
    const type = json === undefined ? 'text/plain' : status >= 400 ? 'application/problem+json' : 'application/json';
    response.writeHead(status, { 'content-type': type, ...headers }).end(text);
  }

  const listening = await listenOnLoopback(server, port);
  return {
    baseUrl: `http://127.0.0.1:${listening.port}/v1`,
    received,
    register(method, path, answer) {
      stubs.push({ method, path, answer, calls: 0 });
    },
    verify() {
      const unused = stubs.filter((stub) => stub.calls === 0).map((stub) => `${stub.method} ${stub.path}`);
      if (unused.length > 0 || unmatched.length > 0) throw new Error(`HTTP stubs: unused ${JSON.stringify(unused)}, unmatched requests ${JSON.stringify(unmatched)}`);
    },
    close: () => listening.close(),
  };
}

/**
 * HTTP stubs for the tests of a file or describe block: fresh for each test
 * (started before it, closed after it), or with `'all'` one set for all of them.
 */
export function useHttpStubs(lifetime: 'each' | 'all' = 'each'): HttpStubs {
  return useResource(() => startHttpStubs(), (stubs) => stubs.close(), lifetime);
}
