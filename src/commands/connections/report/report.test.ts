// `ipctl connections report RESULTS…` (README, docs/commands/connections-bulk.md
// "Merging the results: connections report"): results files written here in
// the documented format (one JSON record a line: line, status, provider,
// groupRef, consumerRef, time), merged in every output format.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { runMain } from '../../../../test/helpers/in-process.js';
import { useWorkspace } from '../../../../test/helpers/workspace.js';

const work = useWorkspace('ipctl-report-');

const env = { NO_COLOR: '1', IPCTL_CONFIG_DIR: join(work.path, 'config') };

type Status = 'started' | 'created' | 'failed' | 'uncertain' | 'invalid';

/** A results file: for each entry, its records in order. */
function results(name: string, rows: Array<{ line: number; group: string; statuses: Status[]; consumer?: string }>): string {
  const records = rows.flatMap(({ line, group, statuses, consumer }) =>
    statuses.map((status) => JSON.stringify({ line, status, provider: 'pipedrive', groupRef: group, consumerRef: consumer ?? 'u-1', ...(status === 'created' ? { connectionId: `conn_${group}` } : {}), time: '2026-01-01T00:00:00.000Z' })),
  );
  const path = join(work.path, `${work.run}-${name}`);
  writeFileSync(path, records.join('\n') + '\n');
  return path;
}

const created = (line: number, group: string) => ({ line, group, statuses: ['started', 'created'] as Status[] });

function report(paths: string[], ...flags: string[]) {
  return runMain(['connections', 'report', ...paths, ...flags], { env });
}

describe('connections report: every row created once', () => {
  const twoShards = () => [results('a.jsonl', [created(1, 'g1'), created(3, 'g3')]), results('b.jsonl', [created(2, 'g2'), created(4, 'g4'), created(5, 'g5')])];

  it('table: the totals, each file, exit 0', async () => {
    const [a, b] = twoShards();
    const result = await report([a!, b!]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Files\s+2\n/);
    expect(result.stdout).toMatch(/Rows\s+5\n/);
    expect(result.stdout).toMatch(/Created\s+5\n/);
    expect(result.stdout).toMatch(/In more than one file\s+0\n/);
    expect(result.stdout).toMatch(new RegExp(`${a}\\s+2\\s+2\\s+0\\s+0\\s+0\\n`));
    expect(result.stdout).toMatch(new RegExp(`${b}\\s+3\\s+3\\s+0\\s+0\\s+0\\n`));
  });

  it('json and yaml: the same document', async () => {
    const [a, b] = twoShards();
    const json = await report([a!, b!], '-o', 'json');
    const yaml = await report([a!, b!], '-o', 'yaml');
    expect(json.code).toBe(0);
    expect(yaml.code).toBe(0);
    const expected = {
      files: 2,
      rows: 5,
      created: 5,
      failed: 0,
      invalid: 0,
      uncertain: 0,
      damaged: 0,
      inMoreThanOneFile: 0,
      repeated: [],
      byFile: [
        { file: a, rows: 2, created: 2, failed: 0, invalid: 0, uncertain: 0, damaged: 0 },
        { file: b, rows: 3, created: 3, failed: 0, invalid: 0, uncertain: 0, damaged: 0 },
      ],
    };
    expect(JSON.parse(json.stdout)).toEqual(expected);
    expect(parseYaml(yaml.stdout)).toEqual(expected);
  });

  it('ndjson: the summary as one line; --query picks a value', async () => {
    const [a, b] = twoShards();
    const ndjson = await report([a!, b!], '-o', 'ndjson');
    const lines = ndjson.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ files: 2, created: 5, inMoreThanOneFile: 0 });
    const query = await report([a!, b!], '--query', 'created');
    expect(query.stdout).toBe('5\n');
    expect(query.code).toBe(0);
  });
});

