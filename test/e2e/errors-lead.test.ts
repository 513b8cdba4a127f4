// README, Output (--query), Exit codes (130) and destinations patch: errors
// that lead. Each expected text is written out from the README; colour on and
// off where the output is coloured.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { withoutSgr } from '../helpers/display-width.js';
import { runMain, scriptedPrompter } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
const work = tempDir('ipctl-errors-lead-');
afterAll(() => work.remove());

const atTerminal = { stdin: true, stdout: true, stderr: true };
const colours = [
  ['colour on', {}],
  ['colour off', { NO_COLOR: '1' }],
] as const;

describe('--query alone: errors as text at a terminal, problem documents elsewhere', () => {
  it.each(colours)('an invalid expression at a terminal (%s): text, pointing at the character, exit 2', async (_name, colour) => {
    const result = await runMain(['invites', 'list', 'org_demo', '--query', 'items..id'], { env: fixture.env(colour), terminal: atTerminal });
    expect(result.code).toBe(2);
    const text = withoutSgr(result.stderr);
    expect(text).toMatch(/^Error: --query: "items\.\.id" is not a valid JMESPath expression: .* \(at character 7\)\.\n/);
    // The expression, then a caret under its seventh character, the second dot.
    expect(text).toContain('\n  items..id\n        ^\n');
    expect(result.stderr.includes('\u001b[')).toBe(Object.keys(colour).length === 0);
    expect(fixture.requests()).resolves.toEqual([]);
  });

  it('the same off a terminal: one problem document, which says where too', async () => {
    const result = await runMain(['invites', 'list', 'org_demo', '--query', 'items..id'], { env: fixture.env() });
    expect(result.code).toBe(2);
    const document = JSON.parse(result.stderr) as { type: string; title: string; exitCode: number };
    expect(document).toMatchObject({ type: 'urn:ipctl:problem:invalid-input', exitCode: 2 });
    expect(document.title).toContain('(at character 7)');
  });

  it.each([
    // [expression, index of the character the caret points at], counted by hand.
    ['[?a == `{bad`]', 7],
    ['foo.', 4],
    ['length(', 7],
    ['&&a', 0],
    ['a ~ b', 2],
  ] as const)('%s: at character %i (from 0)', async (expression, at) => {
    const result = await runMain(['invites', 'list', 'org_demo', '--query', expression], { env: fixture.env({ NO_COLOR: '1' }), terminal: atTerminal });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`(at character ${at + 1}).`);
    expect(result.stderr).toContain(`\n  ${expression}\n  ${' '.repeat(at)}^\n`);
  });

  it('a JSON literal that is not JSON says what goes between backticks', async () => {
    const result = await runMain(['invites', 'list', 'org_demo', '--query', '[?status == `pending`]'], { env: fixture.env(), terminal: atTerminal });
    expect(result.code).toBe(2);
    expect(withoutSgr(result.stderr)).toContain('Between backticks goes JSON');
  });

  it.each(colours)('an API error at a terminal (%s) is text; in a pipe, or with -o json, a problem document', async (_name, colour) => {
    const args = ['orgs', 'get', 'org_missing', '--query', 'id'];
    const terminal = await runMain(args, { env: fixture.env(colour), terminal: atTerminal });
    expect(terminal.code).toBe(3);
    expect(withoutSgr(terminal.stderr)).toMatch(/^Error: .*\(HTTP 404\)/);
    const pipe = await runMain(args, { env: fixture.env(colour) });
    expect(pipe.code).toBe(3);
    expect(JSON.parse(pipe.stderr)).toMatchObject({ status: 404, exitCode: 3 });
    const asked = await runMain([...args, '-o', 'json'], { env: fixture.env(colour), terminal: atTerminal });
    expect(asked.code).toBe(3);
    expect(JSON.parse(asked.stderr)).toMatchObject({ status: 404, exitCode: 3 });
  });

  it('--help of --query says so', async () => {
    const help = await runMain(['invites', 'list', '--help'], { env: {} });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('(implies --output json; errors stay text at a terminal, problem documents elsewhere)');
  });
});

