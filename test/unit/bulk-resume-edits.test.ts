// Resuming a bulk import after the user edits the input or settles a row by
// hand (docs/commands/connections-bulk.md, "Resuming"): a connection the
// results file records as created is never created again, whichever line of
// the input now holds its group, consumer and provider; and a record appended
// by hand is read as a record, with or without its final newline, with CRLF.
// In-process, against the sandbox, which says what exists.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
const files = tempDir('ipctl-bulk-resume-edits-');
let run = 0;

afterAll(() => {
  files.remove();
});
beforeEach(() => {
  run += 1;
});

const env = () => fixture.env({ IPCTL_NO_INPUT: '1', IPCTL_PROJECT: 'proj_demo' });

/** How many connections the sandbox holds for a group (each test uses groups of its own). */
function connectionsOf(groupRef: string): number {
  return fixture.sandbox.state.projects.proj_demo!.connections.filter((connection) => connection.group.groupRef === groupRef).length;
}

async function posts(): Promise<number> {
  return (await fixture.requests()).filter((request) => request.method === 'POST').length;
}

const generate = (input: string, ...more: string[]) => runMain(['connections', 'generate', '--provider', 'pipedrive', '--from-file', input, ...more], { env: env() });

describe('a row edited to hold the key of a row created before', () => {
  for (const format of ['jsonl', 'csv'] as const) {
    it(`is not sent again by --resume (${format})`, async () => {
      const group = `edit-${format}-${run}`;
      const path = join(files.path, `${run}.${format}`);
      // Line 1 (a CSV's line 2) has no API key, so it is invalid; the next line is created.
      const rows =
        format === 'jsonl'
          ? (first: string) => `{"groupRef":"${first}","consumerRef":"u-1","providerWorkspaceRef":"ws"}\n{"groupRef":"${group}","consumerRef":"u-2","providerWorkspaceRef":"ws","apiKey":"pk_edit_${run}_2"}\n`
          : (first: string) => `groupRef,consumerRef,providerWorkspaceRef,apiKey\n${first},u-1,ws,\n${group},u-2,ws,pk_edit_${run}_2\n`;
      writeFileSync(path, rows(`${group}-other`));
      const first = await generate(path, '--skip-invalid');
      expect(first.code).toBe(1);
      expect(connectionsOf(group)).toBe(1);
      // The user fixes the invalid row so that it names the created row's group, consumer and provider.
      const fixed = format === 'jsonl'
        ? `{"groupRef":"${group}","consumerRef":"u-2","providerWorkspaceRef":"ws","apiKey":"pk_edit_${run}_1"}\n{"groupRef":"${group}","consumerRef":"u-2","providerWorkspaceRef":"ws","apiKey":"pk_edit_${run}_2"}\n`
        : `groupRef,consumerRef,providerWorkspaceRef,apiKey\n${group},u-2,ws,pk_edit_${run}_1\n${group},u-2,ws,pk_edit_${run}_2\n`;
      writeFileSync(path, fixed);
      await fixture.clearRequests();
      const resumed = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--from-file', path, '--resume', '-o', 'json'], { env: env() });
      expect(resumed.stderr).not.toContain('Error');
      expect(await posts()).toBe(0);
      expect(connectionsOf(group)).toBe(1);
      // Documented: such a row counts as already created, and the run exits 0.
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 2, created: 0, alreadyCreated: 2 });
    });
  }
});

describe('a record appended by hand to settle an uncertain row', () => {
  const endings: Array<[string, string]> = [
    ['without a final newline', ''],
    ['with CRLF', '\r\n'],
    ['with CRLF and blank lines', '\r\n\r\n'],
  ];
  for (const [name, ending] of endings) {
    it(`is kept and obeyed ${name}`, async () => {
      const group = `hand-${run}`;
      const path = join(files.path, `${run}.jsonl`);
      writeFileSync(path, `{"groupRef":"${group}","consumerRef":"u-1","providerWorkspaceRef":"ws","apiKey":"pk_hand_${run}_1"}\n`);
      // The first run's request went out and no answer was recorded: the row is uncertain.
      const results = join(files.path, `${run}.results.jsonl`);
      writeFileSync(results, `{"line":1,"status":"started","provider":"pipedrive","groupRef":"${group}","consumerRef":"u-1","time":"2026-11-27T10:00:00.000Z"}\n`);
      // Created by hand on the platform meanwhile, then recorded by hand as the docs say.
      const made = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--group-ref', group, '--consumer-ref', 'u-1', '--workspace', 'ws', '--api-key-file', '-', '-o', 'json'], { env: env(), stdin: `pk_hand_${run}_1` });
      expect(made.code).toBe(0);
      const id = (JSON.parse(made.stdout) as { id: string }).id;
      appendFileSync(results, `{"line":1,"status":"created","connectionId":"${id}"}${ending}`);
      await fixture.clearRequests();
      const resumed = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--from-file', path, '--resume', '--retry-uncertain', '-o', 'json'], { env: env() });
      expect(resumed.stderr).toBe('');
      expect(resumed.code).toBe(0);
      expect(await posts()).toBe(0);
      expect(connectionsOf(group)).toBe(1);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 1, alreadyCreated: 1 });
      // The hand-written record is still there.
      expect(readFileSync(results, 'utf8')).toContain(`"connectionId":"${id}"`);
    });
  }

  it('a fragment that is no record is cut off, and that is said on stderr', async () => {
    const group = `torn-${run}`;
    const path = join(files.path, `${run}.jsonl`);
    writeFileSync(path, `{"groupRef":"${group}","consumerRef":"u-1","providerWorkspaceRef":"ws","apiKey":"pk_torn_${run}_1"}\n`);
    const results = join(files.path, `${run}.results.jsonl`);
    writeFileSync(results, '{"line":1,"status":"sta');
    const resumed = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--from-file', path, '--resume'], { env: env() });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/last line of .*results\.jsonl .*cut short.*removed/);
    expect(connectionsOf(group)).toBe(1);
    expect(readFileSync(results, 'utf8')).not.toContain('"sta\n');
    expect(readFileSync(results, 'utf8').startsWith('{"line":1,"status":"started"')).toBe(true);
  });
});
