// Retries in-process, one of them waiting for a real Retry-After; how the wait the
// server asks for is read is tested with a clock whose waits take no time. Ctrl-C
// is the host's signal here; a spawned ipctl stopped by SIGINT is in connections-bulk.test.ts.
import { setTimeout as sleepFor } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { until } from '../helpers/until.js';
import { expectFailed, ipctl, runMain, type TestClock, testClock } from '../helpers/in-process.js';
import { canaryToken, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });

const env = (extra: Record<string, string | undefined> = {}) => fixture.env({ IPCTL_RETRY_BACKOFF: '0.02', ...extra });
const attempts = async (operation: string) => (await fixture.requests()).filter((entry) => entry.operation === operation).length;


/** The system's clock and timers, and a promise kept when the first wait begins. */
function waitingClock(): TestClock & { waiting: Promise<void> } {
  let began = () => {};
  const waiting = new Promise<void>((resolve) => (began = resolve));
  const waits: number[] = [];
  return {
    now: () => new Date(),
    waits,
    waiting,
    sleep: (ms, signal) => {
      waits.push(ms);
      began();
      return sleepFor(ms, undefined, { signal });
    },
  };
}

describe('retries', () => {
  it('traces every attempt and wait with --debug, credentials redacted each time', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 429, retryAfter: 1 }, { kind: 'reset' }] });
    const result = await ipctl(['orgs', 'get', '--debug'], { env: env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('org_demo');
    const lines = result.stderr.split('\n');
    expect(lines.filter((line) => /debug: → GET http:\/\/127\.0\.0\.1:\d+\/v1\/orgs\/org_demo/.test(line))).toHaveLength(3);
    expect(result.stderr).toContain('debug: retry: HTTP 429 Too Many Requests; waiting 1.0 s (as the server asked) before attempt 2 of 4');
    expect(result.stderr).toMatch(/debug: → GET \S+ \(attempt 2 of 4\)/);
    expect(result.stderr).toMatch(/debug: retry: (ECONNRESET|UND_ERR_SOCKET); waiting \d+ ms \(backoff\) before attempt 3 of 4/);
    expect(result.stderr).toMatch(/debug: → GET \S+ \(attempt 3 of 4\)/);
    expect(result.stderr.match(/authorization: Bearer \*\*\*\*/g)).toHaveLength(3);
    expect(result.stderr).not.toContain(canaryToken);
    expect(await attempts('getOrg')).toBe(3);
  });

  it("waits for the later of Retry-After and the problem's retryAfter", async () => {
    await fixture.addFaults({ getProvider: [{ kind: 'status', status: 503, retryable: true, retryAfter: 0, problemRetryAfter: 2 }] });
    const clock = testClock();
    const result = await runMain(['providers', 'get', 'salesforce', '--debug'], { env: env(), clock });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/retry: HTTP 503 Service Unavailable; waiting (1\.\d|2\.0) s \(as the server asked\)/);
    expect(clock.waits).toHaveLength(1);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    await fixture.addFaults({ getProvider: [{ kind: 'status', status: 503, retryAfter: inTwoSeconds }] });
    const clock = testClock();
    const result = await runMain(['providers', 'get', 'salesforce', '--debug'], { env: env(), clock });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/retry: HTTP 503 Service Unavailable; waiting (\d+ ms|[0-2]\.\d s) \(as the server asked\)/);
    expect(clock.waits).toHaveLength(1);
    expect(await attempts('getProvider')).toBe(2);
  });

  it.each([
    ['a negative Retry-After', { retryAfter: '-5' }],
    ['a Retry-After date already past', { retryAfter: 'Sat, 01 Jan 2000 00:00:00 GMT' }],
    ["a problem's retryAfter already past", { problemRetryAfter: '2000-01-01T00:00:00Z' }],
  ])('reads %s as no answer, and backs off', async (_name, asked) => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 429, ...asked }] });
    const result = await runMain(['orgs', 'get', '--debug'], { env: env(), clock: testClock() });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/debug: retry: HTTP 429 Too Many Requests; waiting \d+ ms \(backoff\) before attempt 2 of 4/);
    expect(result.stderr).not.toContain('as the server asked');
    expect(await attempts('getOrg')).toBe(2);
  });

  it('retries a 408 (the server gave up waiting for the request) as a network failure, and exits 5 once the retries are spent', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 408, times: 10 }] });
    const result = await ipctl(['orgs', 'get', '--debug', '--retries', '2'], { env: env() });
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/debug: retry: HTTP 408 Request Timeout; waiting \d+ ms \(backoff\) before attempt 2 of 3/);
    expect(result.stderr).toContain('Error: Request Timeout (HTTP 408)');
    expect(result.stderr).toContain('Gave up after 3 attempts.');
    expect(await attempts('getOrg')).toBe(3);
    const json = await ipctl(['orgs', 'get', '--json', '--retries', '0'], { env: env() });
    expect(json.code).toBe(5);
    expect(JSON.parse(json.stderr)).toMatchObject({ status: 408, exitCode: 5 });
  });

  it('stops at once when the server asks for more than IPCTL_RETRY_MAX_WAIT, saying when to come back', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 503, retryable: true, retryAfter: 5 }] });
    const result = await ipctl(['orgs', 'get'], { env: env({ IPCTL_RETRY_MAX_WAIT: '1' }) });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Not retried: the server asks to wait 5.0 s, longer than ipctl waits (see IPCTL_RETRY_MAX_WAIT).');
    const [, requestId] = /Request ID: (req_\w+)/.exec(result.stderr) ?? [];
    expect(result.stderr).toMatch(new RegExp(`Try again after \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ \\(request ${requestId}\\)\\.`));
    expect(await attempts('getOrg')).toBe(1);
  });

  it('keeps stderr a single problem object with --json, however many attempts', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 503, retryable: true, times: 5 }] });
    const result = await ipctl(['orgs', 'get', '--json', '--retries', '1'], { env: env() });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toMatchObject({ status: 503, retryable: true, title: 'Service Unavailable' });
    expect(await attempts('getOrg')).toBe(2);
  });

  it.each([
    [['--retries', '-1'], {}, '--retries must be a whole number from 0 to 10 (decimal digits, such as 2), not "-1".'],
    [['--retries', '11'], {}, '--retries must be a whole number from 0 to 10'],
    [['--retries', '1.5'], {}, '--retries must be a whole number'],
    [['--retries', 'lots'], {}, 'not "lots"'],
    [[], { IPCTL_RETRIES: 'x' }, 'IPCTL_RETRIES must be a whole number from 0 to 10 (decimal digits, such as 2), not "x".'],
    [[], { IPCTL_RETRY_MAX_WAIT: 'forever' }, 'IPCTL_RETRY_MAX_WAIT must be a number of seconds from 0 to 3600'],
    [[], { IPCTL_RETRY_BACKOFF: '-1' }, 'IPCTL_RETRY_BACKOFF must be a number of seconds from 0 to 60'],
  ] as const)('rejects %j %j with exit 2, sending nothing', async (flags, extra, message) => {
    const result = await runMain(['orgs', 'get', ...flags], { env: env(extra) });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('timeouts and interruption', () => {
  it('gives up on an answer that never comes within --timeout, with --retries 0', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'hang' }] });
    const started = Date.now();
    const result = await ipctl(['orgs', 'get', '--timeout', '1', '--retries', '0'], { env: env() });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Error: No answer within 1 s from GET http:\/\/127\.0\.0\.1:\d+\/v1\/orgs\/org_demo\./);
    expect(result.stderr).toContain('--timeout SECONDS');
    // Generous: a one-second timeout must not take anywhere near the default 30 s.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('Ctrl-C during a request aborts it and exits 130', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'hang' }] });
    const stop = new AbortController();
    const running = ipctl(['orgs', 'get'], { env: env(), signal: stop.signal });
    await until(async () => (await attempts('getOrg')) > 0, 'getOrg reaching the sandbox', 10_000);
    stop.abort('SIGINT');
    const result = await running;
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Error: Interrupted; the request was aborted.\n');
    expect(await attempts('getOrg')).toBe(1);
  });

  it('Ctrl-C while waiting to retry exits 130 and sends nothing more', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 429, retryAfter: 30 }] });
    const stop = new AbortController();
    const clock = waitingClock();
    const running = ipctl(['orgs', 'get', '--debug'], { env: env(), signal: stop.signal, clock });
    await clock.waiting;
    stop.abort('SIGINT');
    const result = await running;
    expect(result.stderr).toContain('retry: HTTP 429 Too Many Requests; waiting 30 s');
    expect(clock.waits).toEqual([30_000]);
    expectFailed(result, 130, 'Error: Interrupted while waiting to retry; nothing more was sent.');
    expect(await attempts('getOrg')).toBe(1);
  });
});
