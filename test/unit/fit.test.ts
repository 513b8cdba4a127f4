import { describe, expect, it } from 'vitest';
import { type ColumnText, cutToFit, fitColumns, textWidth } from '../../src/output/fit.js';

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

  it('drops the rightmost columns when even cut cells cannot fit, never the first', () => {
    const fitted = fitColumns(columns, 45);
    expect(fitted.shown).toEqual([0, 1]);
    expect(tableWidth(fitted.widths)).toBeLessThanOrEqual(45);
  });

  it('drops the low-value columns it is told of before any other', () => {
    expect(fitColumns(columns, 55, [1]).shown).toEqual([0, 2, 3]);
    expect(fitColumns(columns, 55).shown).toEqual([0, 1, 2]);
  });

  it("drops the row's own ID only after every other column, even when it is the rightmost", () => {
    const invites = [column('EMAIL', 'e'.repeat(30)), column('STATUS', 'pending'), column('CREATED', '2024-02-01T10:00:00Z'), column('ID', 'inv_'.padEnd(16, 'x'), true, true)];
    const fitted = fitColumns(invites, 45);
    expect(fitted.shown).toEqual([0, 1, 3]);
    expect(tableWidth(fitted.widths)).toBeLessThanOrEqual(45);
    // Narrower, the key is cut rather than dropped while the first column and it fit, cut.
    const narrow = fitColumns(invites, 30);
    expect(narrow.shown).toEqual([0, 3]);
    expect(tableWidth(narrow.widths)).toBeLessThanOrEqual(30);
    expect(fitColumns(invites, 20).shown).toEqual([0]);
    const otherIds = [column('ID', 'x'.repeat(18), true, true), column('NAME', 'n'.repeat(30)), column('AccountId', 'a'.repeat(18), true)];
    expect(fitColumns(otherIds, 40).shown).toEqual([0, 1]);
  });

  it('cuts identifiers last, down to a floor, when only they are left', () => {
    const fitted = fitColumns([column('ID', 'x'.repeat(40), true), column('OTHER ID', 'y'.repeat(40), true)], 50);
    expect(tableWidth(fitted.widths)).toBeLessThanOrEqual(50);
    expect(Math.min(...fitted.widths)).toBeGreaterThanOrEqual(10);
  });
});

describe('cutToFit', () => {
  it('cuts a record to fit and drops neither of its columns, however narrow', () => {
    const record = [column('', 'l'.repeat(23), true), column('', 'v'.repeat(50))];
    const widths = cutToFit(record, 30);
    expect(widths).toHaveLength(2);
    expect(widths[1]).toBe(12);
    expect(cutToFit(record, 200)).toEqual([25, 52]);
  });
});

describe('textWidth', () => {
  it('counts the longest line, wide characters twice', () => {
    expect(textWidth('ab\nabcd')).toBe(4);
    expect(textWidth('日本')).toBe(4);
    expect(textWidth('…')).toBe(1);
  });
});
