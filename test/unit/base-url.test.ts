// Base URLs as users' gateways have them: any http(s) base is taken, with or
// without the service's /v1 prefix. A request to one without it is noted once
// a run, to a person at a terminal; a 404 from it hints at the URL with /v1.
// ipctl runs in this process against HTTP stubs serving the API's paths at
// the root (or below a gateway's own path).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/config/resolve.js';
import { serviceUrlProblem } from '../../src/config/service-url.js';
import { type HttpStubs, startHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

let stubs: HttpStubs;
/** The stubs' origin: the API's paths served at the root. */
let root: string;

beforeEach(async () => {
  stubs = await startHttpStubs();
  root = new URL(stubs.baseUrl).origin;
});
afterEach(async () => {
  await stubs.close();
});

const org = { id: 'o1', label: 'One', defaultTeamId: 't1', createTime: '2025-01-01T00:00:00Z', updateTime: '2025-01-01T00:00:00Z' };
const notFound = { status: 404, json: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such route.' } };
const noticeLine = (base: string, name = 'base URL') => `Note: the ${name} ${base} does not end with /v1, as the service's own URLs do; ipctl sends its requests there as given.\n`;

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { IPCTL_BASE_URL: root, IPCTL_TOKEN: 'tok_base_url_test', IPCTL_API_KEY: 'key_base_url_test', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-base-url-config', NO_COLOR: '1', ...extra };
}

describe('which base URLs are taken', () => {
  it('takes any http(s) URL, with or without /v1, at the root or below a path of its own', () => {
    for (const url of ['https://api.example.com/v1', 'http://127.0.0.1:4010', 'http://127.0.0.1:4010/', 'https://gateway.example.com/integrations', 'https://api.example.com/v2', 'https://api.example.com/v1/']) {
      expect(serviceUrlProblem(url), url).toBeUndefined();
    }
    const settings = resolveSettings({ baseUrl: 'https://gateway.example.com/integrations', searchUrl: 'http://127.0.0.1:4010' }, {}, { profiles: {} });
    expect(settings.baseUrl.value).toBe('https://gateway.example.com/integrations');
  });

  it('still refuses credentials, a query, a fragment and other schemes, naming the setting (exit 2, nothing sent)', async () => {
    const refused: Array<[string, string]> = [
      ['https://admin:pw@gateway.example.com', 'must not hold a user name or password'],
      ['https://gateway.example.com/integrations?key=1', 'must not have a query'],
      ['https://gateway.example.com/integrations#top', 'must not have a fragment'],
      ['ftp://gateway.example.com/v1', 'must be an http(s) URL, not ftp'],
      ['gateway.example.com/v1', 'is not a URL'],
    ];
    for (const [url, message] of refused) {
      expect(serviceUrlProblem(url), url).toContain(message);
      const result = await runMain(['orgs', 'get', 'o1'], { env: env({ IPCTL_BASE_URL: url }) });
      expect(result.code, url).toBe(2);
      expect(result.stderr, url).toContain(`IPCTL_BASE_URL ${message}`);
      expect(result.stderr, url).not.toContain(':pw@');
    }
    stubs.verify();
  });
});

describe('a base URL without /v1', () => {
  it('orgs get succeeds against the API served at the root, with one notice at a terminal', async () => {
    stubs.register('GET', '/orgs/o1', { status: 200, json: org });
    const result = await runMain(['orgs', 'get', 'o1', '-o', 'json'], { env: env(), terminal: { stderr: true } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'o1' });
    expect(result.stderr).toBe(noticeLine(root));
    stubs.verify();
  });

  it('says nothing in a pipe, with --quiet, with IPCTL_QUIET, or under CI', async () => {
    const runs: Array<[string, string[], Record<string, string>, boolean]> = [
      ['a pipe', [], {}, false],
      ['--quiet', ['--quiet'], {}, true],
      ['IPCTL_QUIET=1', [], { IPCTL_QUIET: '1' }, true],
      ['CI=true', [], { CI: 'true' }, true],
    ];
    for (const [what, flags, extra, terminal] of runs) {
      stubs.register('GET', '/orgs/o1', { status: 200, json: org });
      const result = await runMain(['orgs', 'get', 'o1', '-o', 'json', ...flags], { env: env(extra), terminal: { stderr: terminal } });
      expect(result.code, what).toBe(0);
      expect(result.stderr, what).toBe('');
    }
    stubs.verify();
  });

  it('says it once a run, however many requests the run sends', async () => {
    stubs.register('GET', '/providers/public-holidays', { status: 200, json: { name: 'public-holidays', authType: 'none' } });
    stubs.register('POST', '/projects/demo/connections:generate', { status: 201, json: { id: 'conn_1', provider: 'public-holidays', group: { groupRef: 'g' } } });
    const result = await runMain(['connections', 'generate', '--project', 'demo', '--provider', 'public-holidays', '--group-ref', 'g', '--consumer-ref', 'c', '-o', 'json'], { env: env(), terminal: { stderr: true } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.split(noticeLine(root))).toHaveLength(2);
    stubs.verify();
  });

  it('says nothing of a base URL that ends with /v1, nor of the search URL when only the base URL is used', async () => {
    stubs.register('GET', '/orgs/o1', { status: 200, json: org });
    const versioned = await runMain(['orgs', 'get', 'o1', '-o', 'json'], { env: env({ IPCTL_BASE_URL: stubs.baseUrl, IPCTL_SEARCH_URL: root }), terminal: { stderr: true } });
    expect(versioned.code).toBe(0);
    expect(versioned.stderr).toBe('');
    stubs.verify();
  });

  it('names the search URL when a search goes to one without /v1', async () => {
    // A project ID: search sends it as it is (a name would be looked up first).
    stubs.register('POST', '/projects/proj_1/integrations/i1', { status: 200, json: { results: [] } });
    const result = await runMain(['search', 'Contact', '--project', 'proj_1', '--integration', 'i1', '--group-ref', 'g', '--where', 'a=b', '-o', 'json'], {
      env: env({ IPCTL_BASE_URL: stubs.baseUrl, IPCTL_SEARCH_URL: root }),
      terminal: { stderr: true },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(noticeLine(root, 'search URL'));
    stubs.verify();
  });
});

describe('a 404 from a base URL without /v1', () => {
  it('adds a hint naming the URL with /v1, in a pipe too, and in the problem document', async () => {
    const hint = `Hint: the base URL ${root} does not end with /v1. If the API is at ${root}/v1, as the service's own URLs are, set that (--base-url or IPCTL_BASE_URL, or the profile's).`;
    stubs.register('GET', '/orgs/o1', notFound);
    const text = await runMain(['orgs', 'get', 'o1'], { env: env() });
    expect(text.code).toBe(3);
    expect(text.stderr).toContain('Not Found (HTTP 404)');
    expect(text.stderr).toContain(`${hint}\n`);
    stubs.register('GET', '/orgs/o1', notFound);
    const json = await runMain(['orgs', 'get', 'o1', '-o', 'json'], { env: env() });
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stderr)).toMatchObject({ status: 404, title: 'Not Found', exitCode: 3, notes: [hint] });
    stubs.register('GET', '/orgs/o1', notFound);
    const gateway = await runMain(['api', '/orgs/o1'], { env: env({ IPCTL_BASE_URL: `${root}/` }) });
    expect(gateway.code).toBe(3);
    expect(gateway.stderr).toContain(hint);
    stubs.verify();
  });

  it('adds none when the base URL ends with /v1, or for another status', async () => {
    stubs.register('GET', '/orgs/o1', notFound);
    const versioned = await runMain(['orgs', 'get', 'o1'], { env: env({ IPCTL_BASE_URL: stubs.baseUrl }) });
    expect(versioned.code).toBe(3);
    expect(versioned.stderr).not.toContain('Hint:');
    stubs.register('GET', '/orgs/o1', { status: 403, json: { type: 'about:blank', title: 'Forbidden', status: 403 } });
    const forbidden = await runMain(['orgs', 'get', 'o1'], { env: env() });
    expect(forbidden.code).toBe(4);
    expect(forbidden.stderr).not.toContain('Hint:');
    stubs.verify();
  });
});

describe('ipctl api on a gateway base URL', () => {
  it('refuses a PATH that repeats the base path, and takes one below it', async () => {
    const gateway = `${root}/integrations`;
    const repeated = await runMain(['api', '/integrations/orgs/o1'], { env: env({ IPCTL_BASE_URL: gateway }) });
    expect(repeated.code).toBe(2);
    expect(repeated.stderr).toContain('PATH is relative to the base URL, which already ends in /integrations: use /orgs/o1');
    stubs.register('GET', '/integrations/orgs/o1', { status: 200, json: org });
    const below = await runMain(['api', '/orgs/o1'], { env: env({ IPCTL_BASE_URL: gateway }) });
    expect(below.code, below.stderr).toBe(0);
    expect(JSON.parse(below.stdout)).toMatchObject({ id: 'o1' });
    stubs.verify();
  });
});
