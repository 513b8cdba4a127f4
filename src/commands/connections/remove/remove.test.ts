// `connections remove`, in-process against the sandbox. Expected values come
// from the README ("ipctl connections remove") and docs/commands/connections-bulk.md
// ("Removing what an import created"), never from src/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/cli.js';
import { runMain } from '../../../../test/helpers/in-process.js';
import { useFixture } from '../../../../test/helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });
const files = tempDir('ipctl-remove-');
let prefixes = 0;

afterAll(() => files.remove());

interface Listed {
  id: string;
  provider: string;
  groupRef: string;
  consumerRef: string;
}

/** The sandbox's own list of a project's connections (its control route, not the API). */
async function connectionsIn(project: string): Promise<Listed[]> {
  const response = await fetch(new URL(`/_sandbox/projects/${project}/connections`, fixture.sandbox.baseUrl));
  return ((await response.json()) as { connections: Listed[] }).connections;
}

/** The connections of one test, by the group prefix its rows use. */
async function ours(prefix: string, project = 'demo'): Promise<Listed[]> {
  return (await connectionsIn(project)).filter((connection) => connection.groupRef.startsWith(`${prefix}-`));
}

function run(args: string[], options: { env?: Record<string, string | undefined>; signal?: AbortSignal; terminal?: boolean } = {}) {
  return runMain(args, { env: fixture.env(options.env), signal: options.signal, timeoutMs: 60_000, ...(options.terminal ? { terminal: { stdin: true, stdout: true, stderr: true } } : {}) });
}

function rowOf(prefix: string, index: number, consumer = `u-${index}`): string {
  return JSON.stringify({ provider: 'pipedrive', groupRef: `${prefix}-${index}`, consumerRef: consumer, providerWorkspaceRef: 'acme', apiKey: `pd_live_${prefix}_${index}_0123456789` });
}

/** Imports `count` rows into demo; returns the input's and the results file's paths. */
async function imported(count: number, extra: string[] = []): Promise<{ prefix: string; input: string; results: string }> {
  prefixes += 1;
  const prefix = `rm${prefixes}`;
  const input = join(files.path, `${prefix}.jsonl`);
  writeFileSync(input, `${Array.from({ length: count }, (_, index) => rowOf(prefix, index + 1)).join('\n')}\n`);
  const result = await run(['connections', 'generate', '--from-file', input, '--project', 'demo', ...extra]);
  expect(result.code, result.stderr).toBe(0);
  expect(await ours(prefix)).toHaveLength(count);
  return { prefix, input, results: join(files.path, `${prefix}.results.jsonl`) };
}

const deletes = async (): Promise<Array<{ path: string; status: number }>> => (await fixture.requests()).filter((entry) => entry.operation === 'deleteConnection');

function records(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the bulk import records the project', () => {
  it('each created record carries the connection ID and the projectId it was created in (README, results file)', async () => {
    const { results } = await imported(2);
    const created = records(results).filter((record) => record.status === 'created');
    expect(created).toHaveLength(2);
    // The sandbox's demo project is proj_demo; --project gave its name.
    for (const record of created) {
      expect(record.projectId).toBe('proj_demo');
      expect(record.connectionId).toMatch(/^conn_/);
    }
  });
});

