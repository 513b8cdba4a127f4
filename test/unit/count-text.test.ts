// Counts are written one way in text (README: `1,482`, thousands grouped by
// commas whatever the locale), and as plain numbers in JSON, YAML and ndjson.
// Checked over generated counts through `connections report` (its table, its
// messages and its documents), the question of `connections remove
// --from-results`, and the formatter itself.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { formatCount } from '../../src/output/count.js';
import { fuzzParameters } from '../fuzz/arbitraries.js';
import { tempDir } from '../helpers/cli.js';
import { grouped } from '../helpers/counts.js';
import { runMain, scriptedPrompter } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const files = tempDir('ipctl-counts-');
afterAll(() => files.remove());
let written = 0;

/** A results file (docs/commands/connections-bulk.md, "The results file") with `created` rows created and `failed` failed. */
function resultsFile(created: number, failed: number, project = 'proj_demo'): string {
  const record = (line: number, status: string) =>
    JSON.stringify({ line, status, provider: 'pipedrive', groupRef: `g-${line}`, consumerRef: 'u-1', ...(status === 'created' ? { connectionId: `conn_${line}`, projectId: project } : {}), time: '2026-01-01T00:00:00.000Z' });
  const lines = Array.from({ length: created + failed }, (_, index) => record(index + 1, index < created ? 'created' : 'failed'));
  written += 1;
  const path = join(files.path, `${written}.results.jsonl`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const counts = fc.oneof(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1000, max: 12_000 }));
const env = { NO_COLOR: '1', IPCTL_CONFIG_DIR: join(files.path, 'config') };

describe('counts in text and in documents', () => {
  it('formatCount groups any whole count by threes, the digits unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER - 1 }), (value) => {
        expect(formatCount(value)).toBe(grouped(value));
      }),
      fuzzParameters(500),
    );
  });

  it('connections report: the table and its messages show grouped counts; JSON, YAML and ndjson plain numbers', async () => {
    await fc.assert(
      fc.asyncProperty(counts, fc.integer({ min: 1, max: 3000 }), async (created, failed) => {
        const path = resultsFile(created, failed);
        const text = await runMain(['connections', 'report', path], { env });
        expect(text.code).toBe(1);
        expect(text.stdout).toMatch(new RegExp(`^Rows\\t${grouped(created + failed)}$`, 'm'));
        expect(text.stdout).toMatch(new RegExp(`^Created\\t${grouped(created)}$`, 'm'));
        expect(text.stdout).toContain(`${path}\t${grouped(created + failed)}\t${grouped(created)}\t${grouped(failed)}\t`);
        expect(text.stderr).toContain(`${grouped(failed)} ${failed === 1 ? 'row' : 'rows'} failed`);
        const json = await runMain(['connections', 'report', path, '-o', 'json'], { env });
        expect(JSON.parse(json.stdout)).toMatchObject({ rows: created + failed, created, failed });
        const yaml = await runMain(['connections', 'report', path, '-o', 'yaml'], { env });
        expect(parseYaml(yaml.stdout)).toMatchObject({ rows: created + failed, created, failed });
        const ndjson = await runMain(['connections', 'report', path, '-o', 'ndjson'], { env });
        expect(JSON.parse(ndjson.stdout.trim().split('\n')[0]!)).toMatchObject({ rows: created + failed, created, failed });
        if (created >= 1000) expect(json.stdout + yaml.stdout + ndjson.stdout).not.toContain(grouped(created));
      }),
      fuzzParameters(12),
    );
  });
});

describe('the question before a removal', () => {
  const fixture = useFixture();

  it('names the count grouped: "Remove 1,482 connections…"', async () => {
    const path = resultsFile(1482, 0);
    const prompter = scriptedPrompter([false]);
    const result = await runMain(['connections', 'remove', '--from-results', path], { env: fixture.env({ NO_COLOR: '1' }), terminal: { stdin: true, stdout: true, stderr: true }, prompter });
    expect(result.code).toBe(130);
    expect(prompter.asked.map((question) => question.message)).toEqual(['Remove 1,482 connections from project demo (proj_demo)?']);
  });
});
