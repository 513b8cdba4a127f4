// Where a request may go, and what it may carry, in every spelling, each rule
// beside the near-miss on its other side. ipctl runs in this process against
// servers that record every request, so "nothing was sent" is a fact observed,
// not a return code trusted.
import { describe, expect, it } from 'vitest';
import { type HttpStubs, startHttpStubs, useHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';
import { useProxy } from '../helpers/proxy.js';

const apiKey = 'sk_boundaries_CANARY_7f3a9c2e5b1d4068';

const stubs = useHttpStubs();

function env(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    IPCTL_BASE_URL: stubs.baseUrl,
    IPCTL_SEARCH_URL: stubs.baseUrl.replace(/\/v1$/, '/search/v1'),
    IPCTL_API_KEY: apiKey,
    IPCTL_CONFIG_DIR: '/nonexistent/ipctl-boundaries-config',
    IPCTL_RETRIES: '0',
    NO_COLOR: '1',
    ...extra,
  };
}

const api = (args: string[], extra: Record<string, string | undefined> = {}) => runMain(['api', ...args], { env: env(extra) });

/** Two stub servers, the second on the first one's port with a 0 after it (4510 and 45100). */
async function portAndLonger(): Promise<[HttpStubs, HttpStubs]> {
  for (let tries = 0; tries < 50; tries += 1) {
    const port = 1024 + Math.floor(Math.random() * (6553 - 1024));
    const first = await startHttpStubs(port).catch(() => undefined);
    if (!first) continue;
    const second = await startHttpStubs(port * 10).catch(() => undefined);
    if (second) return [first, second];
    await first.close();
  }
  throw new Error('no free pair of ports like 4510 and 45100');
}

