// Rows whose ending the results file never stored (docs/reliability.md: "N rows ended after
// the results file stopped taking records"): with group commit, a failed write can carry the
// ending records of rows already created. Each such row is named in the summary with what it
// came to, and --resume does not send it again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { faultyFs } from '../helpers/faulty-fs.js';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
const work = tempDir('ipctl-unstored-');
afterAll(() => work.remove());

function rows(count: number): string {
  return Array.from({ length: count }, (_, index) => JSON.stringify({ groupRef: `unstored-${index + 1}`, consumerRef: `user-${index + 1}`, provider: 'pipedrive', providerWorkspaceRef: `ws${index + 1}`, apiKey: `pk_unstored_CANARY_${index + 1}` })).join('\n') + '\n';
}

async function createdLines(): Promise<number[]> {
  const response = await fetch(new URL('/_sandbox/projects/demo/connections', fixture.sandbox.baseUrl));
  const { connections } = (await response.json()) as { connections: Array<{ groupRef: string }> };
  return connections.filter((connection) => connection.groupRef.startsWith('unstored-')).map((connection) => Number(connection.groupRef.slice('unstored-'.length)));
}

describe('a results file that fails with ending records in its write', () => {
  it('names each created row it could not record, and --resume sends none of them again', async () => {
    const input = join(work.path, 'rows.jsonl');
    const results = join(work.path, 'results.jsonl');
    writeFileSync(input, rows(6));
    const args = ['connections', 'generate', '--project', 'demo', '--concurrency', '1', '--from-file', input, '--results', results];
    // One at a time: the 3rd write carries row 2's "created" and row 3's "started"; it fails.
    const first = await runMain(args, { env: fixture.env(), fs: faultyFs([{ call: 'write', path: /results\.jsonl$/, kind: 'enospc', nth: 3 }]) });
    expect(first.code, first.stderr).toBe(1);
    const recorded = readFileSync(results, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { line: number; status: string });
    const created = await createdLines();
    const unrecorded = created.filter((line) => !recorded.some((record) => record.line === line && record.status === 'created'));
    expect(unrecorded).toEqual([2]);
    expect(first.stderr).toContain('1 row ended after the results file stopped taking records, so its outcome is written only here');
    expect(first.stderr).toMatch(/line 2: created \(conn_/);
    expect(first.stderr).not.toMatch(/CANARY/);

    const again = await runMain([...args, '--resume'], { env: fixture.env() });
    expect([0, 1]).toContain(again.code);
    const after = await createdLines();
    expect(after.filter((line) => line === 2)).toHaveLength(1);
  });
});
