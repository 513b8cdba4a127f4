// Bulk import across the jobs of a CI matrix (docs/commands/connections-bulk.md,
// "CI matrices: --shard"): the flag's rules, --shard auto in each CI, the
// documented hash rule (computed here with node:crypto), duplicate rows, and
// their interplay with --skip-invalid and --resume. In-process, against the sandbox.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { useWorkspace } from '../helpers/workspace.js';

const fixture = useFixture();
const work = useWorkspace('ipctl-bulk-shards-');

/** The documented rule: SHA-256 of JSON.stringify([groupRef, consumerRef, provider]), its first 8 bytes big-endian, mod N, plus 1. */
function expectedShard(groupRef: string, consumerRef: string, provider: string, total: number): number {
  const digest = createHash('sha256').update(JSON.stringify([groupRef, consumerRef, provider]), 'utf8').digest();
  return Number(digest.readBigUInt64BE(0) % BigInt(total)) + 1;
}

interface Row {
  groupRef: string;
  consumerRef: string;
  provider: string;
}

function rowText(row: Row, line: number): string {
  return JSON.stringify({ ...row, providerWorkspaceRef: 'ws', apiKey: `pk_shard_${work.run}_${line}_secret` });
}

function rowsFile(lines: string[], name = 'rows.jsonl'): string {
  const path = join(work.path, `${work.run}-${name}`);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

const env = (extra: Record<string, string> = {}) => fixture.env({ IPCTL_NO_INPUT: '1', IPCTL_PROJECT: 'proj_demo', ...extra });

async function posts(): Promise<number> {
  return (await fixture.requests()).filter((request) => request.method === 'POST').length;
}

/** Connections in the sandbox for a group ref. */
function connectionsOf(groupRef: string): number {
  return fixture.sandbox.state.projects.proj_demo!.connections.filter((connection) => connection.group.groupRef === groupRef).length;
}

/** Each line's last status in a results file. */
function statuses(path: string): Map<number, string> {
  const byLine = new Map<number, string>();
  for (const text of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
    const record = JSON.parse(text) as { line: number; status: string };
    if (byLine.get(record.line) !== 'created') byLine.set(record.line, record.status);
  }
  return byLine;
}

describe('--shard I/N: bad values', () => {
  const cases: Array<[string, RegExp]> = [
    ['0/4', /--shard 0\/4: I must be from 1 to 4/],
    ['5/4', /--shard 5\/4: I must be from 1 to 4/],
    ['1/0', /--shard 1\/0: N must be from 1 to 1000/],
    ['2/1001', /--shard 2\/1001: N must be from 1 to 1000/],
    ['x', /--shard: must be I\/N \(such as 2\/4, the second of 4 jobs\) or auto/],
    ['1/4/2', /--shard: must be I\/N/],
    ['-1/4', /--shard/],
    ['', /--shard/],
  ];
  for (const [value, message] of cases) {
    it(`--shard '${value}' is exit 2, naming --shard and the fix, with nothing sent`, async () => {
      const path = rowsFile([rowText({ groupRef: `bad-${work.run}`, consumerRef: 'u', provider: 'pipedrive' }, 1)]);
      const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', value], { env: env() });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      // The fix: what a good value looks like.
      expect(result.stderr).toMatch(/such as (--shard )?2\/4/);
      expect(result.stdout).toBe('');
      expect(await posts()).toBe(0);
    });
  }

  it('--shard and --allow-duplicates work with --from-file only', async () => {
    const result = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--shard', '1/2', '--allow-duplicates'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--shard works with --from-file only.');
    expect(result.stderr).toContain('--allow-duplicates works with --from-file only.');
    expect(await posts()).toBe(0);
  });
});

