import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import type { RequestLogEntry } from '../../src/sandbox/state.js';

let sandbox: Sandbox;
let origin: URL;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  origin = new URL(sandbox.baseUrl);
});

afterAll(async () => {
  await sandbox.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** Every byte after the blank line that ends the headers, until the server closed the connection. */
  rest: string;
}

/** One request over a bare socket, so that a body sent after a HEAD answer would be seen. */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(origin.port), origin.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const pairs = lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]);
      resolve({ status: Number(statusLine.split(' ')[1]), headers: Object.fromEntries(pairs), rest: text.slice(split + 4) });
    });
    const lines = [`${method} ${path} HTTP/1.1`, `Host: ${origin.host}`, 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    socket.end(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

const apiPath = (path: string): string => `${origin.pathname.replace(/\/+$/, '')}${path}`;

describe('HEAD', () => {
  it('is answered wherever GET is, with the same status and headers and no body', async () => {
    const get = await rawRequest('GET', apiPath('/providers/salesforce'));
    const head = await rawRequest('HEAD', apiPath('/providers/salesforce'));
    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(get.rest.length).toBe(Number(get.headers['content-length']));
    expect(head.rest).toBe('');
  });

  it('takes the credential GET takes, and answers its error with no body', async () => {
    const refused = await rawRequest('HEAD', apiPath('/orgs/org_demo'));
    expect(refused.status).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.rest).toBe('');
    const allowed = await rawRequest('HEAD', apiPath('/orgs/org_demo'), { Authorization: `Bearer ${sandbox.token}` });
    expect(allowed.status).toBe(200);
    expect(allowed.rest).toBe('');
  });

  it('is 404 where no route is, and 405 where there is no GET, with no body', async () => {
    const missing = await rawRequest('HEAD', apiPath('/nope'));
    expect(missing.status).toBe(404);
    expect(missing.rest).toBe('');
    const postOnly = await rawRequest('HEAD', apiPath('/projects/proj_demo/connections:generate'), { 'X-Api-Key': sandbox.apiKey });
    expect(postOnly.status).toBe(405);
    expect(postOnly.headers.allow).toBe('POST');
    expect(postOnly.rest).toBe('');
  });

  it('is named in Allow wherever GET is', async () => {
    const answer = await rawRequest('DELETE', apiPath('/orgs/org_demo'), { Authorization: `Bearer ${sandbox.token}` });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('is logged as HEAD, with the operation GET runs', async () => {
    await fetch(`${origin.origin}/_sandbox/requests`, { method: 'DELETE' });
    await rawRequest('HEAD', apiPath('/providers/hubspot'));
    const log = (await (await fetch(`${origin.origin}/_sandbox/requests`)).json()) as RequestLogEntry[];
    expect(log.map((entry) => [entry.method, entry.operation, entry.status])).toEqual([['HEAD', 'getProvider', 200]]);
  });
});
