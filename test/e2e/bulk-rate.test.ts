// A bulk import against a rate-limited service, end to end: the built CLI
// against a real sandbox whose fault plan limits generateConnection to 200
// requests a second per API key (docs/reliability.md, "Rate limits"). The import
// slows down and speeds up again on its own (docs/commands/connections-bulk.md,
// "Sending"), and --rate keeps under a rate without a single 429.
// No exact timings are asserted: the machine may be slow and shared.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, ipctlBin, runIpctl, runIpctlInTerminal, tempDir } from '../helpers/cli.js';
import { type LoggedRequest, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });
const files = tempDir('ipctl-bulk-rate-');

afterAll(() => {
  files.remove();
});

const secretOf = (prefix: string, index: number) => `pd_CANARY_${prefix}_${index}_key`;

function input(prefix: string, count: number): string {
  const rows = Array.from({ length: count }, (_, index) =>
    JSON.stringify({ provider: 'pipedrive', groupRef: `${prefix}-${index + 1}`, consumerRef: `user-${index + 1}`, providerWorkspaceRef: 'acme', apiKey: secretOf(prefix, index + 1) }),
  );
  const path = join(files.path, `${prefix}.jsonl`);
  writeFileSync(path, rows.join('\n') + '\n');
  return path;
}

/** Each of rows 1..count exists exactly once in the sandbox. */
async function expectEachOnce(prefix: string, count: number): Promise<void> {
  const response = await fetch(new URL('/_sandbox/projects/demo/connections', fixture.sandbox.baseUrl));
  const { connections } = (await response.json()) as { connections: Array<{ groupRef: string }> };
  const refs = connections.map((connection) => connection.groupRef).filter((ref) => ref.startsWith(`${prefix}-`));
  expect(refs.length).toBe(count);
  expect(new Set(refs).size).toBe(count);
  for (let index = 1; index <= count; index++) expect(refs).toContain(`${prefix}-${index}`);
}

/** The last record of each line of the results file. */
function finalStatuses(path: string): Map<number, string> {
  const statuses = new Map<number, string>();
  for (const line of readFileSync(path, 'utf8').split('\n').filter((text) => text !== '')) {
    const record = JSON.parse(line) as { line: number; status: string };
    statuses.set(record.line, record.status);
  }
  return statuses;
}

/** The values in order, each run of repeats as one. */
function changes(values: number[]): number[] {
  return values.filter((value, index) => index === 0 || value !== values[index - 1]);
}

/** Whether some value falls below an earlier one, and a later one then rises above it. */
function fallsThenRises(values: number[]): boolean {
  let highest = -Infinity;
  let lowAfterFall = Infinity;
  for (const value of values) {
    if (value > lowAfterFall) return true;
    if (value < highest) lowAfterFall = Math.min(lowAfterFall, value);
    highest = Math.max(highest, value);
  }
  return false;
}

