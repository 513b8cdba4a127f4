// Tables at a terminal keep the values a reader came for: a record's values
// and the cells of "A connection needs" wrap inside their cells, at spaces,
// rather than being cut, and no token (an ID, a field path, a URL, a date) is
// ever broken; a list cuts or leaves out only its low-value columns, and
// whenever anything is cut or left out, one dim line says what and that
// --wide or -o json shows it. A table whose tokens cannot be whole side by
// side is laid out a block a row.
import { Chalk } from 'chalk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { type Paint, plain } from '../../src/output/paint.js';
import { render } from '../../src/output/render.js';
import type { View } from '../../src/output/view.js';

/** A boxed table as drawn: its title (the line above it) and each column's lines, read down, header first. */
interface DrawnTable {
  title: string;
  columns: string[][];
}

function drawnTables(screen: string): DrawnTable[] {
  const tables: DrawnTable[] = [];
  const lines = screen.replace(/\u001b\[[\d;]*m/g, '').split('\n');
  lines.forEach((line, index) => {
    if (line.startsWith('┌')) tables.push({ title: lines[index - 1] ?? '', columns: [] });
    else if (line.startsWith('│')) {
      const cells = line.slice(1, -1).split('│').map((cell) => cell.trim());
      const table = tables.at(-1)!;
      cells.forEach((cell, column) => (table.columns[column] ??= []).push(cell));
    }
  });
  return tables;
}

function tableTitled(screen: string, title: string): DrawnTable {
  const table = drawnTables(screen).find((drawn) => drawn.title === title);
  if (!table) throw new Error(`no table titled ${title} in\n${screen}`);
  return table;
}

/** A column's lines under its header: the cells' text as wrapped. */
function column(table: DrawnTable, header: string): string[] {
  const index = table.columns.findIndex((lines) => lines[0] === header);
  if (index < 0) throw new Error(`no column ${header}: ${JSON.stringify(table.columns.map((lines) => lines[0]))}`);
  return table.columns[index]!.slice(1);
}

/** A screen's lines as a terminal shows them, colours taken out. */
function shownLines(screen: string): string[] {
  return screen.replace(/\u001b\[[\d;]*m/g, '').split('\n');
}

/**
 * Every line of the screen no wider than the terminal, but a line that holds
 * one token wider than it and nothing else (these screens hold no wide
 * characters, so a character is a column).
 */
function expectWithin(screen: string, width: number): void {
  for (const line of shownLines(screen)) {
    if ([...line].length > width) expect(/^\S+$/.test(line.trim()) && [...line.trim()].length > width, `${line} (${[...line].length} columns)`).toBe(true);
  }
}

/** Whether `token` is whole on one line of the screen: a word of it, between spaces or borders. */
function wholeOnALine(screen: string, token: string): boolean {
  return shownLines(screen).some((line) => line.split(/[\s│]+/).includes(token));
}

/** The labels of the first block of a table laid out vertically: the first word of each line not indented, up to the first blank line. */
function verticalLabels(screen: string): string[] {
  const lines = shownLines(screen);
  const block = lines.slice(0, lines.indexOf('') < 0 ? undefined : lines.indexOf(''));
  return block.filter((line) => /^\S/.test(line)).map((line) => line.split(' ')[0]!);
}

/** The dim line under a table, if any: its last line, its text, when all of it is dim. */
function noteOf(screen: string): string | undefined {
  const lines = screen.split('\n');
  const last = lines[lines.findLastIndex((line) => line !== '')] ?? '';
  return /^\u001b\[2m([^\u001b]+)\u001b\[22m$/.exec(last)?.[1];
}

const fixture = useFixture();

async function atTerminal(args: string[], columns: number, env: Record<string, string | undefined> = fixture.env()) {
  const result = await runMain(args, { env: { TERM: 'xterm-256color', ...env }, terminal: { stdout: true }, columns });
  expect(result.code, result.stderr).toBe(0);
  expectWithin(result.stdout, columns);
  return result.stdout;
}

describe('A connection needs', () => {
  // The keys of README's snowflake example: --custom account=… username=… password=… role=… warehouse=…,
  // and the catalogue's two settings the sandbox's snowflake takes with defaults.
  const snowflakeFields = ['customAuth.account', 'customAuth.username', 'customAuth.password', 'customAuth.role', 'customAuth.warehouse', 'providerMetadata.database', 'providerMetadata.schema'];

  it.each([60, 80, 120])('at %i columns shows every snowflake field path whole on one line', async (columns) => {
    const screen = await atTerminal(['providers', 'get', 'snowflake'], columns);
    for (const field of snowflakeFields) expect(wholeOnALine(screen, field), `${field} in\n${screen}`).toBe(true);
    expect(wholeOnALine(screen, 'Account'), screen).toBe(true);
    expect(wholeOnALine(screen, 'identifier'), screen).toBe(true);
    expect(screen).not.toContain('…');
  });

  it.each([60, 80])('at %i columns shows the three salesforce OAuth fields whole', async (columns) => {
    const screen = await atTerminal(['providers', 'get', 'salesforce'], columns);
    expect(screen).not.toContain('…');
    for (const field of ['oauth2AuthorizationCode.refreshToken', 'oauth2AuthorizationCode.accessToken', 'oauth2AuthorizationCode.scopes']) expect(wholeOnALine(screen, field), field).toBe(true);
  });

  it('wraps its notes at spaces and cuts none of its cells at 60 columns', async () => {
    const screen = await atTerminal(['providers', 'get', 'salesforce'], 60);
    expect(screen).not.toContain('…');
    const words = shownLines(screen).flatMap((line) => line.split(/[\s│]+/).filter(Boolean));
    const note = 'the scopes the imported tokens were granted'.split(' ');
    const at = words.findIndex((_, index) => note.every((word, offset) => words[index + offset] === word));
    expect(at, screen).toBeGreaterThanOrEqual(0);
  });
});

describe('profile list', () => {
  // Two profiles whose base URLs differ only at the end.
  const urls = { one: 'https://api.integrations.example.com/v1/tenants/acme-eu-1', two: 'https://api.integrations.example.com/v1/tenants/acme-eu-2' };
  let config: ReturnType<typeof tempDir>;
  const env = () => ({ IPCTL_CONFIG_DIR: config.path });

  beforeAll(async () => {
    config = tempDir();
    for (const [name, url] of Object.entries(urls)) {
      const added = await runMain(['profile', 'add', name, '--base-url', url, '--org', 'org_demo', '--project', 'proj_demo'], { env: env() });
      expect(added.code, added.stderr).toBe(0);
    }
  });
  afterAll(() => config.remove());

  it.each([60, 80])('at %i columns shows each base URL whole on one line', async (columns) => {
    const screen = await atTerminal(['profile', 'list'], columns, env());
    expect(screen).not.toContain('…');
    for (const url of Object.values(urls)) expect(wholeOnALine(screen, url), `${url} in\n${screen}`).toBe(true);
  });

  it('at 80 columns leaves out low-value columns so that each base URL keeps a line of its own, and says so', async () => {
    const screen = await atTerminal(['profile', 'list'], 80, env());
    const lines = screen.split('\n');
    for (const url of Object.values(urls)) expect(lines.some((line) => line.includes(url)), url).toBe(true);
    const note = noteOf(screen);
    expect(note).toMatch(/TOKEN/);
    expect(note).toContain('--wide or -o json');
  });
});

describe('auth status', () => {
  it('shows both URLs, and the variables they come from, whole at 60 columns', async () => {
    const urls = { IPCTL_BASE_URL: 'https://api.eu-west-1.integrations.example.com/v1', IPCTL_SEARCH_URL: 'https://search.eu-west-1.integrations.example.com/v1' };
    const screen = await atTerminal(['auth', 'status'], 60, fixture.env(urls));
    expect(screen).not.toContain('…');
    for (const [variable, url] of Object.entries(urls)) {
      expect(wholeOnALine(screen, url), url).toBe(true);
      expect(wholeOnALine(screen, variable), variable).toBe(true);
    }
  });
});

/** A table drawn for a terminal `width` columns wide, colour on, as run() renders it. */
async function drawn(view: View, width: number, paint: Paint = new Chalk({ level: 1 })): Promise<string> {
  let text = '';
  await render({ data: [], view }, 'table', { stream: { write: (chunk: string) => (text += chunk), isTTY: true, columns: width }, paint, width });
  return text;
}

describe('a record', () => {
  const sentence = 'an existing token to import; new connections use the OAuth connect flow';
  const url = 'https://docs.example.com/en/user-guide/admin-account-identifier?section=connections';

  it.each([30, 40, 60])('at %i columns wraps its values at spaces, every token whole on one line, cutting none', async (width) => {
    for (const [label, value] of [['Note', sentence], ['Docs', url], ['Field name', 'oauth2AuthorizationCode.refreshToken']] as const) {
      const screen = await drawn({ kind: 'record', fields: [['Name', 'acme'], [label, value]] }, width, plain);
      expectWithin(screen, width);
      expect(screen).not.toContain('…');
      for (const token of value.split(' ')) expect(wholeOnALine(screen, token), `${token} at ${width}:\n${screen}`).toBe(true);
    }
  });

  it('is laid out as label and value lines when a token cannot be whole beside its label, the token alone on its line', async () => {
    const screen = await drawn({ kind: 'record', fields: [['Name', 'acme'], ['Docs', url]] }, 60, plain);
    // 84 columns: wider than the terminal, so under its label, indented, alone on its line, and the terminal wraps it.
    expect(shownLines(screen)).toEqual(['Name  acme', 'Docs', `  ${url}`, '']);
  });
});

describe('the vertical layout', () => {
  it('shows a block a row, a KEY  value line a column, a blank line between blocks, and says what it left out', async () => {
    const view: View = {
      kind: 'list',
      columns: ['EMAIL', 'STATUS', 'CREATED', 'ID'],
      rows: [
        ['li.wei@example.com', 'accepted', '2024-02-01T10:00:00Z', 'inv_demo_accepted'],
        ['sam.jones@example.com', 'revoked', '2024-02-14T11:20:00Z', 'inv_demo_revoked'],
      ],
      lowValue: ['STATUS'],
    };
    // An email, a date and an ID take 23 + 22 + 19 columns and four borders: 68, wider than 40.
    expect(shownLines(await drawn(view, 40, plain))).toEqual([
      'EMAIL    li.wei@example.com',
      'CREATED  2024-02-01T10:00:00Z',
      'ID       inv_demo_accepted',
      '',
      'EMAIL    sam.jones@example.com',
      'CREATED  2024-02-14T11:20:00Z',
      'ID       inv_demo_revoked',
      '1 column left out (--wide or -o json)',
      '',
    ]);
  });

  it('writes a value that fits the terminal but not beside its key under it, unindented when the indent would push it past the edge', async () => {
    // 39 columns: too wide beside "Docs  " at 40 columns, and too wide for an indent of two.
    const url = 'https://docs.example.com/en/guide/auth1';
    expect(shownLines(await drawn({ kind: 'record', fields: [['Name', 'acme'], ['Docs', url]] }, 40, plain))).toEqual(['Name  acme', 'Docs', url, '']);
    expect(shownLines(await drawn({ kind: 'record', fields: [['Name', 'acme'], ['Docs', url]] }, 41, plain))).toEqual(['Name  acme', 'Docs', `  ${url}`, '']);
  });
});

describe('a title wider than the terminal', () => {
  const title = 'Connection conn_7f3a9c1e for Acme Manufacturing (northern region) at https://crm.example.com/accounts/acme-north';

  it.each([30, 40, 60])('at %i columns wraps at spaces above a record, in bold, every token whole', async (width) => {
    const screen = await drawn({ kind: 'record', title, fields: [['Name', 'acme']] }, width);
    expectWithin(screen, width);
    const shown = shownLines(screen);
    const titleLines = shown.slice(0, shown.findIndex((line) => line.startsWith('┌')));
    expect(titleLines.length).toBeGreaterThan(1);
    expect(titleLines.join(' ')).toBe(title);
    expect(screen).not.toContain('…');
    expect(screen.startsWith('\u001b[1m')).toBe(true);
  });

  it('wraps above a list too, a URL wider than the terminal alone on its line', async () => {
    const screen = await drawn({ kind: 'list', title, columns: ['ID'], rows: [['a']] }, 40, plain);
    expectWithin(screen, 40);
    expect(screen).not.toContain('…');
    expect(shownLines(screen)).toContain('https://crm.example.com/accounts/acme-north');
  });
});

describe('the line under a list that lost something', () => {
  const rows = Array.from({ length: 4 }, (_, index) => [`acct_${index}`, `Customer ${index} of the northern region`, `https://crm.example.com/accounts/${index}`, `owner${index}@example.com`, `2024-06-0${index + 1}T10:00:00Z`]);
  const view: View = { kind: 'list', columns: ['NAME', 'DESCRIPTION', 'URL', 'OWNER', 'UPDATED'], rows, lowValue: ['UPDATED', 'OWNER'] };
  /** The columns a screen shows: a box's headers, or the labels of a vertical layout's first block. */
  const shownColumns = (screen: string) => (drawnTables(screen).length > 0 ? drawnTables(screen)[0]!.columns.map((lines) => lines[0]) : verticalLabels(screen));

  it('is there exactly when a cell is cut or a column left out, at every width', async () => {
    for (let width = 40; width <= 140; width += 1) {
      const screen = await drawn(view, width);
      expectWithin(screen, width);
      const cut = shownLines(screen).some((line) => line.includes('…') && !line.includes('--wide'));
      const lost = cut || view.columns.some((header) => !shownColumns(screen).includes(header));
      expect(noteOf(screen) !== undefined, `at ${width}:\n${screen}`).toBe(lost);
      if (lost) expect(noteOf(screen)).toMatch(/--wide or -o json/);
    }
  });

  it('cuts or leaves out only the low-value columns, the others whole on their lines, laid out a block a row when they cannot be side by side', async () => {
    for (const width of [40, 60, 80, 100]) {
      const screen = await drawn(view, width);
      for (const row of rows) for (const value of [row[0]!, row[2]!, ...row[1]!.split(' ')]) expect(wholeOnALine(screen, value), `${value} at ${width}:\n${screen}`).toBe(true);
      const tables = drawnTables(screen);
      if (tables.length > 0) for (const header of ['NAME', 'DESCRIPTION', 'URL']) expect(column(tables[0]!, header).join('\n')).not.toContain('…');
      else expect(shownLines(screen).filter((line) => line.includes('…') && !line.includes('--wide'))).toEqual([]);
    }
    expect(drawnTables(await drawn(view, 40))).toEqual([]);
    expect(verticalLabels(await drawn(view, 40))).toEqual(['NAME', 'DESCRIPTION', 'URL']);
  });

  it('names what it cut and what it left out when that fits', async () => {
    const screen = await drawn(view, 100);
    expect(noteOf(screen)).toBe('UPDATED left out; OWNER cut short: --wide or -o json shows them');
  });
});
