// Error answers, redirects and unreachable servers. What the stub servers answer is
// tested in-process (main() with test streams); the sandbox's own answers through the
// built CLI.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { expectFailed, ipctl, type IpctlOptions, testClock } from '../helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();

/**
 * Runs ipctl in this process, with the environment a spawned one gets and a
 * clock whose waits before a retry take no time (the answers are what is tested here).
 */
const runInProcess = (args: string[], options: IpctlOptions) => ipctl(args, { ...options, clock: testClock(), timeoutMs: 30_000 });

interface StubAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/** A one-off server on 127.0.0.1 answering every request with `answer`; records the headers it saw. */
async function stubServer(answer: (url: string) => StubAnswer) {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    const { status, headers, body } = answer(request.url ?? '');
    response.writeHead(status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('error responses', () => {
  it('renders each validation issue of a problem as "<in> <name>: <detail>"', async () => {
    const result = await ipctl(['orgs', 'get', 'bad id!'], { env: fixture.env() });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Error: Bad Request (HTTP 400)');
    expect(result.stderr).toMatch(/ {2}path orgId: must start with a letter or digit/);
    expect(result.stderr).toContain('Remedy: ');
    expect(result.stderr).toContain('Retry: no');
  });

  it('gives a clear error with the status and an excerpt when the body is an HTML page', async () => {
    const stub = await stubServer(() => ({
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<html><head><title>502</title><style>p{}</style></head><body><h1>Bad Gateway</h1><p>The upstream server is unreachable.</p></body></html>',
    }));
    const config = tempDir();
    const result = await runInProcess(['providers', 'get', 'salesforce'], { env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: `${stub.origin}/v1` } });
    await stub.close();
    config.remove();
    expectFailed(result, 5, '(HTTP 502)', 'text/html', 'Bad Gateway The upstream server is unreachable.');
    expect(result.stderr).not.toContain('<h1>');
  });

  it('says so when a success body is not what the spec describes', async () => {
    const stub = await stubServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '[{"id": 1}]' }));
    const config = tempDir();
    const result = await runInProcess(['invites', 'list', 'org_1'], {
      env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: `${stub.origin}/v1`, IPCTL_TOKEN: canaryToken },
    });
    await stub.close();
    config.remove();
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("The server's answer to listOrgInvites was not understood");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('keeps unknown fields and tolerates missing optional ones', async () => {
    const stub = await stubServer(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"org_x","futureField":{"a":1}}' }));
    const config = tempDir();
    const result = await runInProcess(['orgs', 'get', 'org_x', '--json'], {
      env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: `${stub.origin}/v1`, IPCTL_TOKEN: canaryToken },
    });
    await stub.close();
    config.remove();
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 'org_x', futureField: { a: 1 } });
  });

  it('never follows a redirect to another origin, so credentials stay put', async () => {
    const elsewhere = await stubServer(() => ({ status: 200, body: '{}' }));
    const redirecting = await stubServer(() => ({ status: 307, headers: { location: `${elsewhere.origin}/v1/orgs/org_demo` }, body: '' }));
    const config = tempDir();
    const result = await runInProcess(['orgs', 'get', 'org_demo'], {
      env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: `${redirecting.origin}/v1`, IPCTL_TOKEN: canaryToken, IPCTL_API_KEY: canaryApiKey },
    });
    await redirecting.close();
    await elsewhere.close();
    config.remove();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('redirected to another origin');
    expect(elsewhere.seen).toEqual([]);
  });

  it('follows a redirect within the same origin', async () => {
    const stub = await stubServer((url): StubAnswer =>
      url.startsWith('/old/v1/')
        ? { status: 308, headers: { location: url.replace('/old/v1/', '/v1/') }, body: '' }
        : { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"org_moved","label":"Moved"}' },
    );
    const config = tempDir();
    const result = await runInProcess(['orgs', 'get', 'org_moved', '--json'], {
      env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: `${stub.origin}/old/v1`, IPCTL_TOKEN: canaryToken },
    });
    await stub.close();
    config.remove();
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).label).toBe('Moved');
    expect(stub.seen.map((request) => request.headers.authorization)).toEqual([`Bearer ${canaryToken}`, `Bearer ${canaryToken}`]);
  });

  it('exits 5 with advice when nothing listens at the base URL', async () => {
    const stub = await stubServer(() => ({ status: 200, body: '' }));
    await stub.close();
    const config = tempDir();
    const result = await runInProcess(['providers', 'get', 'salesforce'], { env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: `${stub.origin}/v1` } });
    config.remove();
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('Could not reach GET');
    expect(result.stderr).toContain('ECONNREFUSED');
  });

  it('exits 5 when the answer does not come within --timeout', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const config = tempDir();
    const result = await runInProcess(['providers', 'get', 'salesforce', '--timeout', '1'], { env: { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: `${origin}/v1` } });
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
    config.remove();
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('No answer within 1 s');
  });

  it('sends the User-Agent and the API base path with the /v1 prefix kept', async () => {
    await fixture.clearRequests();
    const result = await ipctl(['providers', 'get', 'hubspot'], { env: fixture.env() });
    expect(result.code).toBe(0);
    const [request] = await fixture.requests();
    expect(request).toMatchObject({ method: 'GET', path: '/v1/providers/hubspot', status: 200 });
    expect(request?.headerNames).toContain('user-agent');
  });
});
