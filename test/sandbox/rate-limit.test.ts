// The sandbox's rate limits (docs/reliability.md, "Rate limits"): a
// `rate-limit` step holds for as long as the plan is loaded; beyond `perSecond`
// requests of one credential in any second (a sliding window), the request
// answers 429 with Retry-After and a problem document of the API's shape
// (section 7 of the platform API: retryable, retryAfter as a date-time).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaultPlan, parseFaultPlan } from '../../src/sandbox/faults.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import type { RequestLogEntry } from '../../src/sandbox/state.js';

function planOf(value: unknown): FaultPlan {
  const parsed = parseFaultPlan(value);
  if ('problems' in parsed) throw new Error(parsed.problems.join('\n'));
  const plan = new FaultPlan();
  plan.add(parsed.plan);
  return plan;
}

/** What each request (operation, credential, time in ms) gets: 'ok', or 429's retry time. */
function answers(plan: FaultPlan, requests: Array<[string, string, number]>): Array<'ok' | number> {
  return requests.map(([operation, credential, at]) => {
    const answer = plan.next(operation, credential, at);
    if (answer === undefined) return 'ok';
    if (answer.kind !== 'rate-limit') throw new Error(`a ${answer.kind} fault, not a rate limit`);
    return answer.retryAt;
  });
}

