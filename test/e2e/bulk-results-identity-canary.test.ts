// A credential placed in a row's groupRef or consumerRef column by mistake (a shifted
// CSV column, a key pasted in the wrong cell) is still a credential: docs/security.md
// says the credentials ipctl sent are scrubbed from everything it writes, the bulk
// results file included. The row's own fields are not secrets, so the results file
// keeps them as they are otherwise.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { canaryApiKey, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
const work = tempDir('ipctl-identity-canary-');
afterAll(() => work.remove());

const rowKey = 'pk_identity_CANARY_6b1e0d';

function row(groupRef: string, consumerRef: string, apiKey: string, index: number): string {
  return JSON.stringify({ groupRef, consumerRef, provider: 'pipedrive', providerWorkspaceRef: `ws-identity-${index}`, apiKey });
}

async function importRows(name: string, lines: string[]): Promise<{ results: string; output: string }> {
  const input = join(work.path, `${name}.jsonl`);
  const results = join(work.path, `${name}.results.jsonl`);
  writeFileSync(input, `${lines.join('\n')}\n`);
  const run = await runMain(['connections', 'generate', '--project', 'demo', '--concurrency', '1', '--from-file', input, '--results', results], { env: fixture.env() });
  expect(run.code, run.stderr).toBe(0);
  return { results: readFileSync(results, 'utf8'), output: run.stdout + run.stderr };
}

describe('the results file when a credential sits in a row\'s own fields', () => {
  it('redacts another row\'s key placed in a groupRef, in the started and the created record', async () => {
    const { results, output } = await importRows('shifted', [row('identity-a', 'user-a', rowKey, 1), row(rowKey, 'user-b', 'pk_identity_other_9c2f41', 2)]);
    expect(results).not.toContain(rowKey);
    expect(output).not.toContain(rowKey);
    const second = results.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { line: number; status: string; groupRef: string }).filter((record) => record.line === 2);
    expect(second.map((record) => record.status)).toEqual(['started', 'created']);
    for (const record of second) expect(record.groupRef).toContain('[redacted]');
    // The redacted record no longer names the row: --resume stops, sending nothing (docs/decisions.md).
    const input = join(work.path, 'shifted.jsonl');
    const again = await runMain(['connections', 'generate', '--project', 'demo', '--from-file', input, '--results', join(work.path, 'shifted.results.jsonl'), '--resume'], { env: fixture.env() });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('does not record this input');
    expect(again.stdout + again.stderr).not.toContain(rowKey);
  });

  it('redacts the API key of the run placed in a consumerRef', async () => {
    const { results, output } = await importRows('api-key', [row('identity-c', canaryApiKey, 'pk_identity_third_1d7a55', 3)]);
    expect(results).not.toContain(canaryApiKey);
    expect(output).not.toContain(canaryApiKey);
  });

  it('keeps the row\'s own fields as they are otherwise', async () => {
    const { results } = await importRows('plain', [row('identity-d', 'user-d', 'pk_identity_fourth_5e3b90', 4)]);
    const records = results.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { groupRef: string; consumerRef: string; provider: string });
    expect(records).toHaveLength(2);
    for (const record of records) expect([record.groupRef, record.consumerRef, record.provider]).toEqual(['identity-d', 'user-d', 'pipedrive']);
  });
});
