// Whether output goes through a pager, and which one, as the README's Output
// section says: at a terminal, IPCTL_PAGER, else PAGER, else `less` with
// LESS=FRX when LESS is not set; never in a pipe, under CI, with --no-pager,
// with an empty pager or `cat`, after a prompt, or for errors. A pager that
// cannot be started is said once, and the output printed directly.
import { describe, expect, it } from 'vitest';
import { splitCommand } from '../../src/output/paging.js';
import { useHttpStubs } from '../helpers/http-stub.js';
import { recordingPager, runMain, scriptedPrompter } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const sgr = /\x1b\[[0-9;]*m/;
const token = 'tok_pager_CANARY_5c2e91d7a4';

const stubs = useHttpStubs();

interface Run {
  env?: Record<string, string>;
  flags?: string[];
  terminal?: boolean;
  fail?: string;
  args?: string[];
}

/** `orgs get o1` against a stub, with a recording pager; stdout a terminal unless told. */
async function orgsGet(options: Run = {}) {
  stubs.register('GET', '/orgs/o1', { status: 200, json: { id: 'o1', label: `Acme (echoes ${token})`, createTime: '2024-01-01T00:00:00Z' } });
  const pager = recordingPager(options.fail);
  const terminal = options.terminal ?? true;
  const result = await runMain([...(options.args ?? ['orgs', 'get', 'o1']), ...(options.flags ?? [])], {
    env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: token, IPCTL_CONFIG_DIR: '/nonexistent/ipctl-pager-config', TERM: 'xterm-256color', ...options.env },
    terminal: { stdout: terminal, stderr: terminal },
    columns: 100,
    startPager: pager.startPager,
  });
  return { ...result, pager };
}