describe('a declined confirmation: a plain line naming what was not done, exit 130', () => {
  it.each(colours)('profile remove, answered no (%s)', async (_name, colour) => {
    const env = { IPCTL_CONFIG_DIR: join(work.path, `remove-${Object.keys(colour).length}`), ...colour };
    expect((await runMain(['profile', 'add', 'staging', '--base-url', fixture.sandbox.baseUrl], { env })).code).toBe(0);
    const result = await runMain(['profile', 'remove', 'staging'], { env, terminal: atTerminal, prompter: scriptedPrompter([false]) });
    expect(result.code).toBe(130);
    // No colour, no "Error:": the line as it is.
    expect(result.stderr).toBe('Cancelled; profile "staging" was not removed.\n');
    expect((await runMain(['profile', 'list', '-o', 'json'], { env })).stdout).toContain('staging');
  });

  it.each(colours)('connections generate, its summary answered no (%s)', async (_name, colour) => {
    // The summary is confirmed after a question was asked: here the consumer.
    const asked: string[] = [];
    const prompter = {
      ...scriptedPrompter(),
      input: async (message: string) => (asked.push(message), 'declined'),
      confirm: async (message: string) => (asked.push(message), false),
    };
    const args = ['connections', 'generate', '--project', 'demo', '--provider', 'public-holidays', '--group-ref', 'g-declined'];
    const result = await runMain(args, { env: fixture.env(colour), terminal: atTerminal, prompter });
    expect(asked.at(-1)).toBe('Create this connection?');
    expect(result.code).toBe(130);
    expect(result.stderr.endsWith('\nCancelled; no connection was created.\n')).toBe(true);
    expect(withoutSgr(result.stderr)).not.toContain('Error');
    expect((await fixture.requests()).filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('destinations patch: every header error suggests flags that work, the first time', () => {
  const patch = (...args: string[]) => runMain(['destinations', 'patch', 'dest_webhook', '--project', 'demo', ...args], { env: fixture.env({ NO_COLOR: '1' }) });
  const headers = async () => {
    const result = await runMain(['destinations', 'get', 'dest_webhook', '--project', 'demo', '-o', 'json'], { env: fixture.env() });
    return (JSON.parse(result.stdout) as { metadata: { headers?: Record<string, string> } }).metadata.headers;
  };
  /** The flags the error gives after its last `: ` on the line that names --replace-headers. */
  const suggested = (stderr: string): string[] => {
    const line = stderr.split('\n').find((text) => text.includes('--replace-headers --header'))!;
    return /(--replace-headers --header \S+)/.exec(line)![1]!.split(' ');
  };

  it.each([
    ['--header X-A=1', ['--header', 'X-A=1']],
    ['--set metadata.headers.X-A=1', ['--set', 'metadata.headers.X-A=1']],
    ['--set metadata.headers=X-A=1', ['--set', 'metadata.headers=X-A=1']],
  ])('%s: one error, whose flags then set the header', async (_name, first) => {
    const refused = await patch(...first);
    expect(refused.code).toBe(2);
    const flags = suggested(refused.stderr);
    expect(flags).toEqual(['--replace-headers', '--header', 'X-A=1']);
    const done = await patch(...flags);
    expect(done.code, done.stderr).toBe(0);
    expect(await headers()).toEqual({ 'X-A': '1' });
  });

  it('a credential header: one error, not two, naming the file that then works', async () => {
    const refused = await patch('--header', 'X-Api-Key=not-a-real-key');
    expect(refused.code).toBe(2);
    // Refused for what it is, not first for a missing --replace-headers that would not help.
    expect(refused.stderr).not.toContain('--replace-headers');
    const file = /pass --input-json FILE \(or - for stdin\): (\{.*\}\}\}\})/.exec(refused.stderr)![1]!;
    const path = join(work.path, 'headers.json');
    writeFileSync(path, file.replace('"VALUE"', '"sk_header_0123456789"'));
    const done = await patch('--input-json', path);
    expect(done.code, done.stderr).toBe(0);
    expect(Object.keys((await headers()) ?? {})).toEqual(['X-Api-Key']);
  });

  it('the way --help gives works the first time', async () => {
    const help = (await runMain(['destinations', 'patch', '--help'], { env: { COLUMNS: '200' } })).stdout;
    const example = help.split('\n').find((line) => line.includes('$ ipctl destinations patch dest_webhook --project demo --replace-headers'))!;
    const done = await patch(...example.trim().split(' ').slice(7));
    expect(done.code, done.stderr).toBe(0);
    expect(await headers()).toEqual({ 'X-Source': 'ipctl' });
  });
});
