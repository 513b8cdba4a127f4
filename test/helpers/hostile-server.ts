// A small hostile server for end-to-end tests, separate from the sandbox: it
// answers as a broken or malicious service, proxy or gateway might. The first
// path segment of the base URL picks the behaviour (base URL
// `${origin}/<mode>/v1`); every request is logged.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

export type HostileMode =
  /** Problem details whose detail echoes every request header and the body. */
  | 'echo-json'
  /** An HTML 502 page quoting the API key and the token's middle part first, then the request headers and the body. */
  | 'echo-html'
  /** Search results whose record text quotes, first thing, the API key the request carried. */
  | 'echo-search'
  /** Orgs whose label is `label`; a 404 for org `missing` whose problem carries it too. */
  | 'control'
  /** A 302 whose Location is not a URL. */
  | 'bad-location'
  /** The org, compressed as the mode says. */
  | 'gzip'
  | 'deflate'
  | 'br'
  /** 20 MiB of JSON, gzip-compressed to a few KiB. */
  | 'gzip-bomb'
  /** A 200 with a 64 KiB header. */
  | 'big-headers'
  /** A 503 that says retrying will not help, with a Retry-After of 30 s. */
  | 'unretryable'
  /** A search answer in the service's published shape: `result`, entries without `id`. */
  | 'search-published'
  /** A search answer with both `results` (one entry) and `result` (two). */
  | 'search-both'
  /** A created connection whose providerMetadata values are `{value, source, displayName}` objects. */
  | 'connection-published'
  /**
   * Shapes older than the published contract: providers from `olderProviders`
   * (modules with a label, no displayName or support), and a created
   * connection whose providerMetadata values are bare strings.
   */
  | 'older-shapes'
  /** Every answer a 200 whose `nested` member nests arrays and objects `deepLevels` deep. */
  | 'deep'
  /** Every answer a 400 problem whose extension member nests `deepLevels` deep. */
  | 'deep-problem';

/** How deep the `deep` modes nest: JSON.parse copies, every recursive walk after it would overflow the stack. */
export const deepLevels = 100_000;

export interface LoggedHostileRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HostileServer {
  origin: string;
  baseUrl(mode: HostileMode): string;
  /** A TCP server that answers every connection with an SSH banner: not HTTP. */
  notHttpUrl: string;
  requests: LoggedHostileRequest[];
  close(): Promise<void>;
}

export interface HostileOptions {
  /** Provider documents, by name, served at GET /providers/NAME so that commands get as far as sending. */
  providers?: Record<string, unknown>;
  /** Provider documents served in `older-shapes` mode instead of `providers`. */
  olderProviders?: Record<string, unknown>;
  /** The org document to serve (its label is replaced in `control` mode). */
  org: Record<string, unknown>;
  /** The label with control characters, for `control` mode. */
  label: string;
}

export async function startHostileServer(options: HostileOptions): Promise<HostileServer> {
  const requests: LoggedHostileRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      answer(request, response, body, options);
    });
  });
  const sockets = new Set<Socket>();
  const notHttp: TcpServer = createTcpServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.end('SSH-2.0-OpenSSH_9.2\r\nProtocol mismatch.\r\n');
  });
  await Promise.all([listen(server), listen(notHttp)]);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: (mode) => `${origin}/${mode}/v1`,
    notHttpUrl: `http://127.0.0.1:${(notHttp.address() as AddressInfo).port}/v1`,
    requests,
    close: async () => {
      const closed = Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => notHttp.close(resolve))]);
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function listen(server: Server | TcpServer): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
}

