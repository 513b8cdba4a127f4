import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type ColumnText, fitColumns, recordWidths, textWidth, wrapToWidth } from '../../src/output/fit.js';

const column = (header: string, cell: string, identifies = false, cut = false): ColumnText => ({ header, cells: [cell], identifies, cut });
/** The width of a table with these column widths: a border before each column and one after the last. */
const tableWidth = (widths: number[]) => widths.reduce((sum, width) => sum + width + 1, 1);
/** The widths of a layout side by side; a test fails on a vertical one. */
const widthsOf = (layout: ReturnType<typeof fitColumns>) => {
  if (layout.kind !== 'columns') throw new Error(`laid out ${layout.kind}`);
  return layout.widths;
};

describe('fitColumns', () => {
  // Whole, padding included: ID 20, NAME 39, EMAIL 17, CITY 10. The widest tokens: the same, but NAME 12 ("Analytical").
  const columns = [column('ID', 'x'.repeat(18), true), column('NAME', 'Ada Lovelace of the Analytical Engine'), column('EMAIL', 'ada@example.com'), column('CITY', 'c'.repeat(8))];

  it('leaves a table that fits as it is, each column as wide as its content', () => {
    expect(fitColumns(columns, 200)).toEqual({ kind: 'columns', shown: [0, 1, 2, 3], widths: [20, 39, 17, 10] });
  });

  it('wraps the columns that can be wrapped, and keeps each as wide as its widest token', () => {
    expect(fitColumns(columns, 80)).toEqual({ kind: 'columns', shown: [0, 1, 2, 3], widths: [20, 28, 17, 10] });
    expect(fitColumns(columns, 64)).toEqual({ kind: 'columns', shown: [0, 1, 2, 3], widths: [20, 12, 17, 10] });
  });

  it('is laid out vertically, every column kept, when even its widest tokens cannot be side by side', () => {
    expect(fitColumns(columns, 63)).toEqual({ kind: 'vertical', shown: [0, 1, 2, 3] });
    expect(fitColumns([column('URL', `https://example.com/${'x'.repeat(60)}`)], 60)).toEqual({ kind: 'vertical', shown: [0] });
  });

  it('leaves out the low-value columns it is told of, the first first, while the others cannot be whole beside them', () => {
    expect(fitColumns(columns, 70, [3])).toEqual({ kind: 'columns', shown: [0, 1, 2], widths: [20, 29, 17] });
    expect(fitColumns(columns, 70)).toEqual({ kind: 'columns', shown: [0, 1, 2, 3], widths: [20, 18, 17, 10] });
    expect(fitColumns(columns, 91, [3, 2]).shown).toEqual([0, 1, 2, 3]);
    expect(fitColumns(columns, 90, [3, 2]).shown).toEqual([0, 1, 2]);
  });

  it('is laid out vertically without its low-value columns when the others cannot be side by side, and never leaves out the first', () => {
    expect(fitColumns(columns, 35, [3, 2])).toEqual({ kind: 'columns', shown: [0, 1], widths: [20, 12] });
    expect(fitColumns(columns, 34, [3, 2])).toEqual({ kind: 'vertical', shown: [0, 1] });
    expect(fitColumns(columns, 34, [0, 3])).toEqual({ kind: 'vertical', shown: [0, 1, 2] });
  });

  it('cuts a low-value column down to its floor before the others wrap', () => {
    const withDate = [...columns.slice(0, 3), column('UPDATED', '2024-06-01T10:00:00Z', false, true)];
    // Whole: 20 + 39 + 17 + 22 + 5 = 103. Narrower, the date is cut, down to 12 columns, while the name stays whole; then it goes.
    expect(fitColumns(withDate, 100, [3])).toEqual({ kind: 'columns', shown: [0, 1, 2, 3], widths: [20, 39, 17, 19] });
    expect(fitColumns(withDate, 93, [3])).toEqual({ kind: 'columns', shown: [0, 1, 2, 3], widths: [20, 39, 17, 12] });
    expect(fitColumns(withDate, 92, [3])).toEqual({ kind: 'columns', shown: [0, 1, 2], widths: [20, 39, 17] });
  });

  it('narrows identifiers last, to their widest token', () => {
    const ids = [column('ID', 'acct 1234567 of the northern region', true), column('NOTE', 'a note about the account, in words')];
    // Whole: 37 + 36 + 3 = 76. At 60 the note wraps first, down to its widest token (10).
    expect(widthsOf(fitColumns(ids, 60))).toEqual([37, 20]);
    expect(widthsOf(fitColumns(ids, 40))).toEqual([27, 10]);
    expect(fitColumns(ids, 21).kind).toBe('vertical');
  });
});

