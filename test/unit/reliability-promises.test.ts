// Promises of the README's "Reliability, networks and security" section that no
// other test aims at. ipctl runs in this process against HTTP stubs that record
// every request.
import { describe, expect, it } from 'vitest';
import { useHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

const stubs = useHttpStubs();

const org = { id: 'o6', label: 'Six', defaultTeamId: 't1', createTime: '2025-01-01T00:00:00Z', updateTime: '2025-01-01T00:00:00Z' };

function orgsGet() {
  return runMain(['orgs', 'get', 'o0', '--retries', '0', '-o', 'json'], {
    env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_reliability_promises', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-reliability-promises', NO_COLOR: '1' },
  });
}

/** /orgs/o0 redirects to /orgs/o1, and so on, `count` times, each on the same origin. */
function redirectChain(count: number): void {
  for (let step = 0; step < count; step += 1) stubs.register('GET', `/orgs/o${step}`, { status: 307, headers: { location: `/v1/orgs/o${step + 1}` }, body: '' });
}

describe('redirects within the origin', () => {
  // README "Redirects are followed only within the exact origin, ... (at most five)".
  it('are followed five times', async () => {
    redirectChain(5);
    stubs.register('GET', '/orgs/o5', { status: 200, json: { ...org, id: 'o5' } });
    const result = await orgsGet();
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe('o5');
    stubs.verify();
  });

  it('are not followed a sixth time: exit 1, saying so, the sixth target never asked', async () => {
    redirectChain(6);
    const result = await orgsGet();
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/redirect/i);
    expect(stubs.received.map((request) => request.url)).toEqual([0, 1, 2, 3, 4, 5].map((step) => `/v1/orgs/o${step}`));
    stubs.verify();
  });
});

describe('an ID in a path', () => {
  // README "Nothing steers a request": "Each ID is percent-encoded as one path segment".
  it.each([
    ['a query', 'o1?status=pending', '/v1/orgs/o1%3Fstatus%3Dpending'],
    ['a fragment and a space', 'o1#x y', '/v1/orgs/o1%23x%20y'],
  ])('with %s is one segment, percent-encoded', async (_what, id, sent) => {
    const result = await runMain(['orgs', 'get', id, '--retries', '0'], {
      env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_reliability_promises', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-reliability-promises', NO_COLOR: '1' },
    });
    expect(stubs.received.map((request) => request.url)).toEqual([sent]);
    // Nothing is stubbed at that path: the stubs answer 599, which is no success.
    expect(result.code).not.toBe(0);
  });
});
