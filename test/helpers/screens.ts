// What a table command's screen must hold at a terminal, and the screen as a
// person reviews it: shared by the in-process screens and the few drawn in a
// real pseudo-terminal.
import { tmpdir } from 'node:os';
import { measureWidths, withoutSgr } from './display-width.js';

/** The sandbox's provider catalogue, as `ipctl sandbox` documents it. */
export const providers = ['salesforce', 'hubspot', 'pipedrive', 'openweather', 'freshdesk', 'zendesk', 'snowflake', 'public-holidays', 'docusign-jwt'];

export const tableCommands: Array<[name: string, args: string[]]> = [
  ['orgs get', ['orgs', 'get', 'org_demo']],
  ['invites list', ['invites', 'list']],
  ...providers.map((provider): [string, string[]] => [`providers get ${provider}`, ['providers', 'get', provider]]),
  ['profile list', ['profile', 'list']],
  ['auth status', ['auth', 'status']],
  ['search', ['search', 'Contact', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'MailingCity=Berlin', '--project', 'proj_demo']],
  ['destinations patch', ['destinations', 'patch', 'dest_webhook', '--project', 'demo', '--set', 'metadata.url=https://hooks.acme.example.com/ipctl']],
  ['connections generate', ['connections', 'generate', '--project', 'demo', '--provider', 'public-holidays', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42']],
];

/** The two profiles `profile list` draws; tests add them before drawing. */
export const screenProfiles = ['work', 'customer-with-a-rather-long-profile-name'];

/** What ESC looks like once shown as text: the sanitiser's `\x1b`, JSON's `\u001b`, `\e[`, `^[` or the control picture. */
const escAsText = /\\x1b|\\u001b|\\e\[|\^\[|\u241b/i;
export const sgr = /\u001b\[[\d;]*m/;

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
export function reviewable(screen: string, baseUrl: string): string {
  const same = (pattern: RegExp, by: string) => (text: string) => text.replace(pattern, (found) => found.replace(/[A-Za-z0-9]/g, by));
  return [
    same(/(?<=127\.0\.0\.1:)\d+/g, 'P'),
    // A wrapped cell may carry the port, or a time's last digits, onto a line of their own.
    same(new RegExp(new URL(baseUrl).port, 'g'), 'P'),
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

/**
 * The values that are not a word of any line of `screen` (its colours taken out): each is
 * looked for between spaces and a box's borders, so a value cut or wrapped inside is missing.
 */
export function brokenTokens(screen: string, values: readonly string[]): string[] {
  const words = new Set(withoutSgr(screen).split('\n').flatMap((line) => line.split(/[\s│]+/)));
  return values.filter((value) => !words.has(value));
}

/** What is wrong with a command's screen: escapes shown as text or other than color, lines too wide. */
export async function screenProblems(screen: string, columns: number): Promise<string[]> {
  const problems: string[] = [];
  if (escAsText.test(screen)) problems.push(`an escape sequence shown as text:\n${screen}`);
  const shown = withoutSgr(screen);
  if (shown.includes('\u001b')) problems.push(`an escape sequence other than color: ${JSON.stringify(shown)}`);
  const lines = shown.split('\n');
  const tokens = lines.map((line) => line.trim());
  const widths = await measureWidths([...lines, ...tokens]);
  lines.forEach((line, index) => {
    const width = widths[index]!;
    // A token wider than the terminal (a long URL) stands alone on its line, whole, for the terminal to wrap.
    const lone = /^\S+$/.test(tokens[index]!) && widths[lines.length + index]! > columns;
    if (width < 0) problems.push(`line ${index + 1} has a character a terminal cannot print: ${JSON.stringify(line)}`);
    else if (width > columns && !prose.test(line) && !lone) problems.push(`line ${index + 1} is ${width} columns wide: ${line}`);
  });
  return problems;
}
