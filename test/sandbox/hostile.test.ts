// Hostile requests to every sandbox route that takes a body: each gets problem
// details (or, for bytes that are not HTTP, Node's own 400), and the sandbox
// goes on serving.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/sandbox/routes/index.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';

let sandbox: Sandbox;
let origin: URL;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  origin = new URL(sandbox.baseUrl);
});
afterAll(async () => sandbox.close());

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** One request on its own connection; resolves with whatever answer came (or status 0 for none). */
function send(method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: origin.hostname, port: origin.port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, contentType: '', body: '' }));
    });
    // The sandbox may answer and close before a huge body is sent: that is an answer too.
    req.on('error', () => resolve({ status: 0, contentType: '', body: '' }));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** A route's pattern made into a path, with any value for its parameters. */
function pathOf(pattern: string): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => (name.startsWith('project') ? 'demo' : `x_${name}`));
}

/** docs/reliability.md, "Fault injection in the sandbox": JSON nested more than 64 levels is answered 400. */
const documentedDepth = 64;

const credentials = () => ({ 'x-api-key': sandbox.apiKey, authorization: `Bearer ${sandbox.token}` });
const json = { 'content-type': 'application/json' };

const hostile: Array<{ name: string; headers: Record<string, string>; body: () => Buffer | string; status: number; detail: RegExp }> = [
  { name: 'a 2 MiB body', headers: json, body: () => `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, status: 413, detail: /exceeds the sandbox limit/ },
  { name: `JSON nested ${documentedDepth + 1} levels`, headers: json, body: () => `${'{"a":'.repeat(documentedDepth + 1)}1${'}'.repeat(documentedDepth + 1)}`, status: 400, detail: /nested more than 64 levels/ },
  { name: 'JSON nested 100 000 levels', headers: json, body: () => `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, status: 400, detail: /nested more than 64 levels/ },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: () => '{"a":1}', status: 415, detail: /Content-Type "text\/plain"/ },
  { name: 'no content type', headers: {}, body: () => '{"a":1}', status: 415, detail: /no Content-Type/ },
  { name: 'JSON in latin-1', headers: { 'content-type': 'application/json; charset=iso-8859-1' }, body: () => '{"a":1}', status: 415, detail: /application\/json/ },
  { name: 'invalid UTF-8', headers: json, body: () => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), status: 400, detail: /not valid UTF-8/ },
  { name: 'JSON that is not an object', headers: json, body: () => '[1,2,3]', status: 400, detail: /must be a JSON object/ },
  { name: 'text that is not JSON', headers: json, body: () => '{"apiKey": sk_live_SECRET', status: 400, detail: /not valid JSON/ },
  { name: 'a NUL-laden body', headers: json, body: () => Buffer.alloc(4096, 0), status: 400, detail: /not valid JSON/ },
];

const bodyRoutes = apiRoutes.filter((route) => route.body === 'json');

describe('hostile request bodies', () => {
  it('covers every route that takes a body', () => {
    expect(bodyRoutes.map((route) => route.operation).length).toBeGreaterThanOrEqual(3);
  });

  const cases = bodyRoutes.flatMap((route) => hostile.map((attack) => [route.operation, attack.name, route, attack] as const));
  it.each(cases)('%s: %s gets problem details, and the sandbox keeps serving', async (_operation, _name, route, attack) => {
    const answer = await send(route.method, pathOf(route.pattern), { ...credentials(), ...attack.headers }, attack.body());
    expect(answer.status).toBe(attack.status);
    expect(answer.contentType).toBe('application/problem+json');
    const problem = JSON.parse(answer.body) as { status: number; detail: string; issues?: unknown[] };
    expect(problem.status).toBe(attack.status);
    expect(`${problem.detail} ${JSON.stringify(problem.issues ?? [])}`).toMatch(attack.detail);
    expect(answer.body).not.toContain('sk_live_SECRET');
    expect((await send('GET', '/v1/providers/salesforce', {})).status).toBe(200);
  });
});

describe('hostile connections', () => {
  it('answers a 20 MiB upload at once with 413 and keeps serving', async () => {
    const route = bodyRoutes[0]!;
    const answer = await send(route.method, pathOf(route.pattern), { ...credentials(), ...json, 'content-length': String(20 * 1024 * 1024) }, Buffer.alloc(64 * 1024, 0x20));
    expect([413, 0]).toContain(answer.status);
    expect((await send('GET', '/v1/providers/salesforce', {})).status).toBe(200);
  });

  it('answers bytes that are not HTTP with 400 and keeps serving', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(Number(origin.port), origin.hostname, () => socket.end('\u0000\u00ff GARBAGE \r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('"title":"Bad Request"');
    expect((await send('GET', '/v1/providers/salesforce', {})).status).toBe(200);
  });

  it('answers a 100 KiB request line with 431 problem details, and keeps serving', async () => {
    const answer = await send('GET', `/v1/providers/${'a'.repeat(100 * 1024)}`, {});
    expect(answer.status).toBe(431);
    expect(answer.contentType).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 431, title: 'Request Header Fields Too Large' });
    expect((await send('GET', '/v1/providers/salesforce', {})).status).toBe(200);
  });
});