describe('a rate limit in the fault plan', () => {
  it('lets `perSecond` requests of a credential through in any second, a sliding window, and says when there is room again', () => {
    const plan = planOf({ generateConnection: [{ kind: 'rate-limit', perSecond: 3 }] });
    const op = 'generateConnection';
    expect(answers(plan, [[op, 'k', 0], [op, 'k', 100], [op, 'k', 200], [op, 'k', 300], [op, 'k', 999]])).toEqual(['ok', 'ok', 'ok', 1000, 1000]);
    // The request of 0 ms leaves the window at 1000 ms: one more fits, then the one of 100 ms must leave.
    expect(answers(plan, [[op, 'k', 1000], [op, 'k', 1050], [op, 'k', 1100]])).toEqual(['ok', 1100, 'ok']);
  });

  it('does not count the requests it answered 429', () => {
    const plan = planOf({ generateConnection: [{ kind: 'rate-limit', perSecond: 2 }] });
    const op = 'generateConnection';
    const refused = Array.from({ length: 50 }, (_, index): [string, string, number] => [op, 'k', 10 + index * 19]);
    expect(answers(plan, [[op, 'k', 0], [op, 'k', 5], ...refused]).filter((answer) => answer === 'ok')).toHaveLength(2);
    expect(answers(plan, [[op, 'k', 1000], [op, 'k', 1005], [op, 'k', 1006]])).toEqual(['ok', 'ok', 2000]);
  });

  it('counts each credential on its own, and only the operation it names', () => {
    const plan = planOf({ generateConnection: [{ kind: 'rate-limit', perSecond: 1 }] });
    expect(answers(plan, [['generateConnection', 'a', 0], ['generateConnection', 'a', 1], ['generateConnection', 'b', 2], ['generateConnection', '', 3], ['getOrg', 'a', 4], ['getOrg', 'a', 5]])).toEqual([
      'ok',
      1000,
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('under "*", counts a credential\'s requests to every operation together; a request must fit both limits', () => {
    const plan = planOf({ '*': [{ kind: 'rate-limit', perSecond: 3 }], getOrg: [{ kind: 'rate-limit', perSecond: 1 }] });
    expect(answers(plan, [['getOrg', 'k', 0], ['getOrg', 'k', 10], ['getProvider', 'k', 20], ['searchRecords', 'k', 30], ['getProvider', 'k', 40]])).toEqual(['ok', 1000, 'ok', 'ok', 1000]);
  });

  it('holds until cleared, gives queued faults first (not counted), and shows in what is pending', () => {
    const plan = planOf({ getOrg: [{ kind: 'rate-limit', perSecond: 1 }, { kind: 'reset', times: 2 }] });
    expect(plan.pending()).toEqual({ getOrg: [{ kind: 'rate-limit', perSecond: 1 }, { kind: 'reset', times: 2 }] });
    expect([0, 1].map((at) => plan.next('getOrg', 'k', at)?.kind)).toEqual(['reset', 'reset']);
    expect(answers(plan, [['getOrg', 'k', 2], ['getOrg', 'k', 3], ['getOrg', 'k', 100_000], ['getOrg', 'k', 100_001]])).toEqual(['ok', 1002, 'ok', 101_000]);
    expect(plan.empty).toBe(false);
    plan.clear();
    expect(plan.empty).toBe(true);
    expect(answers(plan, [['getOrg', 'k', 100_002]])).toEqual(['ok']);
  });

  it('a later rate limit for an operation replaces the earlier one', () => {
    const plan = planOf({ getOrg: [{ kind: 'rate-limit', perSecond: 1 }] });
    const more = parseFaultPlan({ getOrg: [{ kind: 'rate-limit', perSecond: 2 }] });
    if ('problems' in more) throw new Error('refused');
    plan.add(more.plan);
    expect(plan.pending()).toEqual({ getOrg: [{ kind: 'rate-limit', perSecond: 2 }] });
    expect(answers(plan, [['getOrg', 'k', 0], ['getOrg', 'k', 1], ['getOrg', 'k', 2]])).toEqual(['ok', 'ok', 1000]);
  });

  it('refuses a rate that is not a whole number of 1 or more, and a step count', () => {
    for (const step of [{ kind: 'rate-limit', perSecond: 0 }, { kind: 'rate-limit', perSecond: 2.5 }, { kind: 'rate-limit' }, { kind: 'rate-limit', perSecond: 5, times: 2 }]) {
      const parsed = parseFaultPlan({ getOrg: [step] });
      expect('problems' in parsed && parsed.problems[0]).toMatch(/^getOrg\.0/);
    }
  });
});

describe('a rate-limited sandbox', () => {
  let sandbox: Sandbox;
  let origin: string;
  const provider = (headers: Record<string, string> = {}) => fetch(`${sandbox.baseUrl}/providers/salesforce`, { headers });
  const faults = (method: 'POST' | 'DELETE', plan?: unknown) =>
    fetch(`${origin}/_sandbox/faults`, { method, ...(plan ? { body: JSON.stringify(plan), headers: { 'content-type': 'application/json' } } : {}) });

  beforeAll(async () => {
    sandbox = await startSandbox({ host: '127.0.0.1', port: 0, faults: { getProvider: [{ kind: 'rate-limit', perSecond: 2 }] } });
    origin = new URL(sandbox.baseUrl).origin;
  });
  afterAll(async () => sandbox.close());
  beforeEach(async () => {
    await fetch(`${origin}/_sandbox/requests`, { method: 'DELETE' });
  });

  it('answers a burst beyond the rate with 429, Retry-After and a problem document in the API shape, and logs each as a rate-limit fault', async () => {
    const burst = await Promise.all(Array.from({ length: 8 }, () => provider({ 'x-api-key': 'burst-key' })));
    const limited = burst.filter((response) => response.status === 429);
    expect(burst.filter((response) => response.status === 200).length).toBeLessThanOrEqual(2);
    expect(limited.length).toBeGreaterThanOrEqual(6);
    const answer = limited[0]!;
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    const problem = (await answer.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({ type: 'https://sandbox.ipctl.dev/problems/rate-limited', title: 'Too Many Requests', status: 429, retryable: true, requestId: answer.headers.get('x-request-id') });
    expect(problem.detail).toMatch(/2 requests a second/);
    expect(typeof problem.remedy).toBe('string');
    // retryAfter: the time the window has room, within the second after the answer, and no later than Retry-After says.
    const wait = Date.parse(problem.retryAfter as string) - Date.parse(problem.time as string);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1000 * Number(answer.headers.get('retry-after')));
    const log = (await (await fetch(`${origin}/_sandbox/requests`)).json()) as RequestLogEntry[];
    expect(log.filter((entry) => entry.fault === 'rate-limit').map((entry) => [entry.operation, entry.status])).toEqual(limited.map(() => ['getProvider', 429]));
    // The credential is never logged.
    expect(JSON.stringify(log)).not.toContain('burst-key');
  });

  it('gives another API key a budget of its own', async () => {
    const first = await Promise.all(Array.from({ length: 6 }, () => provider({ 'x-api-key': 'first-key' })));
    expect(first.some((response) => response.status === 429)).toBe(true);
    expect((await provider({ 'x-api-key': 'second-key' })).status).toBe(200);
  });

  it('stops limiting once the plan is cleared, and limits again when loaded at run time', async () => {
    await Promise.all(Array.from({ length: 6 }, () => provider()));
    expect((await faults('DELETE')).status).toBe(204);
    expect((await Promise.all(Array.from({ length: 6 }, () => provider()))).map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await faults('POST', { getProvider: [{ kind: 'rate-limit', perSecond: 1 }] })).status).toBe(200);
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => provider({ 'x-api-key': 'third-key' })))).map((response) => response.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
  });
});
