// Tables at a terminal keep the values a reader came for: a record's values
// and the cells of "A connection needs" wrap inside their cells rather than
// being cut, a list cuts or leaves out only its low-value columns, and
// whenever anything is cut or left out, one dim line says what and that
// --wide or -o json shows it.
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

/** Every line of the screen no wider than the terminal (these screens hold no wide characters). */
function expectWithin(screen: string, width: number): void {
  for (const line of screen.replace(/\u001b\[[\d;]*m/g, '').split('\n')) expect([...line].length, line).toBeLessThanOrEqual(width);
}

/** The dim line under a table, if any: the line after its bottom rule, its text. */
function noteOf(screen: string): string | undefined {
  const lines = screen.split('\n');
  const after = lines[lines.findLastIndex((line) => line.replace(/\u001b\[[\d;]*m/g, '').startsWith('└')) + 1] ?? '';
  return /^\u001b\[2m([^\u001b]+)\u001b\[22m$/.exec(after)?.[1];
}

const fixture = useFixture();

async function atTerminal(args: string[], columns: number, env: Record<string, string | undefined> = fixture.env()) {
  const result = await runMain(args, { env: { TERM: 'xterm-256color', ...env }, terminal: { stdout: true }, columns });
  expect(result.code, result.stderr).toBe(0);
  expectWithin(result.stdout, columns);
  return result.stdout;
}

describe('A connection needs', () => {
  // The keys of README's snowflake example: --custom account=… username=… password=… role=… warehouse=…
  const snowflakeKeys = ['account', 'username', 'password', 'role', 'warehouse'];

  it.each([80, 120])('at %i columns shows every snowflake --custom field name whole', async (columns) => {
    const fields = column(tableTitled(await atTerminal(['providers', 'get', 'snowflake'], columns), 'A connection needs'), 'FIELD');
    expect(fields.join('\n')).not.toContain('…');
    for (const key of snowflakeKeys) {
      // The KEY --custom takes is on one line, after its `customAuth.`, read down the column.
      expect(fields.some((line) => line === key || line.endsWith(`.${key}`)), `${key} in ${JSON.stringify(fields)}`).toBe(true);
      expect(fields.join('')).toContain(`customAuth.${key}`);
    }
  });

  it.each([60, 80])('at %i columns tells the three salesforce OAuth fields apart', async (columns) => {
    const fields = column(tableTitled(await atTerminal(['providers', 'get', 'salesforce'], columns), 'A connection needs'), 'FIELD');
    expect(fields.join('\n')).not.toContain('…');
    for (const field of ['oauth2AuthorizationCode.refreshToken', 'oauth2AuthorizationCode.accessToken', 'oauth2AuthorizationCode.scopes']) expect(fields.join('')).toContain(field);
  });

  it('wraps its notes and cuts none of its cells at 60 columns', async () => {
    const screen = await atTerminal(['providers', 'get', 'salesforce'], 60);
    const table = tableTitled(screen, 'A connection needs');
    expect(table.columns.flat().join('\n')).not.toContain('…');
    expect(column(table, 'NOTES').join(' ')).toContain('the scopes the imported tokens were granted');
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

  it.each([60, 80])('at %i columns tells two base URLs apart', async (columns) => {
    const baseUrls = column(drawnTables(await atTerminal(['profile', 'list'], columns, env()))[0]!, 'BASE URL');
    expect(baseUrls.join('\n')).not.toContain('…');
    expect(baseUrls.join('')).toBe(`${urls.one}${urls.two}`);
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
  it('shows both URLs whole at 60 columns', async () => {
    const urls = { IPCTL_BASE_URL: 'https://api.eu-west-1.integrations.example.com/v1', IPCTL_SEARCH_URL: 'https://search.eu-west-1.integrations.example.com/v1' };
    const values = column(drawnTables(await atTerminal(['auth', 'status'], 60, fixture.env(urls)))[0]!, 'VALUE');
    expect(values.join('\n')).not.toContain('…');
    for (const url of Object.values(urls)) expect(values.join('')).toContain(url);
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

  it.each([30, 40, 60])('at %i columns wraps its values at words or inside a URL, cutting none', async (width) => {
    for (const [label, value, joiner] of [['Note', sentence, ' '], ['Docs', url, ''], ['Field name', 'oauth2AuthorizationCode.refreshToken', '']] as const) {
      const screen = await drawn({ kind: 'record', fields: [['Name', 'acme'], [label, value]] }, width, plain);
      expectWithin(screen, width);
      expect(screen).not.toContain('…');
      const values = drawnTables(screen)[0]!.columns[1]!;
      expect(values.slice(1).join(joiner)).toBe(value);
    }
  });
});

describe('a title wider than the terminal', () => {
  const title = 'Connection conn_7f3a9c1e for Acme Manufacturing (northern region) at https://crm.example.com/accounts/acme-north';

  it.each([30, 40, 60])('at %i columns wraps above a record, in bold, every character kept', async (width) => {
    const screen = await drawn({ kind: 'record', title, fields: [['Name', 'acme']] }, width);
    expectWithin(screen, width);
    const shown = screen.replace(/\u001b\[[\d;]*m/g, '').split('\n');
    const titleLines = shown.slice(0, shown.findIndex((line) => line.startsWith('┌')));
    expect(titleLines.length).toBeGreaterThan(1);
    expect(titleLines.join(' ').replace(/\s+/g, '')).toBe(title.replace(/\s+/g, ''));
    expect(screen).not.toContain('…');
    expect(screen.startsWith('\u001b[1m')).toBe(true);
  });

  it('wraps above a list too', async () => {
    const screen = await drawn({ kind: 'list', title, columns: ['ID'], rows: [['a']] }, 40, plain);
    expectWithin(screen, 40);
    expect(screen).not.toContain('…');
    expect(screen).toContain('https://crm.example.com/accounts/');
  });
});

describe('the line under a list that lost something', () => {
  const rows = Array.from({ length: 4 }, (_, index) => [`acct_${index}`, `Customer ${index} of the northern region`, `https://crm.example.com/accounts/${index}`, `owner${index}@example.com`, `2024-06-0${index + 1}T10:00:00Z`]);
  const view: View = { kind: 'list', columns: ['NAME', 'DESCRIPTION', 'URL', 'OWNER', 'UPDATED'], rows, lowValue: ['UPDATED', 'OWNER'] };

  it('is there exactly when a cell is cut or a column left out, at every width', async () => {
    for (let width = 40; width <= 140; width += 1) {
      const screen = await drawn(view, width);
      expectWithin(screen, width);
      const table = screen.split('\n').filter((line) => /^[┌│└]/.test(line.replace(/\u001b\[[\d;]*m/g, '')));
      const headers = drawnTables(screen)[0]!.columns.map((lines) => lines[0]);
      const lost = table.some((line) => line.includes('…')) || view.columns.some((header) => !headers.includes(header));
      expect(noteOf(screen) !== undefined, `at ${width}:\n${screen}`).toBe(lost);
      if (lost) expect(noteOf(screen)).toMatch(/--wide or -o json/);
    }
  });

  it('cuts or leaves out only the low-value columns while the others fit wrapped', async () => {
    for (const width of [60, 80, 100]) {
      const screen = await drawn(view, width);
      const table = drawnTables(screen)[0]!;
      for (const header of ['NAME', 'DESCRIPTION', 'URL']) expect(column(table, header).join('\n')).not.toContain('…');
      expect(column(table, 'URL').join('')).toBe(rows.map((row) => row[2]).join(''));
    }
  });

  it('names what it cut and what it left out when that fits', async () => {
    const screen = await drawn(view, 100);
    expect(noteOf(screen)).toBe('UPDATED left out; OWNER cut short: --wide or -o json shows them');
  });
});