describe('--shard auto reads the CI', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['GitHub Actions (IPCTL_SHARD_INDEX, from 1)', { IPCTL_SHARD_INDEX: '2', IPCTL_SHARD_TOTAL: '4' }],
    ['GitLab CI (CI_NODE_INDEX, from 1)', { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '4' }],
    ['Buildkite (BUILDKITE_PARALLEL_JOB, from 0)', { BUILDKITE_PARALLEL_JOB: '1', BUILDKITE_PARALLEL_JOB_COUNT: '4' }],
    ['CircleCI (CIRCLE_NODE_INDEX, from 0)', { CIRCLE_NODE_INDEX: '1', CIRCLE_NODE_TOTAL: '4' }],
  ];
  for (const [ci, variables] of cases) {
    it(`${ci}: the second of four jobs is shard 2/4`, async () => {
      const path = rowsFile([rowText({ groupRef: `auto-${work.run}`, consumerRef: 'u', provider: 'pipedrive' }, 1)]);
      const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', 'auto', '--dry-run', '-o', 'json'], { env: env(variables) });
      expect(result.stderr).not.toContain('Error');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ shard: '2/4' });
    });
  }

  it('the last job of a 0-based CI is shard N/N, and one past it is refused', async () => {
    const path = rowsFile([rowText({ groupRef: `auto-${work.run}`, consumerRef: 'u', provider: 'pipedrive' }, 1)]);
    const last = await runMain(['connections', 'generate', '--from-file', path, '--shard', 'auto', '--dry-run', '-o', 'json'], { env: env({ CIRCLE_NODE_INDEX: '3', CIRCLE_NODE_TOTAL: '4' }) });
    expect(JSON.parse(last.stdout)).toMatchObject({ shard: '4/4' });
    const past = await runMain(['connections', 'generate', '--from-file', path, '--shard', 'auto'], { env: env({ BUILDKITE_PARALLEL_JOB: '4', BUILDKITE_PARALLEL_JOB_COUNT: '4' }) });
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('--shard auto: BUILDKITE_PARALLEL_JOB="4" and BUILDKITE_PARALLEL_JOB_COUNT="4"');
    expect(past.stderr).toContain('counts from 0');
  });

  it('a 1-based index of 0 is refused (GitLab counts from 1)', async () => {
    const path = rowsFile([rowText({ groupRef: `auto-${work.run}`, consumerRef: 'u', provider: 'pipedrive' }, 1)]);
    const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', 'auto'], { env: env({ CI_NODE_INDEX: '0', CI_NODE_TOTAL: '4' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('CI_NODE_INDEX counts from 1');
    expect(await posts()).toBe(0);
  });

  it('no CI variables: exit 2 naming each pair, nothing sent', async () => {
    const path = rowsFile([rowText({ groupRef: `auto-${work.run}`, consumerRef: 'u', provider: 'pipedrive' }, 1)]);
    const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', 'auto'], { env: env() });
    expect(result.code).toBe(2);
    for (const name of ['IPCTL_SHARD_INDEX/IPCTL_SHARD_TOTAL', 'CI_NODE_INDEX/CI_NODE_TOTAL', 'BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT', 'CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL']) expect(result.stderr).toContain(name);
    expect(result.stderr).toContain('give --shard I/N');
    expect(await posts()).toBe(0);
  });

  it('half a pair, or text, is refused', async () => {
    const path = rowsFile([rowText({ groupRef: `auto-${work.run}`, consumerRef: 'u', provider: 'pipedrive' }, 1)]);
    const half = await runMain(['connections', 'generate', '--from-file', path, '--shard', 'auto'], { env: env({ IPCTL_SHARD_INDEX: '1' }) });
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('IPCTL_SHARD_INDEX is set but IPCTL_SHARD_TOTAL is not');
    const text = await runMain(['connections', 'generate', '--from-file', path, '--shard', 'auto'], { env: env({ IPCTL_SHARD_INDEX: 'one', IPCTL_SHARD_TOTAL: '4' }) });
    expect(text.code).toBe(2);
    expect(await posts()).toBe(0);
  });
});

