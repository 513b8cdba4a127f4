// A bulk import that ends with rows not created, under -o json and -o yaml:
// stderr carries one problem document and nothing else (README, "Errors in the
// format asked for"; docs/commands/connections-bulk.md), naming the rows by
// line, never by their values. And every problem document ipctl writes has an
// `errors` array. In-process, against the sandbox with injected faults.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { until } from '../helpers/until.js';
import { type InProcessResult, runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { useWorkspace } from '../helpers/workspace.js';

const fixture = useFixture({ clearFaults: true });
const work = useWorkspace('ipctl-bulk-problems-');

const secretOf = (line: number) => `pk_CANARY_${work.run}_${line}_row_secret`;

/** `count` valid pipedrive rows, then the given extra lines; every value is one a message must never quote. */
function input(count: number, extra: string[] = []): string {
  const rows = Array.from({ length: count }, (_, index) =>
    JSON.stringify({ provider: 'pipedrive', groupRef: `grp-${work.run}-${index + 1}`, consumerRef: `who-${work.run}-${index + 1}`, providerWorkspaceRef: 'wsquoted', apiKey: secretOf(index + 1) }),
  );
  const path = join(work.path, `${work.run}-rows.jsonl`);
  writeFileSync(path, [...rows, ...extra].join('\n') + '\n');
  return path;
}

/** A row without its consumerRef: invalid, and its group's name is a value from the file. */
const invalidRow = () => JSON.stringify({ provider: 'pipedrive', groupRef: `grp-${work.run}-bad`, providerWorkspaceRef: 'wsquoted', apiKey: secretOf(99) });

const generate = (path: string, ...more: string[]) => ['connections', 'generate', '--project', 'demo', '--from-file', path, '--concurrency', '1', ...more];

type Format = 'json' | 'yaml';

/** stderr as exactly one problem document of `format`: anything before, after or beside it fails. */
function oneDocument(stderr: string, format: Format): Record<string, unknown> {
  let parsed: unknown;
  if (format === 'json') {
    parsed = JSON.parse(stderr);
  } else {
    expect(() => JSON.parse(stderr)).toThrow();
    const documents = parseAllDocuments(stderr);
    expect(Array.isArray(documents) ? documents.length : 0).toBe(1);
    const [document] = documents as ReturnType<typeof parseAllDocuments> & unknown[];
    expect(document!.errors).toEqual([]);
    parsed = document!.toJS();
  }
  expect(parsed).toMatchObject({ type: expect.any(String), title: expect.any(String), exitCode: expect.any(Number) });
  expect(Array.isArray((parsed as { errors?: unknown }).errors)).toBe(true);
  return parsed as Record<string, unknown>;
}

/** Nothing from the file reaches stderr: no secret, no group, consumer or workspace. */
function expectNoValues(result: InProcessResult): void {
  for (const text of [result.stderr]) {
    expect(text).not.toMatch(/canary/i);
    expect(text).not.toContain(`grp-${work.run}`);
    expect(text).not.toContain(`who-${work.run}`);
    expect(text).not.toContain('wsquoted');
  }
}

const env = () => fixture.env({ NO_COLOR: '1' });

describe.each<Format>(['json', 'yaml'])('a bulk import with rows not created, under -o %s', (format) => {
  it('rows that failed: one document, type import-rows-failed, exit 1, the failed rows by line with the status and title only', async () => {
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 422, times: 2 }] });
    const result = await runMain(generate(input(3), '-o', format), { env: env() });
    expect(result.code).toBe(1);
    const problem = oneDocument(result.stderr, format);
    expect(problem).toMatchObject({ type: 'urn:ipctl:problem:import-rows-failed', exitCode: 1, title: expect.stringMatching(/^2 rows failed; the service created nothing for them/) });
    expect(problem.errors).toEqual([
      { line: 1, status: 'failed', detail: '422 Injected Fault' },
      { line: 2, status: 'failed', detail: '422 Injected Fault' },
    ]);
    expect(problem).not.toHaveProperty('errorsNotListed');
    expectNoValues(result);
  });

  it('--skip-invalid with rows skipped: one document, type import-rows-skipped, exit 1, the skipped row by line', async () => {
    const result = await runMain(generate(input(2, [invalidRow()]), '--skip-invalid', '-o', format), { env: env() });
    expect(result.code).toBe(1);
    const problem = oneDocument(result.stderr, format);
    expect(problem).toMatchObject({ type: 'urn:ipctl:problem:import-rows-skipped', exitCode: 1, title: expect.stringMatching(/^1 invalid row was skipped/) });
    expect(problem.detail).toMatch(/^Fix it in the file, then run the same command with --resume/);
    expect(problem.errors).toEqual([{ line: 3, status: 'invalid', detail: expect.stringContaining('consumerRef') }]);
    expectNoValues(result);
  });

  it('--resume with rows left uncertain: one document, type import-rows-uncertain, exit 1, in the run that left them and in the one that resumed', async () => {
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 500, times: 1 }] });
    const path = input(3);
    const first = await runMain(generate(path, '-o', format), { env: env() });
    expect(first.code).toBe(1);
    expect(oneDocument(first.stderr, format)).toMatchObject({ type: 'urn:ipctl:problem:import-rows-uncertain', exitCode: 1, errors: [{ line: 1, status: 'uncertain', detail: '500 Internal Server Error' }] });
    await fixture.clearRequests();
    const resumed = await runMain(generate(path, '--resume', '-o', format), { env: env() });
    expect(resumed.code).toBe(1);
    const problem = oneDocument(resumed.stderr, format);
    expect(problem).toMatchObject({ type: 'urn:ipctl:problem:import-rows-uncertain', exitCode: 1, title: expect.stringMatching(/^1 row may or may not have been created/) });
    expect(problem.errors).toEqual([{ line: 1, status: 'uncertain', detail: expect.stringContaining('earlier run') }]);
    expect((await fixture.requests()).filter((request) => request.operation === 'generateConnection')).toHaveLength(0);
    expectNoValues(first);
    expectNoValues(resumed);
  });

  it('stopped by the service (the project is not found): one document, type import-stopped, its exit code, the row that got the answer', async () => {
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 404, times: 1 }] });
    const result = await runMain(generate(input(3), '-o', format), { env: env() });
    expect(result.code).toBe(3);
    const problem = oneDocument(result.stderr, format);
    expect(problem).toMatchObject({ type: 'urn:ipctl:problem:import-stopped', exitCode: 3, title: expect.stringMatching(/^Stopped: the service answered 404 /) });
    expect(problem.detail).toContain('--resume to send the rest');
    expect(problem.errors).toEqual([{ line: 1, status: 'failed', detail: expect.stringMatching(/^404\b/) }]);
    expectNoValues(result);
  });

  it('interrupted by SIGTERM: one document, type import-interrupted, exit 143 in the document too, the row in flight uncertain; no progress line', async () => {
    await fixture.addFaults({ generateConnection: [{ kind: 'hang', times: 1 }] });
    const stop = new AbortController();
    const running = runMain(generate(input(3), '-o', format), { env: env(), signal: stop.signal });
    await until(async () => (await fixture.requests()).some((request) => request.fault === 'hang'), 'the hanging request reaching the sandbox');
    stop.abort('SIGTERM');
    const result = await running;
    expect(result.code).toBe(143);
    const problem = oneDocument(result.stderr, format);
    expect(problem).toMatchObject({ type: 'urn:ipctl:problem:import-interrupted', exitCode: 143, title: expect.stringMatching(/^Interrupted: /) });
    expect(problem.detail).toContain('--resume to send the rest');
    expect(problem.errors).toEqual([{ line: 1, status: 'uncertain', detail: expect.any(String) }]);
    expectNoValues(result);
  });
});

