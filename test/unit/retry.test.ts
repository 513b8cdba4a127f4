import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { type Operation, operations } from '../../src/api/operations.js';
import { backoffWaitMs, mayRetry, requestedWaitMs, TransportError } from '../../src/api/retry.js';
import { defaultRetryPolicy } from '../../src/config/retry-policy.js';
import { Secret } from '../../src/config/secret.js';
import { ApiError, UserError } from '../../src/errors.js';
import { renderError } from '../../src/output/diagnostics.js';
import { plain } from '../../src/output/paint.js';
import * as z from '../../src/schema/zod.js';
import { faultCases } from '../helpers/fault-cases.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';

const now = new Date('2025-03-01T12:00:00Z');

describe('the wait the server asks for', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(requestedWaitMs('7', {}, now)).toBe(7000);
    expect(requestedWaitMs(' 0 ', {}, now)).toBe(0);
    expect(requestedWaitMs('Sat, 01 Mar 2025 12:00:30 GMT', {}, now)).toBe(30_000);
  });

  it("takes the later of Retry-After and the problem's retryAfter", () => {
    expect(requestedWaitMs('5', { retryAfter: '2025-03-01T12:00:20Z' }, now)).toBe(20_000);
    expect(requestedWaitMs('50', { retryAfter: '2025-03-01T12:00:20Z' }, now)).toBe(50_000);
    expect(requestedWaitMs(undefined, { retryAfter: '2025-03-01T12:01:00+00:00' }, now)).toBe(60_000);
  });

  it('treats unreadable values, negative numbers and times already past as nothing asked (so the client backs off)', () => {
    expect(requestedWaitMs('soon', { retryAfter: 'later' }, now)).toBeUndefined();
    expect(requestedWaitMs('-5', {}, now)).toBeUndefined();
    expect(requestedWaitMs(undefined, {}, now)).toBeUndefined();
    expect(requestedWaitMs('Sat, 01 Mar 2025 11:00:00 GMT', {}, now)).toBeUndefined();
    expect(requestedWaitMs(undefined, { retryAfter: '2025-03-01T11:59:59Z' }, now)).toBeUndefined();
    expect(requestedWaitMs('-5', { retryAfter: '2025-01-01T00:00:00Z' }, now)).toBeUndefined();
    // A past time beside a readable one: the readable one holds.
    expect(requestedWaitMs('Sat, 01 Mar 2025 11:00:00 GMT', { retryAfter: '2025-03-01T12:00:03Z' }, now)).toBe(3000);
    expect(requestedWaitMs('2', { retryAfter: '2025-03-01T11:00:00Z' }, now)).toBe(2000);
  });
});

describe('backoff', () => {
  const policy = { ...defaultRetryPolicy, backoffMs: 100 };

  it('doubles each retry, with half of each step random, up to 16 times the first', () => {
    expect([1, 2, 3].map((retry) => backoffWaitMs(policy, retry, () => 0))).toEqual([50, 100, 200]);
    expect([1, 2, 3].map((retry) => backoffWaitMs(policy, retry, () => 0.999999))).toEqual([100, 200, 400]);
    expect(backoffWaitMs(policy, 10, () => 0.999999)).toBe(1600);
    expect(backoffWaitMs(policy, 30, () => 0)).toBe(800);
  });
});

describe('which failures are retried', () => {
  const apiError = (status: number, retryable?: boolean) => new ApiError(status, retryable === undefined ? {} : { retryable });
  const network = (delivery: 'no' | 'maybe', transient = true) => new TransportError('m', undefined, { delivery, transient, reason: 'X' });

  it.each([
    ['408', true, false, apiError(408)],
    ['429', true, false, apiError(429)],
    ['502', true, false, apiError(502)],
    ['503', true, false, apiError(503)],
    ['504', true, false, apiError(504)],
    ['500', false, false, apiError(500)],
    ['500 retryable: true', true, false, apiError(500, true)],
    ['400 retryable: true', true, false, apiError(400, true)],
    ['503 retryable: false', false, false, apiError(503, false)],
    ['404', false, false, apiError(404)],
    ['a connection never made', true, true, network('no')],
    ['a connection lost after sending', true, false, network('maybe')],
    ['a certificate failure', false, false, network('no', false)],
    ['a local error', false, false, new UserError('too large')],
  ] as const)('%s: safe %s, beforeSend %s', (_name, safe, beforeSend, failure) => {
    expect(mayRetry('safe', failure)).toBe(safe);
    expect(mayRetry('beforeSend', failure)).toBe(beforeSend);
  });
});

/** connections:generate, answered by a stand-in server that returns any JSON: a POST not to repeat once it may have arrived. */
const generate: Operation<unknown> = { ...operations.generateConnection, response: z.unknown() };

function client(baseUrl: string, options: { timeoutMs?: number; retries?: number; backoffMs?: number; trace?: string[] } = {}) {
  return new ApiClient({
    baseUrl,
    searchUrl: baseUrl,
    apiKey: new Secret(canaryApiKey),
    token: new Secret(canaryToken),
    timeoutMs: options.timeoutMs ?? 10_000,
    retry: { retries: options.retries ?? 3, maxWaitMs: 60_000, backoffMs: options.backoffMs ?? 20 },
    userAgent: 'ipctl-test',
    env: {},
    trace: options.trace ? (line) => options.trace!.push(line) : undefined,
  });
}

