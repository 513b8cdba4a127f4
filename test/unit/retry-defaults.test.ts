// README "Reliability": "Defaults: 3 retries (--retries N, IPCTL_RETRIES; 0 turns
// retrying off)". Counted at the server: ipctl runs in this process against HTTP
// stubs that answer 503 every time, with no backoff to wait through.
import { describe, expect, it } from 'vitest';
import { useHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

const stubs = useHttpStubs();

const unavailable = { status: 503, json: { type: 'about:blank', title: 'Service Unavailable', status: 503 } };

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_retry_defaults', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-retry-defaults', IPCTL_RETRY_BACKOFF: '0', NO_COLOR: '1', ...extra };
}

async function orgsGet(args: string[], extra: Record<string, string> = {}) {
  for (let answer = 0; answer < 12; answer += 1) stubs.register('GET', '/orgs/o1', unavailable);
  const result = await runMain(['orgs', 'get', 'o1', ...args], { env: env(extra) });
  expect(result.code).toBe(5);
  return { result, attempts: stubs.received.length };
}

describe('how often a safe request is sent', () => {
  it('four times by default: the first attempt and 3 retries', async () => {
    const { result, attempts } = await orgsGet([]);
    expect(attempts).toBe(4);
    expect(result.stderr).toContain('Gave up after 4 attempts.');
  });

  it.each([
    ['--retries 0', ['--retries', '0'], {}],
    ['IPCTL_RETRIES=0', [], { IPCTL_RETRIES: '0' }],
  ])('once with %s', async (_name, args, extra) => {
    const { result, attempts } = await orgsGet(args, extra);
    expect(attempts).toBe(1);
    expect(result.stderr).not.toContain('Gave up');
  });

  it.each([
    ['--retries 1', ['--retries', '1'], {}, 2],
    ['IPCTL_RETRIES=5', [], { IPCTL_RETRIES: '5' }, 6],
  ])('as often as %s says, plus the first attempt', async (_name, args, extra, expected) => {
    const { attempts } = await orgsGet(args, extra);
    expect(attempts).toBe(expected);
  });
});
