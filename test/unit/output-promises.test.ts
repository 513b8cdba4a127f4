// Promises of the README's "Output" section that no other test aims at: an
// invalid --query refused before anything is sent, tables in a pipe with their
// header row, and no stack trace for an API error even under --debug. ipctl
// runs in this process against HTTP stubs that record every request.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { useHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

const stubs = useHttpStubs();

const org = { id: 'o1', label: 'One', defaultTeamId: 't1', createTime: '2025-01-01T00:00:00Z', updateTime: '2025-01-01T00:00:00Z' };

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_output_promises', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-output-promises', IPCTL_RETRIES: '0', NO_COLOR: '1', ...extra };
}

describe('--query', () => {
  // README "Output": "An invalid expression exits 2 before anything is sent."
  it.each([['[?'], ['foo[']])('an invalid expression (%s) is exit 2, names --query, and sends nothing', async (expression) => {
    const result = await runMain(['orgs', 'get', 'o1', '--query', expression], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--query');
    expect(stubs.received).toEqual([]);
  });
});

describe('a table in a pipe', () => {
  // README "Output": "plain, tab-separated, with a header row, no color"; "Vertical tables have the header FIELD	VALUE".
  it('a record opens with the header FIELD<tab>VALUE, one field a line', async () => {
    stubs.register('GET', '/orgs/o1', { status: 200, json: org });
    const result = await runMain(['orgs', 'get', 'o1'], { env: env() });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.replace(/\n$/, '').split('\n');
    expect(lines[0]).toBe('FIELD\tVALUE');
    expect(lines.slice(1).every((line) => line.split('\t').length === 2)).toBe(true);
    expect(lines.filter((line) => line.endsWith('\tOne'))).toHaveLength(1);
    stubs.verify();
  });

  it('a list opens with its header row, as many fields as every row', async () => {
    const config = tempDir();
    try {
      const file = join(config.path, 'config.json');
      writeFileSync(file, JSON.stringify({ profiles: { main: { project: 'proj_main', org: 'org_main' }, other: { project: 'proj_other' } } }));
      chmodSync(file, 0o600);
      const result = await runMain(['profile', 'list'], { env: { IPCTL_CONFIG_DIR: config.path, NO_COLOR: '1' } });
      expect(result.code, result.stderr).toBe(0);
      const [header, ...rows] = result.stdout.replace(/\n$/, '').split('\n').map((line) => line.split('\t'));
      // The columns README "Output" names for profile list, in capitals as a header.
      expect(header).toEqual(expect.arrayContaining(['PROJECT', 'ORG']));
      expect(header!.every((name) => /^[A-Z][A-Z ]*$/.test(name))).toBe(true);
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toHaveLength(header!.length);
      expect(rows.flat()).toEqual(expect.arrayContaining(['main', 'proj_main', 'org_main', 'other', 'proj_other']));
    } finally {
      config.remove();
    }
  });
});

describe('stack traces', () => {
  // README "Output": "an API error or invalid input never shows one", not even under --debug.
  it.each([
    ['an API error', ['orgs', 'get', 'o1'], 3, true],
    ['invalid input', ['invites', 'list', 'o1', '--status', 'bogus'], 2, false],
  ])('%s shows none under --debug', async (_what, args, exit, answered) => {
    if (answered) stubs.register('GET', '/orgs/o1', { status: 404, json: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No org o1.' } });
    const result = await runMain(['--debug', ...args], { env: env() });
    expect(result.code).toBe(exit);
    expect(result.stderr).toContain('Error:');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    stubs.verify();
  });
});

describe('an answer that is not problem details', () => {
  // README "Output": such a body "still gives the status and a short excerpt";
  // "What ipctl never prints": "Error excerpts are cut between words, never inside a value".
  it('gives the status and an excerpt cut between words', async () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}x${'y'.repeat(index % 7)}`);
    stubs.register('GET', '/orgs/o1', { status: 502, headers: { 'content-type': 'text/html' }, body: `<html><body><p>${words.join(' ')}</p></body></html>` });
    const result = await runMain(['orgs', 'get', 'o1'], { env: env() });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('(HTTP 502)');
    const [, excerpt] = /"([^"]*)"/.exec(result.stderr) ?? [];
    expect(excerpt).toMatch(/^word0x /);
    const shown = excerpt!.replace(/…$/, '').trim().split(' ');
    expect(shown.length).toBeLessThan(words.length);
    expect(shown).toEqual(words.slice(0, shown.length));
    stubs.verify();
  });
});