function rendered(error: unknown): string {
  let text = '';
  renderError(error, { stream: { write: (chunk: string) => (text += chunk) }, paint: plain, debug: false });
  return text;
}

describe('connections:generate (beforeSend) under every injected fault', () => {
  it('is the operation that is repeated only before sending', () => {
    expect(operations.generateConnection.retry).toBe('beforeSend');
  });

  it('is the only one: the README retries reads, search, destinations patch and a removal on any temporary failure', () => {
    const modes = Object.fromEntries(Object.entries(operations).map(([name, operation]) => [name, operation.retry]));
    expect(modes).toEqual({
      getOrg: 'safe',
      listOrgInvites: 'safe',
      getProvider: 'safe',
      searchRecords: 'safe',
      updateDestination: 'safe',
      generateConnection: 'beforeSend',
      // read-operations.md: the reads, and the removal of a connection.
      listProjects: 'safe',
      getProject: 'safe',
      listConnections: 'safe',
      getConnection: 'safe',
      deleteConnection: 'safe',
      listDestinations: 'safe',
      getDestination: 'safe',
      listProviders: 'safe',
    });
  });

  const fixture = useFixture({ clearFaults: true });

  it.each(faultCases.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
    const expected = fault.expect.beforeSend;
    const flag = (name: string) => {
      const index = fault.flags?.indexOf(name) ?? -1;
      return index === -1 ? undefined : Number(fault.flags![index + 1]);
    };
    await fixture.addFaults({ generateConnection: fault.steps });
    const api = client(fixture.sandbox.baseUrl, {
      timeoutMs: (flag('--timeout') ?? 10) * 1000,
      retries: flag('--retries') ?? (fault.env?.IPCTL_RETRIES !== undefined ? Number(fault.env.IPCTL_RETRIES) : 3),
    });
    const body = { provider: 'pipedrive', groupRef: 'acme-corp', consumerRef: 'u-42', providerWorkspaceRef: 'acme', apiKey: new Secret(canaryApiKey) };
    const failure = await api.call(operations.generateConnection, { path: { projectIdOrName: 'demo' }, body }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await api.close();
    expect(expected.exit).not.toBe('success');
    expect(failure).toBeInstanceOf(UserError);
    expect((failure as UserError).exitCode).toBe(expected.exit);
    const text = rendered(failure);
    for (const pattern of expected.stderr ?? []) expect(text).toMatch(pattern);
    expect(text).not.toContain(canaryApiKey);
    const sent = (await fixture.requests()).filter((entry) => entry.operation === 'generateConnection');
    expect(sent.length).toBe(expected.attempts);
  });

  it('says in the trace why a lost connection is not retried', async () => {
    await fixture.addFaults({ generateConnection: [{ kind: 'reset' }] });
    const trace: string[] = [];
    const api = client(fixture.sandbox.baseUrl, { trace });
    await expect(api.call(generate, { path: { projectIdOrName: 'demo' }, body: {} })).rejects.toThrow(/broke before the answer/);
    await api.close();
    expect(trace.filter((line) => line.startsWith('→ POST'))).toHaveLength(1);
    expect(trace.join('\n')).toMatch(/retry: not retried: the POST may have reached the server \((ECONNRESET|UND_ERR_SOCKET)\)/);
  });
});

describe('a beforeSend operation when the connection is refused', () => {
  /** A port nothing listens on (yet). */
  async function freePort(): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }

  it('is retried, and sent once, when the server comes up between attempts', async () => {
    const port = await freePort();
    const received: string[] = [];
    const server = createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"conn_1"}');
    });
    const trace: string[] = [];
    let started = false;
    const api = new ApiClient({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      searchUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: new Secret(canaryApiKey),
      timeoutMs: 10_000,
      retry: { retries: 6, maxWaitMs: 60_000, backoffMs: 300 },
      userAgent: 'ipctl-test',
      env: {},
      // The server starts once the first refusal is seen: deterministic, no timing guesses.
      trace: (line) => {
        trace.push(line);
        if (line.startsWith('retry:') && !started) {
          started = true;
          server.listen(port, '127.0.0.1');
        }
      },
    });
    try {
      expect(await api.call(generate, { path: { projectIdOrName: 'demo' }, body: {} })).toEqual({ id: 'conn_1' });
    } finally {
      await api.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toEqual(['POST /v1/projects/demo/connections:generate']);
    expect(trace.find((line) => line.startsWith('retry:'))).toMatch(/^retry: ECONNREFUSED; waiting \d+ ms \(backoff\) before attempt 2 of 7$/);
  });

  it('gives up after the attempts allowed, saying how many', async () => {
    const port = await freePort();
    const trace: string[] = [];
    const api = client(`http://127.0.0.1:${port}/v1`, { retries: 2, trace });
    const failure = await api.call(generate, { path: { projectIdOrName: 'demo' }, body: {} }).catch((error: unknown) => error);
    await api.close();
    expect((failure as UserError).exitCode).toBe(5);
    expect(rendered(failure)).toContain('ECONNREFUSED');
    expect(rendered(failure)).toContain('Gave up after 3 attempts.');
    expect(trace.filter((line) => line.startsWith('→ POST'))).toHaveLength(3);
  });
});
