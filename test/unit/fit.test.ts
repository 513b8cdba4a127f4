import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type ColumnText, fitColumns, recordWidths, textWidth, wrapToWidth } from '../../src/output/fit.js';

const column = (header: string, cell: string, identifies = false, key = false): ColumnText => ({ header, cells: [cell], identifies, key });
/** The width of a table with these column widths: a border before each column and one after the last. */
const tableWidth = (widths: number[]) => widths.reduce((sum, width) => sum + width + 1, 1);

describe('fitColumns', () => {
  const columns = [column('ID', 'x'.repeat(18), true), column('NAME', 'n'.repeat(30)), column('EMAIL', 'e'.repeat(50)), column('CITY', 'c'.repeat(8))];

  it('leaves a table that fits as it is, each column as wide as its content', () => {
    expect(fitColumns(columns, 200)).toEqual({ shown: [0, 1, 2, 3], widths: [20, 32, 52, 10] });
  });

  it('cuts the widest cells first, and identifiers only when nothing else can be cut', () => {
    const fitted = fitColumns(columns, 80);
    expect(fitted.shown).toEqual([0, 1, 2, 3]);
    expect(tableWidth(fitted.widths)).toBe(80);
    expect(fitted.widths[0]).toBe(20);
    expect(fitted.widths[3]).toBe(10);
    expect(fitted.widths[1]).toBeLessThan(32);
    expect(fitted.widths[2]).toBeLessThan(52);
  });

  it('drops the rightmost columns only when even narrowed they cannot fit, never the first', () => {
    expect(fitColumns(columns, 45).shown).toEqual([0, 1, 2, 3]);
    const fitted = fitColumns(columns, 25);
    expect(fitted.shown).toEqual([0, 1]);
    expect(tableWidth(fitted.widths)).toBeLessThanOrEqual(25);
  });

  it('drops the low-value columns it is told of before any other', () => {
    // A low-value column goes while the others cannot be whole beside it; any other only when nothing fits.
    expect(fitColumns(columns, 55, [1]).shown).toEqual([0, 2, 3]);
    expect(fitColumns(columns, 55).shown).toEqual([0, 1, 2, 3]);
  });

  it("drops the row's own ID only after every other column, even when it is the rightmost", () => {
    const invites = [column('EMAIL', 'e'.repeat(30)), column('STATUS', 'pending'), column('CREATED', '2024-02-01T10:00:00Z'), column('ID', 'inv_'.padEnd(16, 'x'), true, true)];
    const fitted = fitColumns(invites, 40);
    expect(fitted.shown).toEqual([0, 1, 3]);
    expect(tableWidth(fitted.widths)).toBeLessThanOrEqual(40);
    // Narrower, the key is cut rather than dropped while the first column and it fit, cut.
    const narrow = fitColumns(invites, 30);
    expect(narrow.shown).toEqual([0, 3]);
    expect(tableWidth(narrow.widths)).toBeLessThanOrEqual(30);
    expect(fitColumns(invites, 20).shown).toEqual([0]);
    const otherIds = [column('ID', 'x'.repeat(18), true, true), column('NAME', 'n'.repeat(30)), column('AccountId', 'a'.repeat(18), true)];
    expect(fitColumns(otherIds, 30).shown).toEqual([0, 1]);
  });

  it('cuts identifiers last, down to a floor, when only they are left', () => {
    const fitted = fitColumns([column('ID', 'x'.repeat(40), true), column('OTHER ID', 'y'.repeat(40), true)], 50);
    expect(tableWidth(fitted.widths)).toBeLessThanOrEqual(50);
    expect(Math.min(...fitted.widths)).toBeGreaterThanOrEqual(10);
  });
});

describe('recordWidths', () => {
  it('narrows a record to fit and drops neither of its columns, its values before its labels', () => {
    const record = [column('', 'l'.repeat(23), true), column('', 'v'.repeat(50))];
    expect(recordWidths(record, 60)).toEqual([25, 32]);
    const narrow = recordWidths(record, 30);
    expect(narrow).toHaveLength(2);
    expect(tableWidth(narrow)).toBeLessThanOrEqual(30);
    expect(Math.min(...narrow)).toBeGreaterThanOrEqual(10);
    expect(recordWidths(record, 200)).toEqual([25, 52]);
  });
});

describe('wrapToWidth', () => {
  it('breaks text at spaces', () => {
    expect(wrapToWidth('no (default ANALYTICS)', 12)).toEqual(['no (default', 'ANALYTICS)']);
    expect(wrapToWidth('the scopes the imported tokens were granted', 16)).toEqual(['the scopes the', 'imported tokens', 'were granted']);
  });

  it('breaks a field name after its dot, and a URL after a slash', () => {
    expect(wrapToWidth('customAuth.warehouse', 12)).toEqual(['customAuth.', 'warehouse']);
    expect(wrapToWidth('https://docs.example.com/en/guide', 26)).toEqual(['https://docs.example.com/', 'en/guide']);
  });

  it('breaks a word with no place to break anywhere, and keeps the lines it was given', () => {
    expect(wrapToWidth('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(wrapToWidth('first\nsecond', 10)).toEqual(['first', 'second']);
  });

  it('never makes a line wider than asked, and loses no character but the spaces it breaks at', () => {
    // Each character's columns, written from Unicode's East Asian Width property (UAX #11) and
    // what wcwidth(3) gives it, not from ipctl's textWidth: 日 is Wide (2); U+200B ZERO WIDTH
    // SPACE is a format character (0); é (U+00E9) is Ambiguous, one column outside CJK locales.
    const columns: Record<string, number> = { a: 1, b: 1, ' ': 1, '.': 1, '/': 1, '-': 1, 日: 2, '\u200b': 0, é: 1 };
    const width = (line: string) => [...line].reduce((sum, character) => sum + columns[character]!, 0);
    const characters = fc.constantFrom(...Object.keys(columns));
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 60 }).map((list) => list.join('')), fc.integer({ min: 2, max: 30 }), (text, room) => {
        const lines = wrapToWidth(text, room);
        for (const line of lines) expect(width(line)).toBeLessThanOrEqual(room);
        expect(lines.join('').replaceAll(' ', '')).toBe(text.replaceAll(' ', ''));
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