describe('at a terminal', () => {
  it('prints through `less`, with LESS=FRX in its environment when LESS is not set, colors kept, and waits for it', async () => {
    const { code, stdout, stderr, pager } = await orgsGet();
    expect(code, stderr).toBe(0);
    expect(pager.starts.map((start) => start.argv)).toEqual([['less']]);
    expect(pager.starts[0]!.env.LESS).toBe('FRX');
    expect(pager.text).toContain('Acme');
    expect(pager.text).toMatch(sgr);
    expect(pager.closed).toBe(1);
    expect(stdout).toBe('');
  });

  it("keeps the user's own LESS", async () => {
    const { pager } = await orgsGet({ env: { LESS: '-S' } });
    expect(pager.starts[0]!.env.LESS).toBe('-S');
  });

  it.each([
    ['a table', []],
    ['JSON', ['-o', 'json']],
    ['YAML', ['-o', 'yaml']],
  ])('replaces a credential the server echoes before the pager sees it: %s', async (_format, flags) => {
    const { pager } = await orgsGet({ flags });
    expect(pager.text).toContain('[redacted]');
    expect(pager.text).not.toContain(token);
  });

  it.each([
    ['IPCTL_PAGER', { IPCTL_PAGER: 'most -s', PAGER: 'more' }, ['most', '-s']],
    ['PAGER, when IPCTL_PAGER is not set', { PAGER: 'more -d' }, ['more', '-d']],
  ])('uses %s, split into words', async (_which, env, argv) => {
    const { pager } = await orgsGet({ env });
    expect(pager.starts.map((start) => start.argv)).toEqual([argv]);
    expect(pager.starts[0]!.env.LESS).toBe('FRX');
  });

  it('pages with --no-input too: a pager asks nothing', async () => {
    const { pager } = await orgsGet({ flags: ['--no-input'], env: { IPCTL_NO_INPUT: '1' } });
    expect(pager.starts).toHaveLength(1);
  });

  it.each([
    ['-o json', ['-o', 'json'], '"id": '],
    ['-o yaml', ['-o', 'yaml'], 'id: '],
    ['--query', ['--query', 'label'], '"Acme'],
    ['--wide', ['--wide'], 'Acme'],
  ])('pages %s', async (_name, flags, expected) => {
    const { code, stdout, pager } = await orgsGet({ flags });
    expect(code).toBe(0);
    expect(pager.text.replace(/\x1b\[[0-9;]*m/g, '')).toContain(expected);
    expect(stdout).toBe('');
  });

  it('pages -o ndjson', async () => {
    stubs.register('GET', '/orgs/o1/invites', { status: 200, json: [{ id: 'inv_1', invitedEmail: 'a@example.com', parentType: 'org', parentId: 'o1', status: 'pending', createTime: '2024-01-01T00:00:00Z' }] });
    const { code, stderr, pager } = await orgsGet({ args: ['invites', 'list', 'o1', '-o', 'ndjson'] });
    expect(code, stderr).toBe(0);
    expect(pager.text).toContain('"inv_1"');
  });

  it('api --include: the status line and headers go through the pager with the body, before it', async () => {
    const { code, stdout, stderr, pager } = await orgsGet({ args: ['api', '--include', '/orgs/o1'] });
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('');
    // As `gh api -i` prints it: the status line, the headers, a blank line, then the body.
    expect(pager.text).toMatch(/^HTTP\/1\.1 200/);
    expect(pager.text.indexOf('content-type')).toBeLessThan(pager.text.indexOf('"id"'));
    expect(pager.text).toContain('"o1"');
  });

  it('api --include: a credential the server echoes in a header is replaced before the pager sees the head', async () => {
    stubs.register('GET', '/orgs/o1', { status: 200, headers: { 'x-echo': `seen ${token}` }, json: { id: 'o1' } });
    const pager = recordingPager();
    const result = await runMain(['api', '--include', '/orgs/o1'], {
      env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: token, IPCTL_CONFIG_DIR: '/nonexistent/ipctl-pager-config', TERM: 'xterm-256color' },
      terminal: { stdout: true, stderr: true },
      columns: 100,
      startPager: pager.startPager,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(pager.text).toMatch(/x-echo: seen \[redacted\]/);
    expect(pager.text + result.stdout + result.stderr).not.toContain(token);
  });

  it('api --include: an answer whose body cannot be shown still has its status line and headers printed, as an error answer has', async () => {
    for (const [answer, flags, says] of [
      [{ status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'req_head_1' }, body: 'not json' }, [], /was not understood: the body is not JSON \(request req_head_1\)/],
      [{ status: 200, headers: { 'content-type': 'text/plain', 'x-request-id': 'req_head_2' }, body: 'plain text' }, ['-o', 'json'], /is not JSON, so -o and --query cannot be applied/],
    ] as const) {
      stubs.register('GET', '/orgs/o1', answer);
      const pager = recordingPager();
      const result = await runMain(['api', '--include', '/orgs/o1', ...flags], {
        env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: token, IPCTL_CONFIG_DIR: '/nonexistent/ipctl-pager-config', TERM: 'xterm-256color' },
        terminal: { stdout: true, stderr: true },
        startPager: pager.startPager,
      });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(says);
      // Not through a pager: an error is printed directly.
      expect(pager.starts).toEqual([]);
      expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/);
      expect(result.stdout).toContain(`x-request-id: ${answer.headers['x-request-id']}`);
    }
  });
});