describe('which rows a shard takes', () => {
  it('each row goes to the shard the documented hash rule names, lines as in the whole file, a row without a key to shard 1', async () => {
    const total = 3;
    const rows: Row[] = Array.from({ length: 30 }, (_, index) => ({ groupRef: `hash-${work.run}-${index}`, consumerRef: `user-${index % 7}`, provider: 'pipedrive' }));
    // Line 31: not JSON, so no key. Line 32: no consumerRef, so no key either.
    const lines = [...rows.map((row, index) => rowText(row, index + 1)), '{not json', JSON.stringify({ groupRef: `hash-${work.run}-nokey`, provider: 'pipedrive', apiKey: 'pk_nokey_secret' })];
    const path = rowsFile(lines);
    const seen = new Map<number, number>();
    for (let index = 1; index <= total; index++) {
      const results = join(work.path, `${work.run}-shard-${index}.jsonl`);
      const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', `${index}/${total}`, '--results', results, '--skip-invalid', '-o', 'json'], { env: env() });
      const expectedLines = rows.flatMap((row, at) => (expectedShard(row.groupRef, row.consumerRef, row.provider, total) === index ? [at + 1] : []));
      const keyless = index === 1 ? [31, 32] : [];
      const summary = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(summary).toMatchObject({ shard: `${index}/${total}`, rows: expectedLines.length + keyless.length, created: expectedLines.length, invalid: keyless.length, otherShards: lines.length - expectedLines.length - keyless.length });
      const recorded = statuses(results);
      expect([...recorded.keys()].sort((a, b) => a - b)).toEqual([...expectedLines, ...keyless]);
      for (const line of expectedLines) expect(recorded.get(line)).toBe('created');
      for (const line of keyless) expect(recorded.get(line)).toBe('invalid');
      for (const line of recorded.keys()) seen.set(line, (seen.get(line) ?? 0) + 1);
    }
    // Every line, once across the shards.
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, index) => index + 1));
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    for (const row of rows) expect(connectionsOf(row.groupRef)).toBe(1);
  });

  it('a pinned example of the rule: ["acme-corp","u-42","pipedrive"] hashes to 70c7198d33a748e9…, shard 2 of 4 and 6 of 10', () => {
    const digest = createHash('sha256').update('["acme-corp","u-42","pipedrive"]').digest('hex');
    expect(digest.slice(0, 16)).toBe('70c7198d33a748e9');
    expect(expectedShard('acme-corp', 'u-42', 'pipedrive', 4)).toBe(2);
    expect(expectedShard('acme-corp', 'u-42', 'pipedrive', 10)).toBe(6);
  });

  it('the pinned example is taken by the shard the docs name, and left by the others', async () => {
    const path = rowsFile([JSON.stringify({ groupRef: 'acme-corp', consumerRef: 'u-42', provider: 'pipedrive', providerWorkspaceRef: 'ws', apiKey: 'pk_pinned_secret' })]);
    for (const [shard, rows] of [['2/4', 1], ['1/4', 0], ['3/4', 0], ['6/10', 1], ['5/10', 0]] as const) {
      const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', shard, '--dry-run', '-o', 'json'], { env: env() });
      expect(JSON.parse(result.stdout)).toMatchObject({ shard, rows, otherShards: 1 - rows });
    }
  });

  it('the table summary names the shard and the other shards\' rows', async () => {
    const rows = Array.from({ length: 8 }, (_, index) => ({ groupRef: `table-${work.run}-${index}`, consumerRef: 'u', provider: 'pipedrive' }));
    const path = rowsFile(rows.map((row, index) => rowText(row, index + 1)));
    const results = join(work.path, `${work.run}-table.jsonl`);
    const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', '1/2', '--results', results], { env: env() });
    const mine = rows.filter((row) => expectedShard(row.groupRef, row.consumerRef, row.provider, 2) === 1).length;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Shard\s+1 of 2\n/);
    expect(result.stdout).toMatch(new RegExp(`Other shards' rows\\s+${8 - mine}\\n`));
    expect(result.stdout).toMatch(new RegExp(`Created\\s+${mine}\\n`));
  });

  it('without --results, each shard gets its own results file beside the input', async () => {
    const path = rowsFile([rowText({ groupRef: `default-${work.run}`, consumerRef: 'u', provider: 'pipedrive' }, 1)], 'customers.jsonl');
    const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', '3/5', '-o', 'json'], { env: env() });
    expect(JSON.parse(result.stdout).results).toBe(join(work.path, `${work.run}-customers.shard-3-of-5.results.jsonl`));
  });
});

