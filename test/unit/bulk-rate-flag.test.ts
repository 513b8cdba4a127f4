// --rate N, in-process against the sandbox: a positive number of requests a
// second, with --from-file only; anything else is exit 2, naming --rate and
// what to give, with nothing sent (docs/commands/connections-bulk.md, "--rate").
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { useWorkspace } from '../helpers/workspace.js';

const fixture = useFixture();
const work = useWorkspace('ipctl-bulk-rate-flag-');

function input(count: number): string {
  const rows = Array.from({ length: count }, (_, index) =>
    JSON.stringify({ provider: 'pipedrive', groupRef: `rateflag-${work.run}-${index + 1}`, consumerRef: `u-${index + 1}`, providerWorkspaceRef: 'acme', apiKey: `pd_rate_${work.run}_${index + 1}` }),
  );
  const path = join(work.path, `${work.run}-rows.jsonl`);
  writeFileSync(path, rows.join('\n') + '\n');
  return path;
}

const generate = (...more: string[]) => runMain(['connections', 'generate', '--project', 'demo', ...more], { env: fixture.env(), timeoutMs: 30_000 });

describe('--rate', () => {
  it.each(['0', '0.0', '-1', '-0.5', 'abc', '', '1e3', '50/s', 'Infinity', ' 5', '100001'])('refuses %j: exit 2, naming --rate and what to give, nothing sent', async (value) => {
    const result = await generate('--from-file', input(3), '--rate', value);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--rate: must be a number of requests a second from 0.001 to 100000');
    expect(result.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(await fixture.requests()).toEqual([]);
  });

  it('works with --from-file only: exit 2 without it, nothing sent', async () => {
    const result = await generate('--provider', 'pipedrive', '--group-ref', 'g', '--consumer-ref', 'u', '--workspace', 'acme', '--rate', '5');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--rate works with --from-file only.');
    expect(await fixture.requests()).toEqual([]);
  });

  it.each(['50', '0.5', '2.25', '100000'])('takes %s (checked with --dry-run: nothing sent)', async (value) => {
    const result = await generate('--from-file', input(2), '--rate', value, '--dry-run');
    expect(result.stderr).not.toContain('--rate');
    expect(result.code).toBe(0);
    expect((await fixture.requests()).filter((request) => request.operation === 'generateConnection')).toEqual([]);
  });

  it('imports every row at the rate given', async () => {
    const result = await generate('--from-file', input(5), '--rate', '1000', '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 5, created: 5, failed: 0 });
    // Under -o json, off a terminal, stderr carries no progress: nothing at all on success.
    expect(result.stderr).toBe('');
  });
});