describe('recordWidths', () => {
  it('narrows a record to fit, its values before its labels, down to their widest tokens', () => {
    const record = [column('', 'Post-auth info needed', true), column('', 'an existing token to import; new connections use the OAuth flow')];
    expect(recordWidths(record, 200)).toEqual([23, 65]);
    expect(recordWidths(record, 60)).toEqual([23, 34]);
    expect(tableWidth(recordWidths(record, 30)!)).toBeLessThanOrEqual(30);
    // The value down to its widest token ("connections", 13), then the labels.
    expect(recordWidths(record, 30)).toEqual([14, 13]);
    expect(recordWidths(record, 27)).toEqual([11, 13]);
    expect(recordWidths(record, 26)).toBeUndefined();
  });

  it('gives no widths, for a vertical layout, when a value token cannot be whole beside its label', () => {
    const record = [column('', 'Base URL', true), column('', 'https://{{.account}}.snowflakecomputing.com')];
    expect(recordWidths(record, 58)).toEqual([10, 45]);
    expect(recordWidths(record, 54)).toEqual([6, 45]);
    expect(recordWidths(record, 53)).toBeUndefined();
  });
});

describe('wrapToWidth', () => {
  it('breaks text at spaces', () => {
    expect(wrapToWidth('no (default ANALYTICS)', 12)).toEqual(['no (default', 'ANALYTICS)']);
    expect(wrapToWidth('the scopes the imported tokens were granted', 16)).toEqual(['the scopes the', 'imported tokens', 'were granted']);
    expect(wrapToWidth('one of SYSADMIN, ANALYST, LOADER', 12)).toEqual(['one of', 'SYSADMIN,', 'ANALYST,', 'LOADER']);
  });

  it('never breaks a token: a field path, a URL, a date or a variable name wider than the room stands alone on its line', () => {
    expect(wrapToWidth('customAuth.warehouse', 12)).toEqual(['customAuth.warehouse']);
    expect(wrapToWidth('see https://docs.example.com/en/guide now', 26)).toEqual(['see', 'https://docs.example.com/en/guide', 'now']);
    expect(wrapToWidth('2024-02-01T10:00:00Z', 12)).toEqual(['2024-02-01T10:00:00Z']);
    expect(wrapToWidth('from IPCTL_API_KEY', 10)).toEqual(['from', 'IPCTL_API_KEY']);
  });

  it('keeps the lines it was given, and the spaces where it does not break', () => {
    expect(wrapToWidth('first\nsecond', 10)).toEqual(['first', 'second']);
    expect(wrapToWidth('a  b   c', 20)).toEqual(['a  b   c']);
  });

  it('never makes a line wider than asked but for one token wider than that, and keeps every token whole, in order', () => {
    // Each character's columns, written from Unicode's East Asian Width property (UAX #11) and
    // what wcwidth(3) gives it, not from ipctl's textWidth: 日 is Wide (2); U+200B ZERO WIDTH
    // SPACE is a format character (0); é (U+00E9) is Ambiguous, one column outside CJK locales.
    const columns: Record<string, number> = { a: 1, b: 1, ' ': 1, '.': 1, '/': 1, '-': 1, 日: 2, '\u200b': 0, é: 1 };
    const width = (line: string) => [...line].reduce((sum, character) => sum + columns[character]!, 0);
    const characters = fc.constantFrom(...Object.keys(columns));
    const tokens = (text: string) => text.split(/ +/).filter(Boolean);
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 60 }).map((list) => list.join('')), fc.integer({ min: 2, max: 30 }), (text, room) => {
        const lines = wrapToWidth(text, room);
        for (const line of lines) if (width(line) > room) expect(tokens(line), JSON.stringify(line)).toHaveLength(1);
        expect(lines.flatMap(tokens)).toEqual(tokens(text));
      }),
    );
  });
});

describe('textWidth', () => {
  it('counts the longest line, wide characters twice', () => {
    expect(textWidth('ab\nabcd')).toBe(4);
    expect(textWidth('日本')).toBe(4);
    expect(textWidth('…')).toBe(1);
  });
});
