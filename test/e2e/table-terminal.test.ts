// Every command that draws a table, in a pseudo-terminal of 60, 80 and 120
// columns with color on (TERM=xterm-256color) and under NO_COLOR: no escape
// sequence is shown as text, none but color (SGR) reaches the terminal, and no
// line is wider than the terminal but one that holds a single token wider than
// it, measured by the C library's wcwidth once the colors are taken out.
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { runIpctl, runIpctlInTerminal } from '../helpers/cli.js';
import { displayWidths, withoutSgr } from '../helpers/display-width.js';
import { useFixture } from '../helpers/sandbox.js';

/** The sandbox's provider catalogue, as `ipctl sandbox` documents it. */
const providers = ['salesforce', 'hubspot', 'pipedrive', 'openweather', 'freshdesk', 'zendesk', 'snowflake', 'public-holidays', 'docusign-jwt'];

const commands: Array<[name: string, args: string[]]> = [
  ['orgs get', ['orgs', 'get', 'org_demo']],
  ['invites list', ['invites', 'list']],
  ...providers.map((provider): [string, string[]] => [`providers get ${provider}`, ['providers', 'get', provider]]),
  ['profile list', ['profile', 'list']],
  ['auth status', ['auth', 'status']],
  ['search', ['search', 'Contact', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'MailingCity=Berlin', '--project', 'proj_demo']],
  ['destinations patch', ['destinations', 'patch', 'dest_webhook', '--project', 'demo', '--set', 'metadata.url=https://hooks.acme.example.com/ipctl']],
  ['connections generate', ['connections', 'generate', '--project', 'demo', '--provider', 'public-holidays', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42']],
];

/** What ESC looks like once shown as text: the sanitiser's `\x1b`, JSON's `\u001b`, `\e[`, `^[` or the control picture. */
const escAsText = /\\x1b|\\u001b|\\e\[|\^\[|\u241b/i;
const sgr = /\u001b\[[\d;]*m/;

const fixture = useFixture();

beforeAll(async () => {
  // Two profiles, so that `profile list` has rows to draw.
  for (const name of ['work', 'customer-with-a-rather-long-profile-name']) {
    const added = await runIpctl(['profile', 'add', name, '--org', 'org_demo', '--project', 'proj_demo', '--base-url', fixture.sandbox.baseUrl], { env: fixture.env() });
    expect(added.code).toBe(0);
  }
});

it('covers every provider of the sandbox catalogue', () => {
  expect([...providers].sort()).toEqual(Object.keys(fixture.sandbox.state.providers).sort());
});

/**
 * The notes on stderr are prose, which a terminal wraps like any message; the
 * tables, their titles and the line saying how many columns were left out must fit.
 */
const prose = /^(Created connection |Its credentials are shown redacted)/;

/**
 * A screen as a person reviews it: each color shown as ⟦codes⟧, and what changes
 * from run to run (ports, times, new IDs, temporary folders) replaced character
 * for character, so that the layout stays as it was drawn.
 */
function reviewable(screen: string): string {
  const same = (pattern: RegExp, by: string) => (text: string) => text.replace(pattern, (found) => found.replace(/[A-Za-z0-9]/g, by));
  return [
    same(/(?<=127\.0\.0\.1:)\d+/g, 'P'),
    // A wrapped cell may carry the port, or a time's last digits, onto a line of their own.
    same(new RegExp(new URL(fixture.sandbox.baseUrl).port, 'g'), 'P'),
    same(/\d{4}-\d\d-\d\dT[\d:.]*Z?/g, 'N'),
    same(/(?<=│ +)\d{1,3}Z(?= +│)/g, 'N'),
    same(/(?<=conn_)[a-z0-9]+/g, 'x'),
    same(/(?<=req_)[A-Za-z0-9]+/g, 'x'),
    same(new RegExp(`(?<=${escapeRegExp(tmpdir())}/)[\\w.-]+`, 'g'), 'T'),
  ]
    .reduce((text, normalise) => normalise(text), screen)
    .replace(/\u001b\[([\d;]*)m/g, '⟦$1⟧');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What is wrong with a command's screen: escapes shown as text or other than color, lines too wide. */
function screenProblems(screen: string, columns: number): string[] {
  const problems: string[] = [];
  if (escAsText.test(screen)) problems.push(`an escape sequence shown as text:\n${screen}`);
  const shown = withoutSgr(screen);
  if (shown.includes('\u001b')) problems.push(`an escape sequence other than color: ${JSON.stringify(shown)}`);
  const lines = shown.split('\n');
  const tokens = lines.map((line) => line.trim());
  const widths = displayWidths([...lines, ...tokens]);
  lines.forEach((line, index) => {
    const width = widths[index]!;
    // A token wider than the terminal (a long URL) stands alone on its line, whole, for the terminal to wrap.
    const lone = /^\S+$/.test(tokens[index]!) && widths[lines.length + index]! > columns;
    if (width < 0) problems.push(`line ${index + 1} has a character a terminal cannot print: ${JSON.stringify(line)}`);
    else if (width > columns && !prose.test(line) && !lone) problems.push(`line ${index + 1} is ${width} columns wide: ${line}`);
  });
  return problems;
}

describe.each([
  ['color on', { TERM: 'xterm-256color' }],
  ['NO_COLOR', { TERM: 'xterm-256color', NO_COLOR: '1' }],
])('tables at a terminal, %s', (mode, env) => {
  describe.each([60, 80, 120])('at %i columns', { timeout: 60_000 }, (columns) => {
    it.each(commands)('%s: no escape shown as text, none but color, no line wider than the terminal', async (_name, args) => {
      const result = await runIpctlInTerminal(args, { env: fixture.env(env), columns });
      const screen = result.stdout.replace(/\r/g, '');
      expect(result.code, screen).toBe(0);
      expect(screenProblems(screen, columns)).toEqual([]);
      if (mode === 'NO_COLOR') expect(screen).not.toMatch(sgr);
      else expect(screen).toMatch(sgr);
      // Reviewed screens: `npm run snapshots` writes them anew, and git diff shows what changed.
      expect(reviewable(screen)).toMatchSnapshot();
    });
  });
});

describe('titles at a terminal narrower than they are', () => {
  it('wrap at a space, whole, as record values do: none is cut', async () => {
    const result = await runIpctlInTerminal(['providers', 'get', 'salesforce'], { env: fixture.env({ TERM: 'xterm-256color' }), columns: 16 });
    expect(result.code, result.stdout).toBe(0);
    const lines = withoutSgr(result.stdout.replace(/\r/g, '')).split('\n');
    const at = lines.indexOf('A connection');
    expect(at, lines.join('\n')).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe('needs');
    expect(lines.some((line) => /^A connection.*…/.test(line))).toBe(false);
  });
});