/** The most of the times (ms) that fall in any one-second window, wherever it starts. */
function mostInAnySecond(times: number[]): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while ((times[last] as number) - (times[first] as number) >= 1000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

const generations = (log: LoggedRequest[]) => log.filter((request) => request.operation === 'generateConnection');

describe('a bulk import against a rate-limited service', { timeout: 400_000 }, () => {
  it('1,000 rows at 200 requests a second: no row failed, each created once, and the progress shows the concurrency fall and rise again', async () => {
    await fixture.addFaults({ generateConnection: [{ kind: 'rate-limit', perSecond: 200 }] });
    // Real time is the point here: the limit is so many requests a second. 1,000 rows take at least 5 s at
    // the limit, time for the concurrency to fall and rise again: each 429 pauses the import for its
    // Retry-After (1 s), and the concurrency climbs back from half in a few dozen answers.
    const path = input('limited', 1000);
    const result = await runIpctlInTerminal(['connections', 'generate', '--project', 'demo', '--from-file', path], { env: fixture.env(), timeoutMs: 360_000, columns: 200 });
    // stdout and stderr share the terminal.
    const screen = result.stdout.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
    expect(result.code, screen.slice(-2000)).toBe(0);
    expect(screen).toMatch(/│ Created\s+│ 1,000\s+│/);
    expect(screen).toMatch(/│ Failed\s+│ 0\s+│/);
    expect(screen).not.toMatch(/canary/i);
    const statuses = finalStatuses(path.replace(/\.jsonl$/, '.results.jsonl'));
    expect(statuses.size).toBe(1000);
    expect([...statuses.values()].every((status) => status === 'created')).toBe(true);
    await expectEachOnce('limited', 1000);
    // The limit was reached: the sandbox answered some requests 429.
    const log = generations(await fixture.requests());
    expect(log.filter((request) => request.fault === 'rate-limit' && request.status === 429).length).toBeGreaterThan(0);
    expect(log.filter((request) => request.status === 201)).toHaveLength(1000);
    // Every redrawn progress line says how many requests may be in flight, of the 8 --concurrency allows.
    const concurrency = [...screen.matchAll(/· concurrency (\d+)\/8 ·/g)].map((match) => Number(match[1]));
    const seen = changes(concurrency);
    expect(Math.min(...seen), `concurrency shown: ${seen.join(' ')}`).toBeLessThan(8);
    expect(fallsThenRises(seen), `concurrency shown: ${seen.join(' ')}`).toBe(true);
    expect(screen).toMatch(/· concurrency \d+\/8 · [\d,]+ req\/s/);
  });

  it('--rate 50: no more than about 50 requests reach the sandbox in any second, and CI progress lines show the pacing', async () => {
    const path = input('paced', 300);
    // 16 workers, most of them waiting their turn at any moment.
    const result = await runIpctl(['connections', 'generate', '--project', 'demo', '--from-file', path, '--concurrency', '16', '--rate', '50'], { env: fixture.env({ CI: 'true' }), timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    // On success, stderr holds progress lines and nothing else (no warning from Node either).
    for (const line of result.stderr.split('\n').filter((text) => text !== '')) expect(line).toMatch(/^Progress: /);
    await expectEachOnce('paced', 300);
    const times = generations(await fixture.requests())
      .map((request) => Date.parse((request as LoggedRequest & { time: string }).time))
      .sort((a, b) => a - b);
    expect(times).toHaveLength(300);
    // 50 a second evenly spaced, with room for requests that reach the sandbox unevenly on a busy machine.
    expect(mostInAnySecond(times)).toBeLessThanOrEqual(62);
    // 300 requests 20 ms apart span about 6 s, however fast the machine.
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThanOrEqual(5500);
    // A plain line every 5 s: the concurrency, never lowered without a 429, and the requests a second, never far above 50.
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('Progress: '));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const match = /; concurrency 16\/16, (\d+) req\/s$/.exec(line);
      expect(match, line).not.toBeNull();
      expect(Number(match![1])).toBeLessThanOrEqual(55);
    }
  });
});

describe('ipctl sandbox --faults FILE with a rate limit', { timeout: 60_000 }, () => {
  it('loads it: the plan shows it, and a burst beyond the rate answers 429 with Retry-After', async () => {
    const plan = join(files.path, 'rate-plan.json');
    writeFileSync(plan, JSON.stringify({ getProvider: [{ kind: 'rate-limit', perSecond: 2 }] }));
    const child = spawn(process.execPath, [ipctlBin, 'sandbox', '--port', '0', '--json', '--faults', plan], { env: cleanEnv() });
    try {
      // With --json, the sandbox's first line says where it listens.
      const first = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
      const { baseUrl } = JSON.parse(first.value as string) as { baseUrl: string };
      expect(await (await fetch(new URL('/_sandbox/faults', baseUrl))).json()).toEqual({ getProvider: [{ kind: 'rate-limit', perSecond: 2 }] });
      const burst = await Promise.all(Array.from({ length: 8 }, () => fetch(`${baseUrl}/providers/salesforce`)));
      const limited = burst.filter((response) => response.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(6);
      expect(limited[0]!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses a rate that is not a whole number of 1 or more: exit 2 before listening, naming the step', async () => {
    const plan = join(files.path, 'bad-rate-plan.json');
    writeFileSync(plan, JSON.stringify({ generateConnection: [{ kind: 'rate-limit', perSecond: 0 }] }));
    const result = await runIpctl(['sandbox', '--port', '0', '--json', '--faults', plan]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`--faults: ${plan} is not a valid fault plan:`);
    expect(result.stderr).toContain('generateConnection.0.perSecond');
  });
});
