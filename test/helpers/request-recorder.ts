// A forwarding HTTP server that keeps a copy of every request it passes on:
// method, path, query, headers and the body as it arrived. Tests point ipctl
// at it, in front of a real sandbox, to check what ipctl sends. Forwarded to a
// target with a path (the sandbox's http://HOST:PORT/v1), it serves the API's
// paths at its root, as a gateway or a contract mock may.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from './loopback.js';

export interface RecordedRequest {
  method: string;
  /** The path as it arrived, such as /v1/orgs/org_demo. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body's text; '' when none came. */
  body: string;
}

export interface RequestRecorder {
  /** The recorder's origin, `http://127.0.0.1:PORT`; each path below it is the target's path below the target. */
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRequestRecorder(target: string): Promise<RequestRecorder> {
  const targetRoot = target.replace(/\/+$/, '');
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const arrived = new URL(request.url ?? '/', 'http://recorder');
    requests.push({ method: request.method ?? '', path: arrived.pathname, query: arrived.searchParams, headers: request.headers, body: body.toString('utf8') });
    const url = new URL(`${targetRoot}${request.url ?? '/'}`);
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name))) as Record<string, string>;
    const answer = await fetch(url, { method: request.method, headers, body: body.length > 0 ? body : undefined, redirect: 'manual' });
    const answerHeaders = Object.fromEntries([...answer.headers].filter(([name]) => !['connection', 'content-length', 'transfer-encoding', 'content-encoding', 'keep-alive'].includes(name)));
    response.writeHead(answer.status, answerHeaders).end(Buffer.from(await answer.arrayBuffer()));
  });
  const listening = await listenOnLoopback(server);
  return { origin: `http://127.0.0.1:${listening.port}`, requests, close: () => listening.close() };
}