describe('connections report: rows not created once', () => {
  it('a row counts once, by what it last came to: failed then created on --resume is created', async () => {
    const path = results('resumed.jsonl', [
      { line: 1, group: 'g1', statuses: ['started', 'failed', 'started', 'created'] },
      { line: 2, group: 'g2', statuses: ['started', 'failed'] },
      { line: 3, group: 'g3', statuses: ['started'] },
      { line: 4, group: 'g4', statuses: ['started', 'uncertain'] },
      { line: 5, group: 'g5', statuses: ['invalid'] },
      { line: 6, group: 'g6', statuses: ['invalid', 'started', 'created'] },
    ]);
    const result = await report([path], '-o', 'json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 6, created: 2, failed: 1, uncertain: 2, invalid: 1, inMoreThanOneFile: 0 });
    // Under -o json, stderr is one problem document.
    const problem = JSON.parse(result.stderr) as { title: string; exitCode: number };
    expect(problem.exitCode).toBe(1);
    expect(problem.title).toContain('1 row failed');
  });

  it('text: what went wrong, on stderr after the table', async () => {
    const path = results('mixed.jsonl', [created(1, 'g1'), { line: 2, group: 'g2', statuses: ['started', 'failed'] }, { line: 3, group: 'g3', statuses: ['started'] }, { line: 4, group: 'g4', statuses: ['invalid'] }]);
    const result = await report([path]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Failed\s+1\n/);
    expect(result.stderr).toContain('1 row failed; run the job of each file again with --resume');
    expect(result.stderr).toContain('1 row may or may not have been created');
    expect(result.stderr).toContain('1 row is invalid');
  });

  it('a connection recorded in two files: counted once, listed with both places, exit 1', async () => {
    const a = results('one.jsonl', [created(1, 'g1'), created(2, 'g2')]);
    const b = results('two.jsonl', [created(7, 'g2'), created(8, 'g8')]);
    const c = results('three.jsonl', [created(9, 'g2')]);
    const result = await report([a, b, c], '-o', 'json');
    expect(result.code).toBe(1);
    const data = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(data).toMatchObject({ files: 3, rows: 5, created: 5, inMoreThanOneFile: 1 });
    expect(data.repeated).toEqual([{ groupRef: 'g2', consumerRef: 'u-1', provider: 'pipedrive', first: `${a} line 2`, again: `${b} line 7` }]);
    expect(JSON.parse(result.stderr).title).toContain('1 connection is recorded in more than one file');
  });

  it('the same group with another consumer is another connection', async () => {
    const a = results('one.jsonl', [created(1, 'g1')]);
    const b = results('two.jsonl', [{ line: 1, group: 'g1', consumer: 'u-2', statuses: ['started', 'created'] }]);
    const result = await report([a, b], '-o', 'json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ inMoreThanOneFile: 0 });
  });

  it('many repeats: all counted, the first 10 listed (table and text say how many more)', async () => {
    const rows = Array.from({ length: 15 }, (_, index) => created(index + 1, `g${index + 1}`));
    const a = results('a.jsonl', rows);
    const b = results('b.jsonl', rows);
    const json = await report([a, b], '-o', 'json');
    const data = JSON.parse(json.stdout) as { inMoreThanOneFile: number; repeated: unknown[] };
    expect(data.inMoreThanOneFile).toBe(15);
    expect(data.repeated).toHaveLength(10);
    const table = await report([a, b]);
    expect(table.stdout).toMatch(/In more than one file\s+15\n/);
    expect(table.stdout).toMatch(/GROUP\s+CONSUMER\s+PROVIDER\s+FIRST\s+AGAIN\n/);
    expect(table.stderr).toContain('15 connections are recorded in more than one file (10 listed, 5 more)');
  });

  it('a damaged line that names no row is counted, exit 1', async () => {
    const path = results('damaged.jsonl', [created(1, 'g1')]);
    writeFileSync(path, `${'{"garbage'}\n${JSON.stringify({ line: 2, status: 'created', provider: 'pipedrive', groupRef: 'g2', consumerRef: 'u', time: '' })}\n`, { flag: 'a' });
    const result = await report([path], '-o', 'json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 2, created: 2, damaged: 1 });
  });

  it('control characters in a recorded ref are shown visibly in the table, escaped in JSON', async () => {
    const a = results('a.jsonl', [created(1, 'g\u001b[31mred')]);
    const b = results('b.jsonl', [created(1, 'g\u001b[31mred')]);
    const table = await report([a, b]);
    expect(table.stdout).not.toContain('\u001b');
    // Colour on, at a terminal: ipctl's own styling stays, the file's escape does not pass.
    const coloured = await runMain(['connections', 'report', a, b], { env: { ...env, NO_COLOR: undefined, FORCE_COLOR: '1' }, terminal: { stdout: true, stderr: true }, columns: 200 });
    expect(coloured.stdout).toContain('g\\x1b[31mred');
    expect(coloured.stdout).not.toContain('\u001b[31mred');
    expect(coloured.stderr).not.toContain('\u001b[31mred');
    const json = await report([a, b], '-o', 'json');
    expect(json.stdout).not.toContain('\u001b');
    expect(JSON.parse(json.stdout).repeated[0].groupRef).toBe('g\u001b[31mred');
  });
});

describe('connections report: files it cannot read', () => {
  it('a missing file: exit 2 naming it, nothing summarized', async () => {
    const a = results('a.jsonl', [created(1, 'g1')]);
    const missing = join(work.path, `${work.run}-missing.jsonl`);
    const result = await report([a, missing]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`cannot read ${missing}: there is no such file`);
  });

  it('a directory, and a file given twice: each named', async () => {
    const a = results('a.jsonl', [created(1, 'g1')]);
    const folder = join(work.path, `${work.run}-folder`);
    mkdirSync(folder);
    const result = await report([a, folder, a]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${folder} is a directory`);
    expect(result.stderr).toContain(`${a} is given twice`);
  });

  it('no file at all is a usage error', async () => {
    const result = await report([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });
});