describe('ipctl api PATH: the base URL\'s path holds in every spelling (exit 2, nothing sent)', () => {
  const origin = () => new URL(stubs.baseUrl).origin;
  const refused: Array<[what: string, path: () => string]> = [
    ['backslashes that step up', () => '/orgs\\..\\..\\admin'],
    ['a backslash step beside slashes', () => '/orgs/x/..\\..\\admin'],
    ['an encoded slash behind the step', () => '/orgs/..%2f..%2fadmin'],
    ['an encoded backslash behind the step', () => '/orgs/..%5C..%5Cadmin'],
    ['a step with ;parameters', () => '/orgs/..;/admin'],
    ['a full URL whose encoded dots step out of /v1', () => `${origin()}/v1/%2e%2e/admin`],
    ['a full URL whose backslashes step out of /v1', () => `${origin()}/v1\\..\\admin`],
    ['a full URL whose plain dots step out of /v1', () => `${origin()}/v1/orgs/../../admin`],
    ['a full URL on the origin, outside /v1', () => `${origin()}/admin`],
    ['a full URL on a path that only starts like /v1', () => `${origin()}/v1x/orgs/o1`],
  ];

  it.each(refused)('%s', async (_what, path) => {
    const result = await api([path(), '--debug']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/PATH: /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(stubs.received).toEqual([]);
  });

  it('sends the near-misses where they say: a backslash that steps nowhere, dots in a name, a full URL below /v1', async () => {
    stubs.register('GET', '/orgs/o1', { status: 200, json: { id: 'o1' } });
    stubs.register('GET', '/orgs/a..b', { status: 200, json: { id: 'a..b' } });
    stubs.register('GET', '/orgs/o2', { status: 200, json: { id: 'o2' } });
    for (const path of ['/orgs\\o1', '/orgs/a..b', `${origin()}/v1/orgs/o2`]) {
      const result = await api([path, '--auth', 'key']);
      expect(result.code, `${path}: ${result.stderr}`).toBe(0);
    }
    expect(stubs.received.map((request) => request.url)).toEqual(['/v1/orgs/o1', '/v1/orgs/a..b', '/v1/orgs/o2']);
    stubs.verify();
  });
});

describe('ipctl api -H: only headers that can go as they are (exit 2, nothing sent)', () => {
  const refused: Array<[what: string, header: string]> = [
    ['a control character', 'X-Note: a\u0001b'],
    ['an escape sequence', 'X-Note: \u001b[31mred'],
    ['DEL', 'X-Note: a\u007fb'],
    ['a C1 control', 'X-Note: a\u0085b'],
    ['a line break', 'X-Note: a\r\nX-Injected: 1'],
    ['a NUL', 'X-Note: a\u0000b'],
    ['a character beyond Latin-1', 'X-Note: 10 \u20ac'],
    ['the first character beyond Latin-1', 'X-Note: \u0100'],
    ['an emoji', 'X-Note: \u{1f600}'],
    ...['Expect: 100-continue', 'Upgrade: websocket', 'Keep-Alive: timeout=5', 'Connection: close', 'Transfer-Encoding: chunked', 'Host: elsewhere.example.com', 'TE: trailers', 'Trailer: X-Checksum', 'Proxy-Connection: keep-alive', 'Content-Length: 0'].map(
      (header): [string, string] => [`the hop-by-hop or ipctl-set header ${header.split(':')[0]}`, header],
    ),
    ['a hop-by-hop header in another case', 'eXpEcT: 100-continue'],
    ['a hop-by-hop header in upper case', 'UPGRADE: h2c'],
  ];

  it.each(refused)('%s', async (_what, header) => {
    const result = await api(['/orgs/o1', '--auth', 'key', '-H', header]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/-H /);
    expect(result.stderr).not.toContain('\u001b[31m');
    expect(stubs.received).toEqual([]);
  });

  it('sends the near-misses as given: Latin-1 text, a tab, headers named like the reserved ones', async () => {
    stubs.register('GET', '/orgs/o1', { status: 200, json: { id: 'o1' } });
    const headers = ['X-Note: caf\u00e9 \u00a3 \u00ff', 'X-Tabbed: a\tb', 'Expect-CT: max-age=0', 'Upgrade-Insecure-Requests: 1', 'X-Keep-Alive: yes', 'Accept-Language: de'];
    const result = await api(['/orgs/o1', '--auth', 'key', ...headers.flatMap((header) => ['-H', header])]);
    expect(result.code, result.stderr).toBe(0);
    const [request] = stubs.received;
    // Node reads header bytes as Latin-1: what arrives is what was given.
    expect(request?.headers).toMatchObject({
      'x-note': 'caf\u00e9 \u00a3 \u00ff',
      'x-tabbed': 'a\tb',
      'expect-ct': 'max-age=0',
      'upgrade-insecure-requests': '1',
      'x-keep-alive': 'yes',
      'accept-language': 'de',
    });
    stubs.verify();
  });
});

describe('proxy URLs', () => {
  const proxy = useProxy();

  it.each([
    ['a path', '/path'],
    ['a query', '/?token=x'],
    ['a fragment', '/#x'],
    ['a query without a slash', '?x=1'],
    ['an empty query', '?'],
    ['an empty fragment', '#'],
  ])('with %s is invalid input (exit 2), not a bug, and nothing is sent', async (_what, suffix) => {
    const result = await runMain(['providers', 'get', 'hubspot'], { env: env({ HTTP_PROXY: `${proxy.url}${suffix}` }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The proxy in HTTPS_PROXY or HTTP_PROXY has a path, query or fragment');
    expect(result.stderr).not.toContain('token=x');
    expect(proxy.seen).toEqual([]);
    expect(stubs.received).toEqual([]);
  });

  it.each([
    ['with a trailing slash', '/'],
    ['without one', ''],
  ])('are used %s', async (_what, suffix) => {
    stubs.register('GET', '/providers/hubspot', { status: 200, json: { name: 'hubspot' } });
    const result = await runMain(['providers', 'get', 'hubspot', '--json'], { env: env({ HTTP_PROXY: `${proxy.url}${suffix}` }) });
    expect(result.code, result.stderr).toBe(0);
    expect(proxy.seen).toEqual([`CONNECT ${new URL(stubs.baseUrl).host}`]);
    stubs.verify();
  });
});

describe('NO_PROXY, through a real proxy', () => {
  const proxy = useProxy();

  const get = (noProxy: string, baseUrl = stubs.baseUrl) => {
    stubs.register('GET', '/providers/hubspot', { status: 200, json: { name: 'hubspot' } });
    return runMain(['providers', 'get', 'hubspot', '--json'], { env: env({ IPCTL_BASE_URL: baseUrl, HTTP_PROXY: proxy.url, NO_PROXY: noProxy }) });
  };

  it('connects directly to the host and port listed', async () => {
    const result = await get(`example.com,${new URL(stubs.baseUrl).host}`);
    expect(result.code, result.stderr).toBe(0);
    expect(proxy.seen).toEqual([]);
    stubs.verify();
  });

  it('uses the proxy for the same host on a port that only starts like the listed one', async () => {
    const { hostname, port } = new URL(stubs.baseUrl);
    const result = await get(`${hostname}:${port}0`);
    expect(result.code, result.stderr).toBe(0);
    expect(proxy.seen).toEqual([`CONNECT ${hostname}:${port}`]);
    stubs.verify();
  });

  it('uses the proxy for a host whose address only ends like the listed one', async () => {
    const result = await get('0.0.1,27.0.0.1');
    expect(result.code, result.stderr).toBe(0);
    expect(proxy.seen).toEqual([`CONNECT ${new URL(stubs.baseUrl).host}`]);
    stubs.verify();
  });

  it('uses the proxy for a name that only ends like the listed one (localhost for host)', async () => {
    const base = new URL(stubs.baseUrl);
    const result = await get('host', `http://localhost:${base.port}/v1`);
    expect(result.code, result.stderr).toBe(0);
    expect(proxy.seen).toEqual([`CONNECT localhost:${base.port}`]);
    stubs.verify();
  });
});

describe('redirects stay on the exact origin', () => {
  it('refuses a redirect to the same host on a port that starts like this one (4510 and 45100), sending it nothing', async () => {
    const [here, longer] = await portAndLonger();
    try {
      here.register('GET', '/orgs/o1', { status: 307, headers: { location: `${longer.baseUrl}/orgs/o1` }, body: '' });
      longer.register('GET', '/orgs/o1', { status: 200, json: { id: 'o1' } });
      const result = await runMain(['api', '/orgs/o1', '--auth', 'key'], { env: env({ IPCTL_BASE_URL: here.baseUrl }) });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`redirected to another origin (${new URL(longer.baseUrl).origin})`);
      expect(longer.received).toEqual([]);
      expect(here.received).toHaveLength(1);
    } finally {
      await here.close();
      await longer.close();
    }
  });

  it.each([
    ['another name for the same host', (port: string) => `http://localhost:${port}/v1/orgs/o1`],
    ['another scheme on the same host and port', (port: string) => `https://127.0.0.1:${port}/v1/orgs/o1`],
    ['a host that starts like this one', (port: string) => `http://127.0.0.10:${port}/v1/orgs/o1`],
    ['another host spelt with backslashes, which URL parsers read as slashes', (port: string) => `/\\localhost:${port}/v1/orgs/o1`],
  ])('refuses a redirect to %s', async (_what, location) => {
    stubs.register('GET', '/orgs/o1', { status: 308, headers: { location: location(new URL(stubs.baseUrl).port) }, body: '' });
    const result = await api(['/orgs/o1', '--auth', 'key']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('redirected to another origin');
    // localhost reaches this same server: one request, the first, arrived.
    expect(stubs.received).toHaveLength(1);
  });

  it('never shows a query or a user name and password a same-origin redirect carries', async () => {
    const canary = 'redirect_CANARY_5e0c2a9b';
    const { port } = new URL(stubs.baseUrl);
    stubs.register('GET', '/orgs/o1', { status: 307, headers: { location: `http://user:${canary}@127.0.0.1:${port}/v1/orgs/o1` }, body: '' });
    // Each stub answers once: the first request and the five redirects README.md allows ("at most five").
    for (let answer = 0; answer < 6; answer += 1) stubs.register('GET', '/orgs/o2', { status: 303, headers: { location: `/v1/orgs/o2?token=${canary}` }, body: '' });
    const withUserinfo = await api(['/orgs/o1', '--auth', 'key']);
    expect(withUserinfo.code).toBe(1);
    expect(withUserinfo.stderr).toContain('with a user name or password in the URL');
    expect(stubs.received).toHaveLength(1);
    const looping = await api(['/orgs/o2', '--auth', 'key']);
    expect(looping.code, looping.stderr).toBe(1);
    expect(looping.stderr).toContain(`Too many redirects (last: HTTP 303 to http://127.0.0.1:${port}/v1/orgs/o2?…)`);
    expect(stubs.received).toHaveLength(1 + 6);
    for (const output of [withUserinfo.stdout, withUserinfo.stderr, looping.stdout, looping.stderr]) expect(output).not.toContain(canary);
  });

  it('follows the near-miss: a redirect on the same origin, written relative or in full', async () => {
    const { port } = new URL(stubs.baseUrl);
    stubs.register('GET', '/orgs/o1', { status: 307, headers: { location: '/v1/orgs/o2' }, body: '' });
    stubs.register('GET', '/orgs/o2', { status: 308, headers: { location: `http://127.0.0.1:${port}/v1/orgs/o3` }, body: '' });
    stubs.register('GET', '/orgs/o3', { status: 200, json: { id: 'o3' } });
    const result = await api(['/orgs/o1', '--auth', 'key']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 'o3' });
    expect(stubs.received.map((request) => request.headers['x-api-key'])).toEqual([apiKey, apiKey, apiKey]);
    stubs.verify();
  });
});
