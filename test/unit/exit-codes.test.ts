// The table of how an API answer or a network failure becomes an exit code,
// one test a row, through the whole client path: ipctl runs in this process
// against HTTP stubs, with no retries, and every stub must have been used.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HttpStubs, type StubAnswer, startHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

let stubs: HttpStubs;

beforeEach(async () => {
  stubs = await startHttpStubs();
});
afterEach(async () => {
  await stubs.close();
});

function problem(status: number, title: string): StubAnswer {
  return { status, json: { type: 'about:blank', title, status, detail: `stubbed ${status}` } };
}

const rows: Array<[what: string, exit: number, answer: StubAnswer]> = [
  ['200 with the org', 0, { status: 200, json: { id: 'o1', label: 'One' } }],
  ['400 Bad Request', 1, problem(400, 'Bad Request')],
  ['401 Unauthorized', 4, problem(401, 'Unauthorized')],
  ['403 Forbidden', 4, problem(403, 'Forbidden')],
  ['404 Not Found', 3, problem(404, 'Not Found')],
  ['408 Request Timeout (a network failure the server reports)', 5, problem(408, 'Request Timeout')],
  ['409 Conflict', 1, problem(409, 'Conflict')],
  ['422 Unprocessable Content', 1, problem(422, 'Unprocessable Content')],
  ['429 Too Many Requests', 5, problem(429, 'Too Many Requests')],
  ['500 Internal Server Error', 5, problem(500, 'Internal Server Error')],
  ['502 Bad Gateway, as an HTML page', 5, { status: 502, headers: { 'content-type': 'text/html' }, body: '<html><body>Bad Gateway</body></html>' }],
  ['503 Service Unavailable', 5, problem(503, 'Service Unavailable')],
  ['400 marked "retryable": true', 5, { status: 400, json: { type: 'about:blank', title: 'Bad Request', status: 400, retryable: true } }],
  ['a connection reset before any answer', 5, { status: 0, reset: true }],
  ['no answer before --timeout', 5, { status: 0, hang: true }],
];

describe('exit codes of orgs get, by what the service answered', () => {
  it.each(rows)('%s: exit %i', async (_what, exit, answer) => {
    stubs.register('GET', '/orgs/o1', answer);
    const result = await runMain(['orgs', 'get', 'o1', '--retries', '0', '--timeout', '1', '-o', 'json'], {
      env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_stub_token', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config', NO_COLOR: '1' },
    });
    expect(result.code).toBe(exit);
    expect(exit === 0 ? result.stderr : result.stdout).toBe('');
    stubs.verify();
  });

  it('fails when the service is not there at all: exit 5', async () => {
    const closed = stubs.baseUrl;
    await stubs.close();
    stubs = await startHttpStubs();
    const result = await runMain(['orgs', 'get', 'o1', '--retries', '0'], { env: { IPCTL_BASE_URL: closed, IPCTL_TOKEN: 'tok_stub_token', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config' } });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('Could not reach');
  });

  it('verify() fails for a stub never used, so no row passes without its request', () => {
    stubs.register('GET', '/orgs/unused', problem(404, 'Not Found'));
    expect(() => stubs.verify()).toThrow('unused ["GET /orgs/unused"]');
  });
});

describe('a bug in ipctl', () => {
  /** An environment whose profile-file setting throws when read: an error ipctl did not plan for. */
  function brokenEnv(): Record<string, string | undefined> {
    return new Proxy({ NO_COLOR: '1' } as Record<string, string | undefined>, {
      get(target, key) {
        if (key === 'IPCTL_CONFIG_DIR') throw new TypeError('planted bug');
        return target[key as string];
      },
    });
  }

  it('is exit 70, with a message that asks for a report and no stack trace', async () => {
    const result = await runMain(['profile', 'list'], { env: brokenEnv() });
    expect(result.code).toBe(70);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ipctl failed unexpectedly; this is a bug: planted bug');
    expect(result.stderr).toContain('Please report it');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('shows where it failed under --debug', async () => {
    const result = await runMain(['--debug', 'profile', 'list'], { env: brokenEnv() });
    expect(result.code).toBe(70);
    expect(result.stderr).toMatch(/TypeError: planted bug\n\s+at /);
  });
});

describe('exit codes of what ipctl finds itself', () => {
  it('no credential configured: exit 4, nothing sent', async () => {
    const result = await runMain(['orgs', 'get', 'o1'], { env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config', NO_COLOR: '1' } });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('none is configured');
    expect(stubs.received).toEqual([]);
  });

  // README "Exit codes": 130 interrupted (Ctrl-C), 143 stopped by SIGTERM.
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])('a request stopped by %s: exit %i', async (signal, exit) => {
    stubs.register('GET', '/orgs/o1', { status: 0, hang: true });
    const controller = new AbortController();
    const running = runMain(['orgs', 'get', 'o1', '--retries', '0'], {
      env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_stub_token', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config', NO_COLOR: '1' },
      signal: controller.signal,
    });
    while (stubs.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(signal);
    const result = await running;
    expect(result.code).toBe(exit);
    expect(result.stdout).toBe('');
    stubs.verify();
  });
});
