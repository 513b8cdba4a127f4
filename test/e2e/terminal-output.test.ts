import { describe, expect, it } from 'vitest';
import { ipctl, ipctlAtTerminal, type IpctlOptions, type IpctlResult, runMain, testClock } from '../helpers/in-process.js';
import { stripAnsi } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';
import { displayWidths, linesWiderThan } from '../helpers/display-width.js';

// What a person at a terminal sees: tables that fit it, waits that are said, and one output format at a time.

const fixture = useFixture();

/** ipctl in-process at a terminal that shows stdout and stderr, as a pseudo-terminal would: stdout holds the screen; waits take no time. */
async function atTerminal(args: string[], options: IpctlOptions): Promise<IpctlResult> {
  const result = await ipctlAtTerminal(args, { clock: testClock(), ...options });
  return { ...result, stdout: result.output };
}

const searchBerlin = ['search', 'Contact', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'MailingCity=Berlin', '--project', 'proj_demo'];

/** The widest line as the C library's wcwidth measures it (test/helpers/display-width.ts), not as ipctl does. */
function widest(screen: string): number {
  return widestOf(stripAnsi(screen).split('\n'));
}

function widestOf(lines: readonly string[]): number {
  const widths = displayWidths(lines.map((line) => line.replace(/\r/g, '')));
  expect(widths, 'a line wcwidth cannot measure').not.toContain(-1);
  return Math.max(...widths);
}

describe('tables on a terminal', () => {
  /** The screen's lines too wide for the terminal: none, but a token wider than it, alone on its line (README, Output). */
  const tooWide = (stdout: string, columns: number) => linesWiderThan(stripAnsi(stdout).replace(/\r/g, '').split('\n'), columns);

  it.each([
    ['search', searchBerlin, 60],
    ['providers get', ['providers', 'get', 'salesforce'], 60],
    ['invites list', ['invites', 'list'], 30],
  ])('%s fits in 80 columns', async (_name, args, atLeast) => {
    const result = await atTerminal(args, { env: fixture.env(), columns: 80 });
    expect(result.code).toBe(0);
    expect(tooWide(result.stdout, 80)).toEqual([]);
    expect(widest(result.stdout)).toBeGreaterThan(atLeast);
  });

  it('lays a list out a block a row, every ID whole, when a narrow terminal cannot hold its values side by side', async () => {
    const result = await atTerminal(['invites', 'list'], { env: fixture.env(), columns: 40 });
    expect(result.code).toBe(0);
    const lines = stripAnsi(result.stdout).replace(/\r/g, '').split('\n');
    // The sandbox's invites of org_demo, one in each status (README, "Trying it against the sandbox").
    for (const status of ['accepted', 'revoked', 'expired']) expect(lines).toContain(`ID       inv_demo_${status}`);
    expect(lines.filter((line) => /^[┌│└]/.test(line))).toEqual([]);
    expect(result.stdout).not.toContain('…');
    expect(tooWide(result.stdout, 40)).toEqual([]);
  });

  it('keeps every mapped email and every ID whole, each on one line, cutting none', async () => {
    const result = await atTerminal(searchBerlin, { env: fixture.env(), columns: 80 });
    const lines = stripAnsi(result.stdout).replace(/\r/g, '').split('\n');
    expect(result.stdout).not.toContain('…');
    const words = lines.flatMap((line) => line.split(/[\s│]+/));
    for (const value of ['003Ac00000000001AA', 'ada.okafor0@northwindlogistics.example.com', 'esther.novak76@brightlinelogistics.example.com']) expect(words).toContain(value);
  });

  it("leaves out the provider's own fields first and says so", async () => {
    const result = await atTerminal(searchBerlin, { env: fixture.env(), columns: 80 });
    const screen = stripAnsi(result.stdout);
    expect(screen).toMatch(/fullName\s+(\(mapped\))?/);
    expect(screen).not.toContain('LastModifiedDate');
    expect(screen).toMatch(/\d+ columns left out.*--wide or -o json/);
  });

  it('follows COLUMNS over the terminal size', async () => {
    const result = await atTerminal(['providers', 'get', 'salesforce'], { env: fixture.env({ COLUMNS: '60' }), columns: 200 });
    expect(result.code).toBe(0);
    expect(tooWide(result.stdout, 60)).toEqual([]);
  });

  it.each([['--wide'], ['-o', 'wide'], ['--output=wide']])('%s shows every column whole', async (...flags) => {
    const result = await atTerminal([...searchBerlin, ...flags], { env: fixture.env(), columns: 80 });
    expect(result.code).toBe(0);
    const screen = stripAnsi(result.stdout);
    expect(screen).toContain('ada.okafor0@northwindlogistics.example.com');
    expect(screen).toContain('LastModifiedDate');
    expect(screen).not.toContain('…');
    expect(widest(result.stdout)).toBeGreaterThan(80);
  });

  it('shows batch limits per object', async () => {
    const result = await atTerminal(['providers', 'get', 'salesforce', '--wide'], { env: fixture.env(), columns: 80 });
    const screen = stripAnsi(result.stdout);
    expect(screen).toMatch(/│ upsert\s+│ 200\s+│ Opportunity: 100\s+│/);
  });
});