describe('connections remove --from-results', () => {
  it('removes all 50 connections a 50-row import created; --resume then sends nothing and exits 0', async () => {
    const { prefix, results } = await imported(50);
    await fixture.clearRequests();
    const removed = await run(['connections', 'remove', '--from-results', results, '--yes', '-o', 'json']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(await ours(prefix)).toEqual([]);
    const summary = JSON.parse(removed.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({ project: 'proj_demo', rows: 50, removed: 50, alreadyRemoved: 0, failed: 0, uncertain: 0, notSent: 0 });
    // README: its own results file, by default beside the first RESULTS.
    const own = join(files.path, `${prefix}.results.removed.jsonl`);
    expect(summary.results).toBe(own);
    const ended = records(own).filter((record) => record.status === 'removed');
    expect(ended).toHaveLength(50);
    // One project check, then one DELETE a connection, each answered 204.
    const sent = await fixture.requests();
    expect(sent.filter((entry) => entry.operation === 'getProject')).toHaveLength(1);
    const answered = sent.filter((entry) => entry.operation === 'deleteConnection');
    expect(answered).toHaveLength(50);
    expect(new Set(answered.map((entry) => entry.path)).size).toBe(50);
    expect(answered.every((entry) => entry.status === 204)).toBe(true);

    await fixture.clearRequests();
    const again = await run(['connections', 'remove', '--from-results', results, '--resume', '--yes', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 50, removed: 0, removedBefore: 50, notSent: 0 });
    expect(await deletes()).toEqual([]);

    // connections report reads the removal's results: every row removed, exit 0.
    const report = await run(['connections', 'report', own, '-o', 'json']);
    expect(report.code, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout)).toMatchObject({ rows: 50, removed: 50, failed: 0, uncertain: 0 });
  });

  it('a new run over a results file that holds a removal is refused (exit 2): --resume continues it', async () => {
    const { results } = await imported(1);
    expect((await run(['connections', 'remove', '--from-results', results, '--yes'])).code).toBe(0);
    const fresh = await run(['connections', 'remove', '--from-results', results, '--yes']);
    expect(fresh.code).toBe(2);
    expect(fresh.stderr).toMatch(/already holds the results of a run/);
  });

  it('without --yes in a pipe: exit 2, naming --yes, nothing removed', async () => {
    const { prefix, results } = await imported(3);
    await fixture.clearRequests();
    const refused = await run(['connections', 'remove', '--from-results', results]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--yes/);
    expect(refused.stdout).toBe('');
    expect(await ours(prefix)).toHaveLength(3);
    expect(await deletes()).toEqual([]);
    expect(existsSync(join(files.path, `${prefix}.results.removed.jsonl`))).toBe(false);
  });

  it('results files that record no created connection: nothing to remove, exit 0, nothing sent, even with no project anywhere', async () => {
    prefixes += 1;
    const results = join(files.path, `rm${prefixes}-invalid.results.jsonl`);
    writeFileSync(results, `${JSON.stringify({ line: 1, status: 'invalid', problem: { title: 'no group' }, time: '2026-01-01T00:00:00Z' })}\n`);
    await fixture.clearRequests();
    const result = await run(['connections', 'remove', '--from-results', results, '--yes', '-o', 'json'], { env: { IPCTL_PROJECT: undefined } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 0, removed: 0, failed: 0 });
    expect(await deletes()).toEqual([]);
  });

  it('the --yes hint names the profile in use, so the command it gives acts on the same profile', async () => {
    const { prefix, results } = await imported(1);
    const [made] = await ours(prefix);
    const config = join(files.path, `${prefix}-config`);
    mkdirSync(config, { mode: 0o700 });
    writeFileSync(join(config, 'config.json'), JSON.stringify({ current: 'other', profiles: { other: {}, staging: {} } }), { mode: 0o600 });
    const env = { IPCTL_CONFIG_DIR: config };
    const byId = await run(['connections', 'remove', made!.id, '--project', 'demo', '--profile', 'staging'], { env });
    expect(byId.code).toBe(2);
    expect(byId.stderr).toContain(`ipctl connections remove ${made!.id} --project demo --profile staging --yes`);
    const fromResults = await run(['connections', 'remove', '--from-results', results], { env: { ...env, IPCTL_PROFILE: 'staging' } });
    expect(fromResults.code).toBe(2);
    expect(fromResults.stderr).toContain(`ipctl connections remove --from-results ${results} --profile staging --yes`);
    expect(await ours(prefix)).toHaveLength(1);
  });

  it('asks once at a terminal, naming the count and the project; no removes nothing (exit 130)', async () => {
    const { prefix, results } = await imported(2);
    const asked: string[] = [];
    const result = await runMain(['connections', 'remove', '--from-results', results], {
      env: fixture.env(),
      terminal: { stdin: true, stdout: true, stderr: true },
      prompter: {
        confirm: async (question: string) => {
          asked.push(question);
          return false;
        },
      } as never,
    });
    expect(result.code).toBe(130);
    expect(asked).toEqual(['Remove 2 connections from project demo (proj_demo)?']);
    expect(await ours(prefix)).toHaveLength(2);
  });

  it('--project naming another project than the records: exit 2, nothing sent', async () => {
    const { prefix, results } = await imported(2);
    await fixture.clearRequests();
    const refused = await run(['connections', 'remove', '--from-results', results, '--project', 'marketing', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/proj_demo/);
    expect(await deletes()).toEqual([]);
    expect(await ours(prefix)).toHaveLength(2);
    // The same project by its name is no other project.
    const named = await run(['connections', 'remove', '--from-results', results, '--project', 'demo', '--yes']);
    expect(named.code, named.stderr).toBe(0);
    expect(await ours(prefix)).toEqual([]);
  });

  it('records of an unknown project: exit 3 after the one project check, nothing sent', async () => {
    const results = join(files.path, 'gone.results.jsonl');
    writeFileSync(results, `${JSON.stringify({ line: 1, status: 'created', provider: 'pipedrive', groupRef: 'g', consumerRef: 'c', connectionId: 'conn_x', projectId: 'proj_gone', time: '2026-01-01T00:00:00Z' })}\n`);
    await fixture.clearRequests();
    const result = await run(['connections', 'remove', '--from-results', results, '--yes']);
    expect(result.code).toBe(3);
    const sent = await fixture.requests();
    expect(sent.map((entry) => entry.operation)).toEqual(['getProject']);
  });

  it('a connection already gone (404) counts as already removed, exit 0', async () => {
    const { prefix, results } = await imported(3);
    const [first] = await ours(prefix);
    const single = await run(['connections', 'remove', first!.id, '--project', 'demo', '--yes']);
    expect(single.code, single.stderr).toBe(0);
    const removed = await run(['connections', 'remove', '--from-results', results, '--yes', '-o', 'json']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ rows: 3, removed: 2, alreadyRemoved: 1, failed: 0 });
    expect(await ours(prefix)).toEqual([]);
  });

  it('rows without an ID are looked up by key: one match removed, none nothing to remove, several listed and left alone (exit 1)', async () => {
    prefixes += 1;
    const prefix = `rm${prefixes}`;
    // Key 1 once, key 2 twice (--allow-duplicates), key 4 once; key 3 never created.
    const input = join(files.path, `${prefix}-made.jsonl`);
    writeFileSync(input, [rowOf(prefix, 1), rowOf(prefix, 2), rowOf(prefix, 2), rowOf(prefix, 4)].join('\n'));
    expect((await run(['connections', 'generate', '--from-file', input, '--project', 'demo', '--allow-duplicates'])).code).toBe(0);
    const key = (index: number) => ({ provider: 'pipedrive', groupRef: `${prefix}-${index}`, consumerRef: `u-${index}` });
    const time = '2026-01-01T00:00:00Z';
    // Written as an older ipctl would (no projectId): line 1 uncertain, 2 uncertain, 3 started only, 4 created by hand without an ID.
    const results = join(files.path, `${prefix}.results.jsonl`);
    writeFileSync(
      results,
      [
        { line: 1, status: 'started', ...key(1), time },
        { line: 1, status: 'uncertain', ...key(1), problem: { status: 502 }, time },
        { line: 2, status: 'started', ...key(2), time },
        { line: 2, status: 'uncertain', ...key(2), time },
        { line: 3, status: 'started', ...key(3), time },
        { line: 4, status: 'started', ...key(4), time },
        { line: 4, status: 'created' },
      ]
        .map((record) => JSON.stringify(record))
        .join('\n') + '\n',
    );
    const result = await run(['connections', 'remove', '--from-results', results, '--project', 'demo', '--yes', '-o', 'json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 4, removed: 2, alreadyRemoved: 1, failed: 1 });
    // README: older results name no project, so the run says which it removes from.
    const left = await ours(prefix);
    expect(left.map((connection) => connection.groupRef)).toEqual([`${prefix}-2`, `${prefix}-2`]);
    // The problem document names the row left alone by its line.
    const problem = JSON.parse(result.stderr) as { errors: Array<{ line: number; status: string }> };
    expect(problem.errors).toEqual([expect.objectContaining({ line: 2, status: 'failed' })]);

    const text = await run(['connections', 'remove', '--from-results', results, '--project', 'demo', '--yes', '--resume']);
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(/record no project/);
    // Both matching connections are listed.
    for (const connection of left) expect(text.stderr).toContain(connection.id);
  });

  it('--dry-run lists what would go, sends nothing and writes no results', async () => {
    const { prefix, results } = await imported(3);
    await fixture.clearRequests();
    const dry = await run(['connections', 'remove', '--from-results', results, '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    const listed = JSON.parse(dry.stdout) as Array<{ line: number; connectionId: string }>;
    expect(listed.map((row) => row.line)).toEqual([1, 2, 3]);
    expect(new Set(listed.map((row) => row.connectionId))).toEqual(new Set((await ours(prefix)).map((connection) => connection.id)));
    expect(await deletes()).toEqual([]);
    expect(existsSync(join(files.path, `${prefix}.results.removed.jsonl`))).toBe(false);
    const text = await run(['connections', 'remove', '--from-results', results, '--dry-run']);
    expect(text.stderr).toMatch(/3 connections would be removed from project demo \(proj_demo\)/);
  });

  it('slows down on 429 and still removes each connection once', async () => {
    const { prefix, results } = await imported(20);
    await fixture.clearRequests();
    await fixture.addFaults({ deleteConnection: [{ kind: 'status', status: 429, retryAfter: 1, times: 3 }] });
    const result = await run(['connections', 'remove', '--from-results', results, '--yes', '--concurrency', '4', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ removed: 20, failed: 0 });
    const { retries, seconds } = JSON.parse(result.stdout) as { retries: number; seconds: number };
    expect(retries).toBeGreaterThanOrEqual(3);
    // Every worker waited out the Retry-After (1 s), not only the one that was answered 429.
    expect(seconds).toBeGreaterThanOrEqual(0.9);
    const answered = (await deletes()).filter((entry) => entry.status === 204);
    expect(answered).toHaveLength(20);
    expect(new Set(answered.map((entry) => entry.path)).size).toBe(20);
    expect(await ours(prefix)).toEqual([]);
  });

  it('interrupted part way (exit 130), then --resume removes the rest, each connection exactly once', async () => {
    const { prefix, results } = await imported(30);
    await fixture.clearRequests();
    const controller = new AbortController();
    const stopping = setTimeout(() => controller.abort(), 700);
    const first = await run(['connections', 'remove', '--from-results', results, '--yes', '--concurrency', '2', '--rate', '10', '-o', 'json'], { signal: controller.signal });
    clearTimeout(stopping);
    expect(first.code).toBe(130);
    const left = (await ours(prefix)).length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(30);
    const resumed = await run(['connections', 'remove', '--from-results', results, '--resume', '--yes', '-o', 'json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(await ours(prefix)).toEqual([]);
    const sent = await deletes();
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((entry) => entry.path)).size).toBe(30);
  });

  it('after a crash with a request in flight (a started record alone), --resume sends it again and a 404 counts as removed', async () => {
    const { prefix, results } = await imported(2);
    const [one] = await ours(prefix);
    const own = join(files.path, `${prefix}.results.removed.jsonl`);
    const line = records(results).find((record) => record.status === 'created' && record.connectionId === one!.id)!.line as number;
    writeFileSync(own, `${JSON.stringify({ line, status: 'started', provider: 'pipedrive', groupRef: one!.groupRef, consumerRef: one!.consumerRef, time: '2026-01-01T00:00:00Z' })}\n`);
    // The crashed run's request went out: the connection is gone, its ending never recorded.
    expect((await run(['connections', 'remove', one!.id, '--project', 'demo', '--yes'])).code).toBe(0);
    const resumed = await run(['connections', 'remove', '--from-results', results, '--resume', '--yes', '-o', 'json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 2, removed: 1, alreadyRemoved: 1 });
  });
});

describe('connections remove ID…', () => {
  it('removes a connection by ID with --yes, and lists it', async () => {
    const { prefix } = await imported(1);
    const [connection] = await ours(prefix);
    const result = await run(['connections', 'remove', connection!.id, '--project', 'demo', '--yes', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ id: connection!.id, provider: 'pipedrive', groupRef: `${prefix}-1`, consumerRef: 'u-1', status: 'removed' }]);
    expect(await ours(prefix)).toEqual([]);
  });

  it('an unknown ID beside a known one: exit 3, nothing removed', async () => {
    const { prefix } = await imported(1);
    const [connection] = await ours(prefix);
    await fixture.clearRequests();
    const result = await run(['connections', 'remove', connection!.id, 'conn_nosuchthing', '--project', 'demo', '--yes']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/conn_nosuchthing/);
    expect(result.stderr).toMatch(/nothing was removed/);
    expect(await deletes()).toEqual([]);
    expect(await ours(prefix)).toHaveLength(1);
  });

  it('without --yes in a pipe: exit 2, nothing removed', async () => {
    const { prefix } = await imported(1);
    const [connection] = await ours(prefix);
    const result = await run(['connections', 'remove', connection!.id, '--project', 'demo']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--yes/);
    expect(await ours(prefix)).toHaveLength(1);
  });

  it('flags of --from-results alone are refused without it (exit 2)', async () => {
    const result = await run(['connections', 'remove', 'conn_x', '--resume', '--project', 'demo', '--yes']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--resume works with --from-results only/);
  });
});

describe('connections generate --resume --retry-uncertain looks the row up first', () => {
  it('does not send again an uncertain row whose connection exists (recorded as created with its ID), and sends one whose does not', async () => {
    const { prefix, input, results } = await imported(3);
    const [, second, third] = await ours(prefix);
    // Lines 2 and 3 recorded as uncertain (no answer came); line 3's connection is then removed.
    const kept = records(results).filter((record) => !(record.status === 'created' && (record.line === 2 || record.line === 3)));
    const uncertain = [2, 3].map((line) => ({ line, status: 'uncertain', provider: 'pipedrive', groupRef: `${prefix}-${line}`, consumerRef: `u-${line}`, time: '2026-01-01T00:00:00Z' }));
    writeFileSync(results, [...kept, ...uncertain].map((record) => JSON.stringify(record)).join('\n') + '\n');
    expect((await run(['connections', 'remove', third!.id, '--project', 'demo', '--yes'])).code).toBe(0);
    await fixture.clearRequests();
    const retried = await run(['connections', 'generate', '--from-file', input, '--project', 'demo', '--resume', '--retry-uncertain', '-o', 'json']);
    expect(retried.code, retried.stderr).toBe(0);
    const generated = (await fixture.requests()).filter((entry) => entry.operation === 'generateConnection');
    expect(generated).toHaveLength(1);
    const after = records(results);
    expect(after.at(-1)).toMatchObject({ status: 'created', line: 3 });
    expect(after.find((record) => record.line === 2 && record.status === 'created')).toMatchObject({ connectionId: second!.id, projectId: 'proj_demo' });
    // Still three connections: line 2's was not made twice.
    expect(await ours(prefix)).toHaveLength(3);
  });
});
