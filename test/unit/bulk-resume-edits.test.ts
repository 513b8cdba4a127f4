// Resuming a bulk import after the user edits the input or settles a row by
// hand (docs/commands/connections-bulk.md, "Resuming"): a connection the
// results file records as created is never created again, whichever line of
// the input now holds its group, consumer and provider; and a record appended
// by hand is read as a record, with or without its final newline, with CRLF.
// In-process, against the sandbox, which says what exists.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { useWorkspace } from '../helpers/workspace.js';

const fixture = useFixture();
const work = useWorkspace('ipctl-bulk-resume-edits-');

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
      const group = `edit-${format}-${work.run}`;
      const path = join(work.path, `${work.run}.${format}`);
      // Line 1 (a CSV's line 2) has no API key, so it is invalid; the next line is created.
      const rows =
        format === 'jsonl'
          ? (first: string) => `{"groupRef":"${first}","consumerRef":"u-1","providerWorkspaceRef":"ws"}\n{"groupRef":"${group}","consumerRef":"u-2","providerWorkspaceRef":"ws","apiKey":"pk_edit_${work.run}_2"}\n`
          : (first: string) => `groupRef,consumerRef,providerWorkspaceRef,apiKey\n${first},u-1,ws,\n${group},u-2,ws,pk_edit_${work.run}_2\n`;
      writeFileSync(path, rows(`${group}-other`));
      const first = await generate(path, '--skip-invalid');
      expect(first.code).toBe(1);
      expect(connectionsOf(group)).toBe(1);
      // The user fixes the invalid row so that it names the created row's group, consumer and provider.
      const fixed = format === 'jsonl'
        ? `{"groupRef":"${group}","consumerRef":"u-2","providerWorkspaceRef":"ws","apiKey":"pk_edit_${work.run}_1"}\n{"groupRef":"${group}","consumerRef":"u-2","providerWorkspaceRef":"ws","apiKey":"pk_edit_${work.run}_2"}\n`
        : `groupRef,consumerRef,providerWorkspaceRef,apiKey\n${group},u-2,ws,pk_edit_${work.run}_1\n${group},u-2,ws,pk_edit_${work.run}_2\n`;
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
      const group = `hand-${work.run}`;
      const path = join(work.path, `${work.run}.jsonl`);
      writeFileSync(path, `{"groupRef":"${group}","consumerRef":"u-1","providerWorkspaceRef":"ws","apiKey":"pk_hand_${work.run}_1"}\n`);
      // The first run's request went out and no answer was recorded: the row is uncertain.
      const results = join(work.path, `${work.run}.results.jsonl`);
      writeFileSync(results, `{"line":1,"status":"started","provider":"pipedrive","groupRef":"${group}","consumerRef":"u-1","time":"2026-11-27T10:00:00.000Z"}\n`);
      // Created by hand on the platform meanwhile, then recorded by hand as the docs say.
      const made = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--group-ref', group, '--consumer-ref', 'u-1', '--workspace', 'ws', '--api-key-file', '-', '-o', 'json'], { env: env(), stdin: `pk_hand_${work.run}_1` });
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
    const group = `torn-${work.run}`;
    const path = join(work.path, `${work.run}.jsonl`);
    writeFileSync(path, `{"groupRef":"${group}","consumerRef":"u-1","providerWorkspaceRef":"ws","apiKey":"pk_torn_${work.run}_1"}\n`);
    const results = join(work.path, `${work.run}.results.jsonl`);
    writeFileSync(results, '{"line":1,"status":"sta');
    const resumed = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--from-file', path, '--resume'], { env: env() });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/last line of .*results\.jsonl .*cut short.*removed/);
    expect(connectionsOf(group)).toBe(1);
    expect(readFileSync(results, 'utf8')).not.toContain('"sta\n');
    expect(readFileSync(results, 'utf8').startsWith('{"line":1,"status":"started"')).toBe(true);
  });
});

describe('a record written by hand that names no key', () => {
  it('stands for the row on its line: an earlier row edited to the same key is not sent', async () => {
    const group = `unnamed-${work.run}`;
    const path = join(work.path, `${work.run}.jsonl`);
    // Both rows lack their API key: the first run records both as invalid.
    const invalid = `{"groupRef":"${group}","consumerRef":"u-1","providerWorkspaceRef":"ws"}`;
    writeFileSync(path, `${invalid}\n${invalid}\n`);
    expect((await generate(path, '--skip-invalid')).code).toBe(1);
    expect(connectionsOf(group)).toBe(0);
    // Line 2 is created by hand and settled with a record that names its line only, as the docs show.
    const made = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--group-ref', group, '--consumer-ref', 'u-1', '--workspace', 'ws', '--api-key-file', '-', '-o', 'json'], { env: env(), stdin: `pk_unnamed_${work.run}` });
    const id = (JSON.parse(made.stdout) as { id: string }).id;
    appendFileSync(join(work.path, `${work.run}.results.jsonl`), `{"line":2,"status":"created","connectionId":"${id}"}\n`);
    // Then both lines get their API key.
    const valid = `{"groupRef":"${group}","consumerRef":"u-1","providerWorkspaceRef":"ws","apiKey":"pk_unnamed_${work.run}"}`;
    writeFileSync(path, `${valid}\n${valid}\n`);
    await fixture.clearRequests();
    const resumed = await runMain(['connections', 'generate', '--provider', 'pipedrive', '--from-file', path, '--resume', '-o', 'json'], { env: env() });
    expect(await posts()).toBe(0);
    expect(connectionsOf(group)).toBe(1);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 2, created: 0, alreadyCreated: 2 });
  });
});
