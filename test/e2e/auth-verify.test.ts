// README, "Profiles and credentials": auth set-key, set-token and login check a
// credential with one GET /projects before storing it; auth status checks each
// credential in use. Expected values come from the README's words.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, scriptedPrompter, testClock } from '../helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';
import { useFreshDir } from '../helpers/workspace.js';

const fixture = useFixture({ clearFaults: true });

/** A key the sandbox does not know, distinctive enough that finding it in any output is a leak. */
const wrongKey = 'sk_wrong_CANARY_REJECTED_c0ffee1234';
const wrongToken = 'tok_wrong_CANARY_REJECTED_beef5678';

const config = useFreshDir();

/** The sandbox's base URL, and no credential from the environment: what is checked is what is stored. */
const env = (extra: Record<string, string | undefined> = {}) =>
  fixture.env({ IPCTL_CONFIG_DIR: config.path, IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined, ...extra });
const stored = (): Record<string, unknown> | undefined => {
  const file = join(config.path, 'config.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).profiles?.default as Record<string, unknown> | undefined) : undefined;
};
const projectRequests = async () => (await fixture.requests()).filter((request) => request.path === '/v1/projects');

/** A port on 127.0.0.1 that nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('auth set-key and set-token check the credential before storing it', () => {
  it('an accepted key: one GET /projects carrying that key alone, then stored', async () => {
    const result = await runMain(['auth', 'set-key', '--insecure-storage'], { env: env(), stdin: canaryApiKey });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('accepted the API key');
    expect(stored()).toEqual({ apiKey: canaryApiKey });
    const requests = await projectRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', principal: 'apiKey', status: 200 });
    expect(requests[0]!.headerNames).not.toContain('authorization');
  });

  it('an accepted token: sent as the bearer token alone', async () => {
    const result = await runMain(['auth', 'set-token', '--insecure-storage'], { env: env({ IPCTL_API_KEY: canaryApiKey }), stdin: canaryToken });
    expect(result.code).toBe(0);
    // IPCTL_API_KEY is set, and still not sent with the token's check.
    const requests = await projectRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ principal: 'bearer', status: 200 });
    expect(requests[0]!.headerNames).not.toContain('x-api-key');
  });

  it('a rejected key (401): nothing stored, exit 4, naming the credential and the base URL', async () => {
    const result = await runMain(['auth', 'set-key', '--insecure-storage'], { env: env(), stdin: wrongKey });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('API key');
    expect(result.stderr).toContain('401');
    expect(result.stderr).toContain(fixture.sandbox.baseUrl);
    expect(result.stderr).toContain('--no-verify');
    expect(stored()).toBeUndefined();
  });

  it('the value of a rejected key appears nowhere in stdout or stderr, with --debug too', async () => {
    for (const extra of [[], ['--debug'], ['--debug', '--profile', 'ci']]) {
      const result = await runMain(['auth', 'set-key', '--insecure-storage', ...extra], { env: env(), stdin: wrongKey });
      expect(result.code).toBe(4);
      const output = result.stdout + result.stderr;
      expect(output).not.toContain(wrongKey);
      // Nor a long part of it (the scrubber's business, but a message could quote a slice).
      expect(output).not.toContain(wrongKey.slice(0, 16));
      expect(output).not.toContain(wrongKey.slice(-16));
    }
    expect(stored()).toBeUndefined();
  });

  it('a 403: stored, with a warning', async () => {
    await fixture.addFaults({ listProjects: [{ kind: 'status', status: 403 }] });
    const result = await runMain(['auth', 'set-key', '--insecure-storage'], { env: env(), stdin: canaryApiKey });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning/i);
    expect(result.stderr).toContain('403');
    expect(stored()).toEqual({ apiKey: canaryApiKey });
  });

  it('a 5xx: stored with a warning that it was not checked, after one attempt and no wait', async () => {
    await fixture.addFaults({ listProjects: [{ kind: 'status', status: 503, retryable: true, times: 4 }] });
    const clock = testClock();
    const result = await runMain(['auth', 'set-key', '--insecure-storage'], { env: env(), stdin: canaryApiKey, clock });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning/i);
    expect(result.stderr).toContain('not checked');
    expect(stored()).toEqual({ apiKey: canaryApiKey });
    expect(await projectRequests()).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it('no answer: stored with a warning, within the short timeout of a single attempt', async () => {
    await fixture.addFaults({ listProjects: [{ kind: 'hang', times: 4 }] });
    const started = Date.now();
    // IPCTL_TIMEOUT is 30 s by default; the check does not wait that long.
    const result = await runMain(['auth', 'set-key', '--insecure-storage'], { env: env(), stdin: canaryApiKey, timeoutMs: 20_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('not checked');
    expect(stored()).toEqual({ apiKey: canaryApiKey });
    expect(await projectRequests()).toHaveLength(1);
  });

  it('a service that cannot be reached: stored with a warning, exit 0', async () => {
    const base = `http://127.0.0.1:${await closedPort()}/v1`;
    const clock = testClock();
    const result = await runMain(['auth', 'set-token', '--insecure-storage'], { env: env({ IPCTL_BASE_URL: base }), stdin: canaryToken, clock });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('not checked');
    expect(stored()).toEqual({ token: canaryToken });
    expect(clock.waits).toEqual([]);
  });

  it('--no-verify stores without asking the service', async () => {
    const result = await runMain(['auth', 'set-key', '--insecure-storage', '--no-verify'], { env: env(), stdin: wrongKey });
    expect(result.code).toBe(0);
    expect(stored()).toEqual({ apiKey: wrongKey });
    expect(await projectRequests()).toEqual([]);
  });
});

describe('auth login checks each credential entered', () => {
  it('one rejected: nothing stored, exit 4, naming only the rejected one', async () => {
    const prompter = scriptedPrompter([wrongKey, canaryToken]);
    const result = await runMain(['auth', 'login', '--insecure-storage'], { env: env(), prompter });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('rejected the API key');
    expect(result.stderr).not.toContain('rejected the bearer token');
    expect(result.stdout + result.stderr).not.toContain(wrongKey);
    expect(stored()).toBeUndefined();
    const requests = await projectRequests();
    // Each checked alone: the key refused, the token accepted.
    expect(requests.map((request) => request.status).sort()).toEqual([200, 401]);
  });

  it('both accepted: stored; --no-verify stores without a request', async () => {
    expect((await runMain(['auth', 'login', '--insecure-storage'], { env: env(), prompter: scriptedPrompter([canaryApiKey, canaryToken]) })).code).toBe(0);
    expect(stored()).toEqual({ apiKey: canaryApiKey, token: canaryToken });
    await fixture.clearRequests();
    expect((await runMain(['auth', 'login', '--insecure-storage', '--no-verify'], { env: env(), prompter: scriptedPrompter([wrongKey, wrongToken]) })).code).toBe(0);
    expect(stored()).toEqual({ apiKey: wrongKey, token: wrongToken });
    expect(await projectRequests()).toEqual([]);
  });
});

describe('auth status checks each credential in use', () => {
  it('both valid: each sent alone, one GET /projects each; the table says valid', async () => {
    const result = await runMain(['auth', 'status'], { env: env({ IPCTL_API_KEY: canaryApiKey, IPCTL_TOKEN: canaryToken }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^API key check\tvalid\t/m);
    expect(result.stdout).toMatch(/^Bearer token check\tvalid\t/m);
    const requests = await projectRequests();
    expect(requests.map((request) => request.principal).sort()).toEqual(['apiKey', 'bearer']);
    for (const request of requests) expect(request.headerNames.filter((name) => name === 'x-api-key' || name === 'authorization')).toHaveLength(1);
  });

  it('a rejected token: exit 4, rejected with its status, in the table, JSON and YAML', async () => {
    const variables = env({ IPCTL_API_KEY: canaryApiKey, IPCTL_TOKEN: wrongToken });
    const table = await runMain(['auth', 'status'], { env: variables });
    expect(table.code).toBe(4);
    expect(table.stdout).toMatch(/^Bearer token check\trejected \(HTTP 401\)\t/m);
    expect(table.stdout).toMatch(/^API key check\tvalid\t/m);
    expect(table.stdout + table.stderr).not.toContain(wrongToken);
    const json = await runMain(['auth', 'status', '--json'], { env: variables });
    expect(json.code).toBe(4);
    const report = JSON.parse(json.stdout);
    expect(report.token.check).toEqual({ result: 'rejected', status: 401 });
    expect(report.apiKey.check).toEqual({ result: 'valid', status: 200 });
    const yaml = await runMain(['auth', 'status', '-o', 'yaml'], { env: variables });
    expect(yaml.code).toBe(4);
    expect(yaml.stdout).toContain('check:\n    result: rejected\n    status: 401');
  });

  it('--offline sends nothing and says not checked', async () => {
    const variables = env({ IPCTL_API_KEY: wrongKey });
    const table = await runMain(['auth', 'status', '--offline'], { env: variables });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^API key check\tnot checked \(--offline\)/m);
    const json = JSON.parse((await runMain(['auth', 'status', '--offline', '--json'], { env: variables })).stdout);
    expect(json.apiKey.check).toEqual({ result: 'not checked', reason: '--offline' });
    // No token, nothing to check.
    expect(json.token.check).toBeNull();
    expect(await projectRequests()).toEqual([]);
  });

  it('a service that cannot be reached: not checked, exit 0', async () => {
    const base = `http://127.0.0.1:${await closedPort()}/v1`;
    const result = await runMain(['auth', 'status', '-o', 'yaml'], { env: env({ IPCTL_BASE_URL: base, IPCTL_API_KEY: canaryApiKey }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('check:\n    result: not checked\n    reason: ');
  });
});