describe('no pager', () => {
  it.each([
    ['in a pipe', { terminal: false }],
    ['under CI', { env: { CI: 'true' } }],
    ['with --no-pager', { flags: ['--no-pager'] }],
    ['with IPCTL_PAGER empty', { env: { IPCTL_PAGER: '', PAGER: 'more' } }],
    ['with IPCTL_PAGER=cat', { env: { IPCTL_PAGER: 'cat' } }],
    ['with PAGER empty', { env: { PAGER: '' } }],
    ['with PAGER=cat', { env: { PAGER: ' cat ' } }],
  ])('%s: stdout gets the output', async (_name, options: Run) => {
    const { code, stdout, stderr, pager } = await orgsGet(options);
    expect(code, stderr).toBe(0);
    expect(pager.starts).toEqual([]);
    expect(stdout).toContain('Acme');
  });

  it('for an error: it goes to stderr, and no pager starts', async () => {
    const pager = recordingPager();
    stubs.register('GET', '/orgs/nope', { status: 404, json: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No organization nope.' } });
    const result = await runMain(['orgs', 'get', 'nope'], {
      env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: token, IPCTL_CONFIG_DIR: '/nonexistent/ipctl-pager-config' },
      terminal: { stdout: true, stderr: true },
      startPager: pager.startPager,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('No organization nope.');
    expect(pager.starts).toEqual([]);
  });
});

describe('a pager that cannot be started', () => {
  it('named by IPCTL_PAGER: said once on stderr, and the output printed directly', async () => {
    const { code, stdout, stderr, pager } = await orgsGet({ env: { IPCTL_PAGER: 'no-such-pager -R' }, fail: 'ENOENT' });
    expect(code).toBe(0);
    expect(pager.starts).toHaveLength(1);
    expect(stdout).toContain('Acme');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/no-such-pager.*IPCTL_PAGER.*not found/);
  });

  it('the default less, not installed: the output printed directly, nothing said', async () => {
    const { code, stdout, stderr } = await orgsGet({ fail: 'ENOENT' });
    expect(code).toBe(0);
    expect(stdout).toContain('Acme');
    expect(stderr).toBe('');
  });

  it('a pager variable with a quote not closed: said once, the output printed directly', async () => {
    const { code, stdout, stderr, pager } = await orgsGet({ env: { IPCTL_PAGER: "less -P 'page" } });
    expect(code).toBe(0);
    expect(pager.starts).toEqual([]);
    expect(stdout).toContain('Acme');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/IPCTL_PAGER.*quote is not closed/);
  });
});

describe('after a prompt', () => {
  const fixture = useFixture();

  it('prints directly: the answers are on the screen, and the output follows them', async () => {
    const pager = recordingPager();
    const prompter = scriptedPrompter(['a-new-secret-value-0123']);
    const result = await runMain(['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey'], {
      env: fixture.env({ TERM: 'xterm-256color' }),
      terminal: { stdin: true, stdout: true, stderr: true },
      prompter,
      startPager: pager.startPager,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(prompter.asked).toHaveLength(1);
    expect(pager.starts).toEqual([]);
    expect(result.stdout).toContain('dest_sqs');
  });

  it('the same command, asking nothing, pages', async () => {
    const pager = recordingPager();
    const result = await runMain(['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--name', 'paged-queue'], {
      env: fixture.env({ TERM: 'xterm-256color' }),
      terminal: { stdin: true, stdout: true, stderr: true },
      prompter: scriptedPrompter(),
      startPager: pager.startPager,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(pager.starts).toHaveLength(1);
    expect(pager.text).toContain('paged-queue');
  });
});

describe('the pager command, split as a shell splits a simple command', () => {
  it.each([
    ['less', ['less']],
    ['  less   -R  ', ['less', '-R']],
    ["less -P 'a page'", ['less', '-P', 'a page']],
    ['less -P "a \\"quoted\\" page"', ['less', '-P', 'a "quoted" page']],
    ['"/opt/my pager/bin/pg" -x', ['/opt/my pager/bin/pg', '-x']],
    ['/opt/my\\ pager/pg', ['/opt/my pager/pg']],
    ["pg ''", ['pg', '']],
    ['pg a|b $HOME', ['pg', 'a|b', '$HOME']],
    ['', []],
  ])('%j', (text, words) => {
    expect(splitCommand(text)).toEqual(words);
  });

  it.each(["less 'open", 'less "open'])('%j has a quote not closed', (text) => {
    expect(splitCommand(text)).toBeUndefined();
  });
});
