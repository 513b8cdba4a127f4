// A bulk import of hundreds of rows, each with its own credential, against a
// server that repeats a random EARLIER row's credential in its answers: in a
// created connection's ID, in a failed row's problem (detail and issues) and in
// an uncertain row's problem, raw, with `/` escaped as `\/`, and URL-encoded in
// either case of hex. README, "What ipctl never prints": no credential ipctl
// sent is ever printed or written, so none of them may reach stdout, stderr or
// the results file, whichever row's answer repeats it. In-process, in front of
// the sandbox.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { type Listening, listenOnLoopback } from '../helpers/loopback.js';
import { useFixture } from '../helpers/sandbox.js';

// Enough that the scrubber keeps most keys as fingerprints (it keeps 8 as text), in a table that grows
// several times: lines 100 to 600 give 501 keys of one length, and a table of one length starts at 16
// slots and doubles at three quarters full, so it grows six times, each growth with earlier keys still
// to be echoed. More rows add only time: each is an HTTP round trip through the relay and the sandbox.
const rowCount = 600;
const fixture = useFixture();
let echoing: Listening;
const files = tempDir('ipctl-bulk-echo-');
/** The credentials the server has been sent in this run, in the order they came. */
let seen: string[] = [];
let answered = 0;

beforeAll(async () => {
  echoing = await listenOnLoopback(createServer((request, response) => void relay(request, response)));
});
afterAll(async () => {
  await echoing.close();
  files.remove();
});

/** Every row's credential: a canary, with `/`, `+` and `=` so that JSON and URLs write it in other forms. */
const keyOf = (line: number, salt: string) => `pk/CANARY+${line}=${salt}`;

/** One of the forms a server may repeat a credential in. */
function echoed(key: string, turn: number): string {
  switch (turn % 4) {
    case 0:
      return key;
    case 1:
      return encodeURIComponent(key);
    case 2:
      return encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
    default:
      return key.replaceAll('/', '\\/');
  }
}

async function relay(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const target = new URL(`${fixture.sandbox.baseUrl}${request.url!.replace(/^\/v1/, '')}`);
  const headers = Object.fromEntries(['accept', 'authorization', 'content-type', 'x-api-key'].flatMap((name) => (typeof request.headers[name] === 'string' ? [[name, request.headers[name]]] : [])));
  const forwarded = await fetch(target, { method: request.method, headers, body: request.method === 'GET' ? undefined : body });
  const text = await forwarded.text();
  if (!request.url!.endsWith('/connections:generate')) {
    response.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' }).end(text);
    return;
  }
  const own = (JSON.parse(body) as { apiKey: string }).apiKey;
  const earlier = seen.length > 0 ? seen[Math.floor(Math.random() * seen.length)]! : own;
  seen.push(own);
  answered += 1;
  const form = echoed(earlier, answered);
  // The forms are spliced into the JSON text as they are: `\/` is how PHP writes `/`.
  const kind = answered % 5;
  if (kind === 0 || kind === 3 || forwarded.status !== 201) {
    response.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(text.replace(/"id":"[^"]*"/, `"id":"conn_${form}"`));
  } else if (kind === 1 || kind === 4) {
    const detail = `The key ${form} is not valid for this workspace (yours: ${JSON.stringify(own).slice(1, -1)}).`;
    response.writeHead(422, { 'content-type': 'application/problem+json' }).end(`{"type":"about:blank","status":422,"title":"Rejected ${form}","detail":"${detail}","issues":[{"name":"apiKey","detail":"${form} was seen before"}]}`);
  } else {
    response.writeHead(500, { 'content-type': 'application/problem+json' }).end(`{"status":500,"title":"Internal Server Error","detail":"upstream refused ${form}"}`);
  }
}

function input(name: string): string {
  const salt = randomBytes(6).toString('hex');
  const rows = Array.from({ length: rowCount }, (_, index) =>
    JSON.stringify({ provider: 'pipedrive', groupRef: `echo-${name}-${index + 1}`, consumerRef: `user-${index + 1}`, providerWorkspaceRef: 'acme', apiKey: keyOf(index + 1, salt) }),
  );
  const path = join(files.path, `${name}.jsonl`);
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

describe('a server that repeats earlier rows\' credentials in its answers', { timeout: 240_000 }, () => {
  it.each([
    ['json', ['-o', 'json']],
    ['yaml', ['-o', 'yaml']],
    ['text, with --debug', ['--debug']],
  ])('under %s: none of hundreds of credentials is printed or written, in any form', async (name, extra) => {
    const path = input(name.replace(/\W+/g, '-'));
    const results = join(files.path, `${name.replace(/\W+/g, '-')}.results.jsonl`);
    seen = [];
    const result = await runMain(['connections', 'generate', '--project', 'demo', '--from-file', path, '--results', results, '--concurrency', '8', ...extra], {
      env: fixture.env({ NO_COLOR: '1', IPCTL_BASE_URL: `http://127.0.0.1:${echoing.port}/v1` }),
      timeoutMs: 200_000,
    });
    const written = readFileSync(results, 'utf8');
    // The server did see every row and repeated earlier keys: the test is not passing for want of echoes.
    expect(seen.length).toBe(rowCount);
    expect(result.code).toBe(1);
    expect(written).toContain('[redacted]');
    expect(written.split('\n').filter((line) => line.includes('"status":"created"')).length).toBeGreaterThan(rowCount / 5);
    expect(written.split('\n').filter((line) => line.includes('"status":"failed"')).length).toBeGreaterThan(rowCount / 5);
    expect(written.split('\n').filter((line) => line.includes('"status":"uncertain"')).length).toBeGreaterThan(0);
    for (const [where, text] of [['stdout', result.stdout], ['stderr', result.stderr], ['the results file', written]] as const) {
      // Every form of every key holds CANARY as it is.
      const at = text.indexOf('CANARY');
      expect(at, `${where}: ${text.slice(Math.max(0, at - 80), at + 80)}`).toBe(-1);
    }
  });
});