describe('tables in a pipe', () => {
  it('are never cut, whatever COLUMNS says', async () => {
    const result = await ipctl(searchBerlin, { env: fixture.env({ COLUMNS: '40' }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ada.okafor0@northwindlogistics.example.com');
    expect(result.stdout.split('\n')[0]).toContain('LastModifiedDate');
    expect(result.stdout).not.toContain('…');
  });
});

describe('one output format at a time', () => {
  it.each([
    [['--json', '-o', 'yaml'], '--output yaml and --json'],
    [['--wide', '--json'], '--json and --wide'],
    [['-o', 'table', '--wide'], '--output table and --wide'],
  ])('%j: exit 2, nothing on stdout, nothing sent', async (flags, named) => {
    const before = (await fixture.requests()).length;
    const result = await ipctl(['orgs', 'get', 'org_demo', ...flags], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(named);
    expect(result.stderr).toContain('give one');
    expect((await fixture.requests()).length).toBe(before);
  });

  it('--json with -o json is one format', async () => {
    const result = await ipctl(['orgs', 'get', 'org_demo', '--json', '-o', 'json'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe('org_demo');
  });

  it('--query does not shape a wide table', async () => {
    const result = await ipctl(['orgs', 'get', 'org_demo', '--wide', '--query', 'id'], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--query works on documents, not tables');
  });

  it('providers get prints the provider on one line with -o ndjson', async () => {
    const result = await ipctl(['providers', 'get', 'salesforce', '-o', 'ndjson'], { env: fixture.env() });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).name).toBe('salesforce');
  });
});

describe('waits before a retry', () => {
  const wait = /retrying in 1\.0 s \(HTTP 429 Too Many Requests, attempt 2 of 4\)/;

  it('are said on a terminal', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 429, retryAfter: 1 }] });
    const result = await atTerminal(['orgs', 'get', 'org_demo'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(stripAnsi(result.stdout)).toMatch(wait);
  });

  it('are not said in a pipe, nor with --quiet', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 429, retryAfter: 1 }] });
    // In-process, with a clock whose waits take no time.
    const clock = testClock();
    const piped = await ipctl(['orgs', 'get', 'org_demo'], { env: fixture.env(), clock });
    expect(piped.code).toBe(0);
    expect(clock.waits).toEqual([1000]);
    expect(piped.stderr).toBe('');
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 429, retryAfter: 1 }] });
    const quiet = await atTerminal(['--quiet', 'orgs', 'get', 'org_demo'], { env: fixture.env() });
    expect(quiet.code).toBe(0);
    expect(stripAnsi(quiet.stdout)).not.toMatch(/retrying in/);
  });

  it('are traced under --debug, in a pipe too', async () => {
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 429, retryAfter: 1 }] });
    const result = await runMain(['--debug', 'orgs', 'get', 'org_demo'], { env: fixture.env(), clock: testClock() });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/debug: retry: HTTP 429 Too Many Requests; waiting 1\.0 s .* before attempt 2 of 4/);
  });
});