function answer(request: IncomingMessage, response: ServerResponse, body: string, options: HostileOptions): void {
  const url = new URL(request.url ?? '/', 'http://hostile');
  const [, mode = '', ...rest] = url.pathname.split('/');
  const path = `/${rest.slice(1).join('/')}`; // after the /v1
  if (mode === 'deep') return deepAnswer(response, 200, { id: 'deep', label: 'Deep', results: [] });
  if (mode === 'deep-problem') return deepAnswer(response, 400, { status: 400, title: 'Bad Request', detail: 'Deep.' });
  const provider = /^\/providers\/([^/]+)$/.exec(path)?.[1];
  const providers = mode === 'older-shapes' ? options.olderProviders : options.providers;
  if (request.method === 'GET' && provider && providers?.[provider]) return json(response, 200, providers[provider]);
  switch (mode as HostileMode) {
    case 'echo-json':
      return problem(response, 400, { title: 'Bad Request', detail: `got headers ${JSON.stringify(request.headers)} and body ${body}` });
    case 'echo-html':
      return html(response, 502, request, body);
    case 'echo-search': {
      const note = `key ${String(request.headers['x-api-key'] ?? '')} was used for this record`;
      return json(response, 200, { results: [{ id: 'rec_echo', fields: { Note: note }, mappedFields: { note }, raw: { Note: note } }] });
    }
    case 'control':
      if (path === '/orgs/missing') return problem(response, 404, { title: `No org ${options.label}`, detail: `Nothing called ${options.label} here` });
      return json(response, 200, { ...options.org, label: options.label });
    case 'bad-location':
      response.writeHead(302, { location: 'http://[::1' }).end();
      return;
    case 'gzip':
    case 'deflate':
    case 'br':
      return compressed(response, mode as 'gzip' | 'deflate' | 'br', JSON.stringify(options.org));
    case 'gzip-bomb':
      return compressed(response, 'gzip', `{"id":"o1","label":"${'A'.repeat(20 * 1024 * 1024)}"}`);
    case 'big-headers':
      response.writeHead(200, { 'content-type': 'application/json', 'x-padding': 'x'.repeat(64 * 1024) }).end(JSON.stringify(options.org));
      return;
    case 'search-published':
      return json(response, 200, { result: [publishedEntry('Ada', 'ada@example.com'), publishedEntry('Grace', 'grace@example.com')] });
    case 'search-both':
      return json(response, 200, { results: [{ id: 'r1', ...publishedEntry('Linus', 'linus@example.com') }], result: [publishedEntry('Ada', 'ada@example.com'), publishedEntry('Grace', 'grace@example.com')] });
    case 'connection-published':
      return json(response, 200, {
        id: 'conn_published',
        provider: 'pipedrive',
        authScheme: 'apiKey',
        providerMetadata: { workspace: { value: 'acme', source: 'input', displayName: 'Workspace' }, region: { value: 'eu', source: 'provider' } },
      });
    case 'older-shapes':
      return json(response, 200, { id: 'conn_older', provider: 'pipedrive', authScheme: 'apiKey', providerMetadata: { workspace: 'acme', region: 'eu' } });
    case 'unretryable':
      response.setHeader('retry-after', '30');
      return problem(response, 503, { title: 'Service Unavailable', detail: 'Down for good.', retryable: false });
    default:
      return problem(response, 404, { title: 'Not Found' });
  }
}

/** `document` with a member nested deepLevels deep, alternating objects and arrays; written out, not serialised (JSON.stringify would overflow too). */
function deepAnswer(response: ServerResponse, status: number, document: Record<string, unknown>): void {
  const half = deepLevels / 2;
  const nested = `${'{"a":['.repeat(half)}1${']}'.repeat(half)}`;
  const text = `${JSON.stringify(document).slice(0, -1)},"nested":${nested}}`;
  response.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' }).end(text);
}

function publishedEntry(name: string, email: string): Record<string, unknown> {
  return { fields: { FirstName: name, Email: email }, mappedFields: { email }, raw: { FirstName: name, Email: email, attributes: { type: 'Contact' } } };
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function problem(response: ServerResponse, status: number, value: Record<string, unknown>): void {
  response.writeHead(status, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ status, ...value }));
}

/** A gateway's error page, as some print the request they could not forward. */
function html(response: ServerResponse, status: number, request: IncomingMessage, body: string): void {
  const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
  const lines = Object.entries(request.headers).map(([name, value]) => `<li>${name}: ${String(value)}</li>`);
  const key = String(request.headers['x-api-key'] ?? '');
  const page = `<html><body><h1>502 Bad Gateway</h1><p>key: ${key} token part: ${token.split('.')[1] ?? ''}</p><ul>${lines.join('')}</ul><pre>${body}</pre></body></html>`;
  response.writeHead(status, { 'content-type': 'text/html' }).end(page);
}

function compressed(response: ServerResponse, encoding: 'gzip' | 'deflate' | 'br', text: string): void {
  const data = encoding === 'gzip' ? gzipSync(text) : encoding === 'deflate' ? deflateSync(text) : brotliCompressSync(text);
  response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding }).end(data);
}