describe('duplicate rows', () => {
  const same = (tag: string): Row => ({ groupRef: `dup-${work.run}-${tag}`, consumerRef: 'u-1', provider: 'pipedrive' });

  it('a row repeating an earlier row is invalid, named by both lines; nothing is sent', async () => {
    const path = rowsFile([rowText(same('a'), 1), rowText(same('b'), 2), rowText(same('c'), 3), rowText(same('a'), 4), rowText(same('b'), 5), rowText(same('a'), 6)]);
    const result = await runMain(['connections', 'generate', '--from-file', path], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('3 of 6 rows');
    expect(result.stderr).toContain('lines 4, 6: repeats line 1: the same group, consumer and provider');
    expect(result.stderr).toContain('line 5: repeats line 2: the same group, consumer and provider');
    expect(result.stderr).toContain('--allow-duplicates');
    expect(await posts()).toBe(0);
  });

  it('a repeat thousands of rows later is still caught (the table of keys grows without forgetting)', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => rowText({ groupRef: `many-${work.run}-${index}`, consumerRef: 'u', provider: 'pipedrive' }, index + 1));
    const path = rowsFile([...rows, rowText({ groupRef: `many-${work.run}-0`, consumerRef: 'u', provider: 'pipedrive' }, 5001), rowText({ groupRef: `many-${work.run}-4321`, consumerRef: 'u', provider: 'pipedrive' }, 5002)]);
    const result = await runMain(['connections', 'generate', '--from-file', path, '--dry-run'], { env: env(), timeoutMs: 60_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('2 of 5,002 rows');
    expect(result.stderr).toContain('line 5001: repeats line 1:');
    expect(result.stderr).toContain('line 5002: repeats line 4322:');
  });

  it("with --shard, the refusal counts the shard's rows and says so", async () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({ groupRef: `refuse-${work.run}-${index}`, consumerRef: 'u', provider: 'pipedrive' }));
    const path = rowsFile([...rows.map((row, index) => rowText(row, index + 1)), rowText(rows[0]!, 13)]);
    const shard = expectedShard(rows[0]!.groupRef, 'u', 'pipedrive', 2);
    const mine = rows.filter((row) => expectedShard(row.groupRef, row.consumerRef, row.provider, 2) === shard).length + 1;
    const result = await runMain(['connections', 'generate', '--from-file', path, '--shard', `${shard}/2`], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`1 of ${mine} rows in ${path} (shard ${shard} of 2) is invalid; nothing was sent:`);
    expect(result.stderr).toContain('line 13: repeats line 1:');
    // The other shard has neither row, and nothing to refuse.
    const other = await runMain(['connections', 'generate', '--from-file', path, '--shard', `${3 - shard}/2`, '--dry-run', '-o', 'json'], { env: env() });
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout)).toMatchObject({ invalid: 0, rows: 13 - mine, otherShards: mine });
    expect(await posts()).toBe(0);
  });

  it('another consumer or provider is another connection', async () => {
    const path = rowsFile([rowText(same('a'), 1), rowText({ ...same('a'), consumerRef: 'u-2' }, 2), rowText({ ...same('a'), provider: 'freshdesk' }, 3)]);
    const result = await runMain(['connections', 'generate', '--from-file', path, '--dry-run', '-o', 'json'], { env: env() });
    // freshdesk wants other fields: whatever its row lacks, it is not called a duplicate.
    expect(result.stderr).not.toContain('repeats line');
  });

  it('with --skip-invalid the repeat is recorded as invalid and never sent, in the sending pass too', async () => {
    const path = rowsFile([rowText(same('a'), 1), rowText(same('b'), 2), rowText(same('a'), 3)]);
    const results = join(work.path, `${work.run}-skip.jsonl`);
    const result = await runMain(['connections', 'generate', '--from-file', path, '--results', results, '--skip-invalid', '-o', 'json'], { env: env() });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 3, created: 2, invalid: 1 });
    expect(connectionsOf(same('a').groupRef)).toBe(1);
    expect(statuses(results)).toEqual(new Map([[1, 'created'], [2, 'created'], [3, 'invalid']]));
    expect(await posts()).toBe(2);
  });

  it('--allow-duplicates sends each row', async () => {
    const path = rowsFile([rowText(same('a'), 1), rowText(same('a'), 2)]);
    const result = await runMain(['connections', 'generate', '--from-file', path, '--results', join(work.path, `${work.run}-allow.jsonl`), '--allow-duplicates', '-o', 'json'], { env: env() });
    expect(result.code).toBe(0);
    expect(connectionsOf(same('a').groupRef)).toBe(2);
  });

  it('--resume: a repeat of a row created by an earlier run stays invalid and unsent, in both passes', async () => {
    const lines = [rowText(same('a'), 1), rowText(same('b'), 2), rowText(same('a'), 3)];
    const path = rowsFile(lines);
    const results = join(work.path, `${work.run}-resume.jsonl`);
    const first = await runMain(['connections', 'generate', '--from-file', path, '--results', results, '--skip-invalid', '-o', 'json'], { env: env() });
    expect(JSON.parse(first.stdout)).toMatchObject({ created: 2, invalid: 1 });
    const again = await runMain(['connections', 'generate', '--from-file', path, '--results', results, '--resume', '--skip-invalid', '-o', 'json'], { env: env() });
    expect(JSON.parse(again.stdout)).toMatchObject({ alreadyCreated: 2, created: 0, invalid: 1 });
    expect(connectionsOf(same('a').groupRef)).toBe(1);
    // Without --skip-invalid the resumed run refuses, naming the line it repeats although that row is not read again.
    const refused = await runMain(['connections', 'generate', '--from-file', path, '--results', results, '--resume'], { env: env() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('line 3: repeats line 1');
    expect(connectionsOf(same('a').groupRef)).toBe(1);
  });

  it('--resume after the first of two rows was created: the repeat is caught in the sending pass too', async () => {
    // The first run sends only line 1 (line 2 is invalid for another reason and skipped).
    const path = rowsFile([rowText(same('a'), 1), JSON.stringify({ ...same('x'), apiKey: 1 })]);
    const results = join(work.path, `${work.run}-later.jsonl`);
    await runMain(['connections', 'generate', '--from-file', path, '--results', results, '--skip-invalid'], { env: env() });
    expect(connectionsOf(same('a').groupRef)).toBe(1);
    // The file is then fixed, and line 2 made a repeat of line 1: resuming must not send it.
    writeFileSync(path, [rowText(same('a'), 1), rowText(same('a'), 2)].join('\n') + '\n');
    const resumed = await runMain(['connections', 'generate', '--from-file', path, '--results', results, '--resume', '--skip-invalid', '-o', 'json'], { env: env() });
    expect(JSON.parse(resumed.stdout)).toMatchObject({ alreadyCreated: 1, created: 0, invalid: 1 });
    expect(connectionsOf(same('a').groupRef)).toBe(1);
  });

  it('a CSV whose last value ends in a line break at the end of the file: its repeat is caught, named by the line it is on', async () => {
    // An LF file whose last record ends in a lone CR and no LF: the CR is part of the key (a secret may hold one),
    // and the record is on line 3, after line 2, which it repeats.
    const row = same('csv');
    const path = join(work.path, `${work.run}-rows.csv`);
    writeFileSync(path, `provider,groupRef,consumerRef,providerWorkspaceRef,apiKey\npipedrive,${row.groupRef},u-1,ws,pk_csv_${work.run}_1\npipedrive,${row.groupRef},u-1,ws,pk_csv_${work.run}_2\r`);
    const result = await runMain(['connections', 'generate', '--from-file', path, '--results', join(work.path, `${work.run}-csv.jsonl`)], { env: env() });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('line 3: repeats line 2: the same group, consumer and provider');
    expect(connectionsOf(row.groupRef)).toBe(0);
    expect(await posts()).toBe(0);
  });
});