describe('the rows a bulk import problem document lists', () => {
  it('are at most 20, failed rows first, then how many more in errorsNotListed; the summary on stdout is unchanged', async () => {
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 409, times: 25 }] });
    const path = input(26, [invalidRow()]);
    const result = await runMain(generate(path, '--skip-invalid', '--json'), { env: env() });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 27, created: 1, failed: 25, invalid: 1, uncertain: 0, notSent: 0, results: path.replace(/\.jsonl$/, '.results.jsonl') });
    const problem = oneDocument(result.stderr, 'json');
    expect(problem.type).toBe('urn:ipctl:problem:import-rows-failed');
    expect(problem.errors).toEqual(Array.from({ length: 20 }, (_, index) => ({ line: index + 1, status: 'failed', detail: expect.stringMatching(/^409\b/) })));
    expect(problem.errorsNotListed).toBe(6);
    // What the document leaves out is in the results file.
    const states = readFileSync(path.replace(/\.jsonl$/, '.results.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { status: string });
    expect(states.filter((record) => record.status === 'failed' || record.status === 'invalid')).toHaveLength(26);
    expectNoValues(result);
  });

  it('are not printed as text under -o json, and the table output keeps its text on stderr', async () => {
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 422, times: 1 }] });
    const result = await runMain(generate(input(2)), { env: env() });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^FIELD\tVALUE\n/);
    expect(result.stderr).toMatch(/^1 row failed; the service created nothing for it \(status "failed" in .*\):\n {2}- line 1: 422 Injected Fault: /);
    expect(result.stderr).toContain('Run the same command with --resume to send the failed rows again');
  });
});

