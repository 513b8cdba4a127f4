import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaultPlan, isLoopback, parseFaultPlan } from '../../src/sandbox/faults.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import type { RequestLogEntry } from '../../src/sandbox/state.js';

let sandbox: Sandbox;
let origin: string;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, faults: { getProvider: [{ kind: 'status', status: 503, retryable: true }] } });
  origin = new URL(sandbox.baseUrl).origin;
});
afterAll(async () => sandbox.close());
beforeEach(async () => {
  await fetch(`${origin}/_sandbox/requests`, { method: 'DELETE' });
});

const faultsUrl = () => `${origin}/_sandbox/faults`;
const post = (body: unknown) => fetch(faultsUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const provider = () => fetch(`${sandbox.baseUrl}/providers/salesforce`);

describe('the fault plan', () => {
  it('hands out steps in order, each `times` times, operation queues before "*"', () => {
    const plan = new FaultPlan();
    const parsed = parseFaultPlan({ getOrg: [{ kind: 'status', status: 429, times: 2 }, { kind: 'reset' }], '*': [{ kind: 'hang' }] });
    if ('problems' in parsed) throw new Error(parsed.problems.join('\n'));
    plan.add(parsed.plan);
    expect(['getOrg', 'getOrg', 'getOrg', 'getOrg', 'getOrg'].map((operation) => plan.take(operation)?.kind)).toEqual(['status', 'status', 'reset', 'hang', undefined]);
  });

  it('lists every problem of an invalid plan', () => {
    const parsed = parseFaultPlan({ getOrg: [{ kind: 'explode' }, { kind: 'status', status: 200 }], other: 'no' });
    expect('problems' in parsed && parsed.problems).toEqual([
      expect.stringMatching(/^getOrg\.0\.kind: /),
      expect.stringMatching(/^getOrg\.1\.status: /),
      expect.stringMatching(/^other: /),
    ]);
  });

  it('is loaded at start (the --faults file) and used up', async () => {
    const first = await provider();
    expect(first.status).toBe(503);
    expect(first.headers.get('content-type')).toBe('application/problem+json');
    expect(await first.json()).toMatchObject({ status: 503, retryable: true, title: 'Service Unavailable', type: 'https://sandbox.ipctl.dev/problems/injected-fault' });
    expect((await provider()).status).toBe(200);
  });
});

describe('POST/GET/DELETE /_sandbox/faults', () => {
  it('adds faults, shows what is pending, and clears them', async () => {
    const added = await post({ getProvider: [{ kind: 'status', status: 429, retryAfter: 7, problemRetryAfter: 60 }, { kind: 'html', times: 2 }] });
    expect(added.status).toBe(200);
    expect(await (await fetch(faultsUrl())).json()).toEqual({
      getProvider: [
        { kind: 'status', status: 429, retryAfter: 7, problemRetryAfter: 60, times: 1 },
        { kind: 'html', status: 502, times: 2 },
      ],
    });
    const limited = await provider();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    const problem = (await limited.json()) as { retryAfter: string; time: string };
    expect(Date.parse(problem.retryAfter) - Date.parse(problem.time)).toBe(60_000);
    const page = await provider();
    expect(page.status).toBe(502);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<h1>502 Bad Gateway</h1>');

    expect((await fetch(faultsUrl(), { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(faultsUrl())).json()).toEqual({});
    expect((await provider()).status).toBe(200);
  });

  it('logs each fault it injects, with its kind', async () => {
    await post({ getProvider: [{ kind: 'malformed' }] });
    const malformed = await provider();
    expect(malformed.status).toBe(200);
    expect(await malformed.text()).toBe('{"id": "malformed", "label": ');
    const log = (await (await fetch(`${origin}/_sandbox/requests`)).json()) as RequestLogEntry[];
    expect(log.map((entry) => [entry.operation, entry.status, entry.fault])).toEqual([['getProvider', 200, 'malformed']]);
  });

  it('answers 400 with the problems of an invalid plan, and 405 for other methods', async () => {
    const invalid = await post({ getOrg: [{ kind: 'status', status: 99 }] });
    expect(invalid.status).toBe(400);
    const problem = (await invalid.json()) as { issues: Array<{ detail: string }> };
    expect(problem.issues[0]?.detail).toMatch(/^getOrg\.0\.status: /);
    expect((await fetch(faultsUrl(), { method: 'PUT' })).status).toBe(405);
  });

  it('answers 400 to a plan for an operation the sandbox does not have, listing those it has, the closest first, and queues nothing', async () => {
    const typo = await post({ getOrgz: [{ kind: 'status', status: 503 }] });
    expect(typo.status).toBe(400);
    const problem = (await typo.json()) as { issues: Array<{ detail: string }> };
    expect(problem.issues).toHaveLength(1);
    expect(problem.issues[0]?.detail).toMatch(/^getOrgz: the sandbox has no such operation; it has getOrg, listOrgInvites, listProjects, getProject, listProviders, getProvider, /);
    expect(await (await fetch(faultsUrl())).json()).toEqual({});
  });

  it('is for this machine only', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.5', '192.168.1.1', '::ffff:10.0.0.5', 'fe80::1', undefined]) expect(isLoopback(address)).toBe(false);
  });
});
