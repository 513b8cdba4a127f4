// A CI matrix of four jobs (README, "A CI matrix: one file, many jobs"): four
// runs of ipctl, `--shard 1/4` … `4/4`, at once against one sandbox on one
// 1,000-row file, each with its own results file (in-process: the shards share
// no file, so no process is the point). Every row must be created exactly once,
// and `connections report` over the four files must say so.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { ipctl } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
const files = tempDir('ipctl-shards-');

afterAll(() => {
  files.remove();
});

// 1,000 rows: about 250 a shard, far from the bound of half a quarter that a hash spreading the keys
// unevenly would cross, and enough that four runs at once send side by side; more add only time.
const rows = 1_000;
const shards = 4;

describe('four shards of one file, at once', () => {
  it('create every row exactly once, and connections report says so', async () => {
    const input = join(files.path, 'rows.csv');
    const lines = ['groupRef,consumerRef,provider,providerWorkspaceRef,apiKey'];
    for (let index = 1; index <= rows; index++) lines.push(`matrix-${index},user-${index % 97},pipedrive,ws${index % 5},pk_matrix_${String(index).padStart(6, '0')}_secret`);
    writeFileSync(input, lines.join('\n') + '\n');
    const env = fixture.env({ IPCTL_PROJECT: 'proj_demo' });
    const resultsOf = (shard: number) => join(files.path, `shard-${shard}.jsonl`);

    const runs = await Promise.all(
      Array.from({ length: shards }, (_, index) =>
        ipctl(['connections', 'generate', '--from-file', input, '--shard', `${index + 1}/${shards}`, '--results', resultsOf(index + 1), '--concurrency', '16', '-o', 'json'], { env, timeoutMs: 600_000 }),
      ),
    );
    let created = 0;
    for (const [index, result] of runs.entries()) {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const summary = JSON.parse(result.stdout) as { shard: string; rows: number; created: number; otherShards: number; invalid: number };
      expect(summary.shard).toBe(`${index + 1}/${shards}`);
      expect(summary.created).toBe(summary.rows);
      expect(summary.invalid).toBe(0);
      expect(summary.rows + summary.otherShards).toBe(rows);
      // A quarter each, give or take: the hash spreads the keys.
      expect(summary.rows).toBeGreaterThan(rows / shards / 2);
      created += summary.created;
    }
    expect(created).toBe(rows);

    // The sandbox's own record: one connection per row, none twice.
    const perGroup = new Map<string, number>();
    for (const connection of fixture.sandbox.state.projects.proj_demo!.connections) {
      if (connection.group.groupRef.startsWith('matrix-')) perGroup.set(connection.group.groupRef, (perGroup.get(connection.group.groupRef) ?? 0) + 1);
    }
    expect(perGroup.size).toBe(rows);
    expect([...perGroup.values()].every((count) => count === 1)).toBe(true);

    const report = await ipctl(['connections', 'report', ...Array.from({ length: shards }, (_, index) => resultsOf(index + 1)), '-o', 'json'], { env, timeoutMs: 120_000 });
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    expect(JSON.parse(report.stdout)).toMatchObject({ files: shards, rows, created: rows, failed: 0, invalid: 0, uncertain: 0, inMoreThanOneFile: 0 });
  }, 900_000);
});

describe('three shards sharing one rate-limited API key', () => {
  it('all finish, with every row created exactly once and none failed, after the sandbox answered some with 429', async () => {
    // docs/reliability.md, "Rate limits": the sandbox limits one key to N requests a second, across every client using it.
    await fixture.addFaults({ generateConnection: [{ kind: 'rate-limit', perSecond: 200 }] });
    try {
      // 600 rows: three runs at full speed go over 200 a second within the first second, and the rest
      // still takes seconds at the limit; more add only time.
      const count = 600;
      const input = join(files.path, 'limited.csv');
      const lines = ['groupRef,consumerRef,provider,providerWorkspaceRef,apiKey'];
      for (let index = 1; index <= count; index++) lines.push(`limited-${index},user-${index},pipedrive,acme,pk_limited_${index}_secret`);
      writeFileSync(input, lines.join('\n') + '\n');
      const env = fixture.env({ IPCTL_PROJECT: 'proj_demo' });
      const runs = await Promise.all(
        [1, 2, 3].map((shard) => ipctl(['connections', 'generate', '--from-file', input, '--shard', `${shard}/3`, '--results', join(files.path, `limited-${shard}.jsonl`), '-o', 'json'], { env, timeoutMs: 600_000 })),
      );
      for (const result of runs) {
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout)).toMatchObject({ failed: 0, uncertain: 0, invalid: 0 });
      }
      const throttled = (await fixture.requests()).filter((request) => request.status === 429);
      expect(throttled.length).toBeGreaterThan(0);
      const perGroup = new Map<string, number>();
      for (const connection of fixture.sandbox.state.projects.proj_demo!.connections) {
        if (connection.group.groupRef.startsWith('limited-')) perGroup.set(connection.group.groupRef, (perGroup.get(connection.group.groupRef) ?? 0) + 1);
      }
      expect(perGroup.size).toBe(count);
      expect([...perGroup.values()].every((created) => created === 1)).toBe(true);
    } finally {
      await fixture.clearFaults();
    }
  }, 900_000);
});
