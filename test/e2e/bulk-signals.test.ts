// SIGHUP (the terminal or SSH session closed) and SIGQUIT (Ctrl-\) end a bulk
// import as SIGTERM does (README, "Exit codes"; docs/commands/connections-bulk.md,
// "Interrupting"): no more rows started, those in flight settled and recorded,
// the lock on the results file released, the summary written; exit 129 and 131,
// 128 plus the signal's number as shells report it. The built CLI: signals are the point.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startIpctl } from '../helpers/cli.js';
import { useFaultProxy } from '../helpers/fault-proxy.js';
import { useFixture } from '../helpers/sandbox.js';
import { useWorkspace } from '../helpers/workspace.js';

const fixture = useFixture();
const work = useWorkspace('ipctl-bulk-signals-');
const proxy = useFaultProxy(() => fixture.sandbox.baseUrl);

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a bulk import stopped by a signal', { timeout: 60_000 }, () => {
  const cases: Array<[NodeJS.Signals, number]> = [
    ['SIGHUP', 129],
    ['SIGQUIT', 131],
  ];
  for (const [signal, code] of cases) {
    it(`${signal}: settles the rows in flight, releases the lock, writes the summary, exits ${code}`, async () => {
      const group = `sig-${signal}-${Date.now()}`;
      const input = join(work.path, `${signal}.jsonl`);
      writeFileSync(input, Array.from({ length: 30 }, (_, index) => JSON.stringify({ groupRef: group, consumerRef: `u-${index + 1}`, providerWorkspaceRef: 'ws', apiKey: `pk_sig_${index + 1}` })).join('\n') + '\n');
      const results = join(work.path, `${signal}.results.jsonl`);
      // The first 10 requests are answered; the next ones are held with no answer.
      proxy.setRule(({ n }) => (n <= 10 ? { kind: 'pass' } : { kind: 'hold' }));
      const running = startIpctl(['connections', 'generate', '--provider', 'pipedrive', '--project', 'proj_demo', '--from-file', input, '--concurrency', '4'], { env: fixture.env({ IPCTL_BASE_URL: proxy.baseUrl }), timeoutMs: 30_000 });
      await waitFor(() => proxy.heldCount() === 4, '4 held requests');
      running.child.kill(signal);
      const stopped = await running.result();
      expect(stopped.signal).toBe(null);
      expect(stopped.code).toBe(code);
      // The summary (a table in a pipe: FIELD<TAB>VALUE) and what happened, on stderr.
      const summary = Object.fromEntries(stopped.stdout.trimEnd().split('\n').slice(1).map((line) => line.split('\t')));
      expect(summary).toMatchObject({ Rows: '30', Created: '10', Uncertain: '4', 'Not sent': '16' });
      expect(stopped.stderr).toContain('Interrupted: the requests in flight had half a second to finish; each is recorded, as uncertain where no answer came.');
      expect(stopped.stderr).not.toMatch(/\n\s+at /);
      // Each row in flight is recorded as uncertain; the lock is gone.
      const last = new Map<number, string>();
      for (const text of readFileSync(results, 'utf8').split('\n').filter(Boolean)) {
        const record = JSON.parse(text) as { line: number; status: string };
        last.set(record.line, record.status);
      }
      expect([...last.values()].filter((status) => status === 'uncertain')).toHaveLength(4);
      expect([...last.values()].filter((status) => status === 'created')).toHaveLength(10);
      expect(existsSync(`${results}.lock`)).toBe(false);
    });
  }
});

// Ctrl-C during one request, from a real SIGINT; the rest of what Ctrl-C does to a request is tested in-process (retries.test.ts).
describe('a request stopped by SIGINT', { timeout: 60_000 }, () => {
  it('is aborted, and ipctl exits 130', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'hang' }] });
    try {
      const running = startIpctl(['orgs', 'get'], { env: fixture.env() });
      while (!(await fixture.requests()).some((request) => request.operation === 'getOrg')) await new Promise((resolve) => setTimeout(resolve, 20));
      running.child.kill('SIGINT');
      const result = await running.result();
      expect(result.code).toBe(130);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('Error: Interrupted; the request was aborted.\n');
    } finally {
      await fixture.clearFaults();
    }
  });
});
