// One run per results file, as a person meets it (docs/commands/connections-bulk.md,
// "One run per results file"): a second run while the first holds the lock is
// refused with exit 2, naming the holder and sending nothing; once the first is
// gone (killed: its process ended, or its ID given to another process, or on
// another machine its heartbeat stopped), the next run takes the lock over and
// says so. In-process against the sandbox, with the machine's processes given.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Processes } from '../../src/deps.js';
import { until } from '../helpers/until.js';
import { tempDir } from '../helpers/cli.js';
import { runMain, testClock } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });
const files = tempDir('ipctl-bulk-lock-');
let run = 0;

afterAll(() => files.remove());
beforeEach(() => {
  run += 1;
});

function input(count: number): string {
  const rows = Array.from({ length: count }, (_, index) =>
    JSON.stringify({ provider: 'pipedrive', groupRef: `lock-${run}-${index + 1}`, consumerRef: `who-${index + 1}`, providerWorkspaceRef: 'ws', apiKey: `pk_CANARY_${run}_${index}_lock` }),
  );
  const path = join(files.path, `${run}-rows.jsonl`);
  writeFileSync(path, rows.join('\n') + '\n');
  return path;
}

const generate = (path: string, ...more: string[]) => ['connections', 'generate', '--project', 'demo', '--from-file', path, '--concurrency', '1', ...more];

/** The processes of one machine, `runner`: which IDs run, and when each started. */
function machine() {
  const started = new Map<number, number>();
  const as = (pid: number): Processes => ({ pid, hostname: 'runner', isRunning: (other) => started.has(other), startTime: (other) => started.get(other) });
  return { started, as };
}

const generated = async () => (await fixture.requests()).filter((request) => request.operation === 'generateConnection').length;

describe('a second run over the same results file', { timeout: 60_000 }, () => {
  it.each([
    ['its process is killed', (runner: ReturnType<typeof machine>) => runner.started.delete(7001), 'process 7001, which is no longer running'],
    ['its process is killed and its ID given to another', (runner: ReturnType<typeof machine>) => runner.started.set(7001, 99_999), 'process 7001, which is no longer running (another process has its ID now)'],
  ])('is refused with exit 2 naming the first while it runs; once %s, the next takes the lock over and says so', async (_, kill, whose) => {
    const runner = machine();
    runner.started.set(7001, 1_000).set(7002, 2_000).set(7003, 3_000);
    const path = input(3);
    const results = path.replace(/\.jsonl$/, '.results.jsonl');
    await fixture.addFaults({ generateConnection: [{ kind: 'hang', times: 1 }] });
    const stop = new AbortController();
    const first = runMain(generate(path), { env: fixture.env(), processes: runner.as(7001), signal: stop.signal, timeoutMs: 50_000 });
    await until(async () => (await fixture.requests()).some((request) => request.fault === 'hang'), 'the first run sending its request', 5_000);
    await fixture.clearRequests();

    const refused = await runMain(generate(path, '--resume'), { env: fixture.env(), processes: runner.as(7002) });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`Error: --results: ${results} is in use by another import (process 7001); nothing was sent.`);
    expect(refused.stderr).toContain(`heartbeat has stopped for 30 s; if no ipctl is running anywhere, remove ${results}.lock.`);
    expect(await generated()).toBe(0);

    kill(runner);
    const taken = await runMain(generate(path, '--resume', '--retry-uncertain'), { env: fixture.env(), processes: runner.as(7003) });
    expect(taken.stderr).toContain(`Took over the lock on ${results}, left by ${whose}.`);
    expect(taken.code).toBe(0);
    expect(await generated()).toBe(3);
    expect(existsSync(`${results}.lock`)).toBe(false);

    stop.abort('SIGINT');
    expect((await first).code).toBe(130);
    // The first, stopped at last, leaves the lock it no longer holds alone (here: none).
    expect(existsSync(`${results}.lock`)).toBe(false);
  });
});

describe('a lock left by a run on another machine sharing the disk', { timeout: 60_000 }, () => {
  /** The lock as a run on `runner-2` writes it, its last heartbeat `agoMs` before now. */
  function leftLock(results: string, agoMs: number): void {
    const beat = new Date(Date.now() - agoMs).toISOString();
    writeFileSync(`${results}.lock`, JSON.stringify({ pid: 7001, host: 'runner-2', started: 1_000, time: '2026-01-01T00:00:00.000Z', heartbeat: beat }));
  }

  it('is refused while its heartbeat is fresh (5 s old), whatever the age of the lock', async () => {
    const path = input(2);
    const results = path.replace(/\.jsonl$/, '.results.jsonl');
    leftLock(results, 5_000);
    const refused = await runMain(generate(path), { env: fixture.env(), processes: machine().as(7002), clock: testClock() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Error: --results: ${results} is in use by another import (process 7001 on runner-2); nothing was sent.`);
    expect(await generated()).toBe(0);
    expect(readFileSync(`${results}.lock`, 'utf8')).toContain('"host":"runner-2"');
  });

  it('is taken over once its heartbeat has stopped for over 30 s and stays unchanged while watched 15 s; the run says so', async () => {
    const path = input(2);
    const results = path.replace(/\.jsonl$/, '.results.jsonl');
    leftLock(results, 120_000);
    const clock = testClock();
    const taken = await runMain(generate(path), { env: fixture.env(), processes: machine().as(7002), clock });
    expect(taken.stderr).toContain(`The lock ${results}.lock was last refreshed at `);
    expect(taken.stderr).toContain(`by process 7001 on runner-2; watching it for 15 s before taking it over.`);
    expect(taken.stderr).toContain(`Took over the lock on ${results}, left by process 7001 on runner-2, which stopped refreshing it.`);
    expect(clock.waits).toContain(15_000);
    expect(taken.code).toBe(0);
    expect(await generated()).toBe(2);
    expect(existsSync(`${results}.lock`)).toBe(false);
  });

  it('written by an earlier version (no heartbeat) is never taken over from another machine: exit 2 naming it', async () => {
    const path = input(1);
    const results = path.replace(/\.jsonl$/, '.results.jsonl');
    writeFileSync(`${results}.lock`, JSON.stringify({ pid: 7001, host: 'runner-2', time: '2020-01-01T00:00:00.000Z' }));
    const refused = await runMain(generate(path), { env: fixture.env(), processes: machine().as(7002), clock: testClock() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`is in use by another import (process 7001 on runner-2); nothing was sent.`);
    expect(await generated()).toBe(0);
  });
});