describe('every problem document has an errors array', () => {
  const cases: Array<[what: string, args: string[], extra: Record<string, string | undefined>, exit: number, type: string]> = [
    ['an unknown option', ['orgs', 'get', 'org_demo', '--stauts', 'x', '-o', 'json'], {}, 2, 'urn:ipctl:problem:invalid-input'],
    ['missing credentials', ['orgs', 'get', 'org_demo', '-o', 'json'], { IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined }, 4, 'urn:ipctl:problem:credentials'],
    ['a network failure', ['orgs', 'get', 'org_demo', '-o', 'json', '--retries', '0'], { IPCTL_BASE_URL: 'http://127.0.0.1:9/v1' }, 5, 'urn:ipctl:problem:network'],
    ['a usage error without field problems', ['connections', 'generate', '--project', 'demo', '--from-file', 'rows.txt', '-o', 'json'], {}, 2, 'urn:ipctl:problem:invalid-input'],
    ["the service's own problem", ['orgs', 'get', 'org_missing', '-o', 'json'], {}, 3, 'service'],
  ];

  it.each(cases)('%s: an empty or filled errors array', async (_what, args, extra, exit, type) => {
    const result = await runMain(args, { env: fixture.env({ NO_COLOR: '1', ...extra }) });
    expect(result.code).toBe(exit);
    const problem = oneDocument(result.stderr, 'json');
    expect(problem.type).toEqual(type === 'service' ? expect.stringMatching(/^https:/) : type);
    expect(problem.errors).toEqual([]);
  });

  it('a usage error with field problems lists them, under -o yaml too', async () => {
    const result = await runMain(['invites', 'list', '--status', 'bogus', '-o', 'yaml'], { env: env() });
    expect(result.code).toBe(2);
    expect(oneDocument(result.stderr, 'yaml').errors).toEqual([{ flag: '--status', detail: expect.stringContaining('must be one of') }]);
  });

  it('under -o ndjson: one line, with an empty errors array', async () => {
    const result = await runMain(['invites', 'list', '-o', 'ndjson'], { env: fixture.env({ NO_COLOR: '1', IPCTL_TOKEN: undefined, IPCTL_API_KEY: undefined }) });
    expect(result.code).toBe(4);
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(oneDocument(result.stderr, 'json')).toMatchObject({ type: 'urn:ipctl:problem:credentials', exitCode: 4, errors: [] });
  });
});
