import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import { type Paint, plain } from '../../src/output/paint.js';
import { render } from '../../src/output/render.js';
import type { Outcome, View } from '../../src/output/view.js';
import { measureBorderColumns, measureWidths, withoutSgr } from '../helpers/display-width.js';

// Boxed tables at a terminal keep their borders in line whatever the cells
// hold: zero-width and format characters take no column, wide ones two (as the
// C library's wcwidth says), and a tab is shown as `\x09`, never expanded.
// Widths are measured by one python3 kept running (measureWidths): starting one
// for each measure cost more than the rest of the file.

/** Cells a catalogue or a customer's records may hold, each with characters a terminal gives no column. */
const zeroWidthCells = [
  'zero\u200bwidth space',
  'joiner\u200dand non\u200cjoiner',
  'word\u2060joiner',
  '\ufeffbyte order mark',
  'left-to-right\u200e mark',
  'cafe\u0301 and re\u0301sume\u0301',
  'שָׁלוֹם with points',
  'variation\ufe0f selector',
];
const wideCells = ['漢字のテスト', '한국어', 'thumbs 👍'];

/** A table drawn for a terminal, as run() renders it: through the sanitiser, then drawn. */
async function drawn(view: View, width: number | undefined, paint: Paint = plain): Promise<string> {
  let text = '';
  const terminal = { write: (chunk: string) => (text += chunk), isTTY: true, columns: width ?? 200 };
  const outcome: Outcome = { data: [], view };
  await render(outcome, width === undefined ? 'wide' : 'table', { stream: terminal, paint, width });
  return text;
}

/**
 * Every line of a boxed table as wide as its top rule, with its borders in the
 * same columns; in a table laid out a block a row, every value beside its
 * label starting in the same column.
 */
async function expectInLine(table: string): Promise<void> {
  const shown = withoutSgr(table).trimEnd().split('\n');
  const lines = shown.filter((line) => /^[┌│└]/.test(line));
  if (lines.length === 0) {
    // A label, the spaces that pad it, then its value: the label and its padding as wide on every line.
    // A record whose labels leave a value no room beside them has every value on lines of its own, and nothing to line up.
    const prefixes = shown.flatMap((line) => /^(\S.*?\S|\S)( {2,})(?=[^ ])/u.exec(line)?.[0] ?? []);
    if (prefixes.length === 0) expect(shown.filter((line) => /^[^ ]/.test(line)).length, table).toBe(shown.filter((line) => /^ {2}[^ ]/.test(line)).length + 1);
    const widths = await measureWidths(prefixes);
    expect(widths.every((width) => width === widths[0]), `label widths ${widths.join(', ')} in\n${table}`).toBe(true);
    return;
  }
  expect(lines.length).toBeGreaterThan(2);
  const widths = await measureWidths(lines);
  expect(widths.every((width) => width === widths[0]), `line widths ${widths.join(', ')} in\n${table}`).toBe(true);
  const [top, ...rest] = await measureBorderColumns(lines);
  for (const columns of rest) expect(columns).toEqual(top);
}

const list = (cells: string[]): View => ({
  kind: 'list',
  title: 'Records',
  columns: ['ID', 'Name', 'Note'],
  rows: cells.map((cell, index) => [`rec_${index}`, cell, `${cell} again`]),
});
const record = (cells: string[]): View => ({ kind: 'record', title: 'Record', fields: cells.map((cell, index) => [`Field ${index} ${cell}`, cell]) });

describe('a boxed table with zero-width and wide characters', () => {
  for (const width of [undefined, 80, 40, 28]) {
    it(`keeps its borders in line ${width === undefined ? 'whole (wide)' : `at ${width} columns`}`, async () => {
      const listed = await drawn(list([...zeroWidthCells, ...wideCells]), width);
      await expectInLine(listed);
      // Narrower than its widest tokens side by side, the list is laid out a block a row, its values beside their labels.
      if (width !== undefined && width <= 40) expect(withoutSgr(listed)).toMatch(/^Name {2}/m);
      await expectInLine(await drawn(record([...zeroWidthCells, ...wideCells]), width));
    });
  }

  it('is no wider than the terminal', async () => {
    for (const width of [80, 40]) {
      const lines = (await drawn(list([...zeroWidthCells, ...wideCells]), width)).trimEnd().split('\n');
      expect(Math.max(...(await measureWidths(lines)))).toBeLessThanOrEqual(width);
    }
  });

  it('gives a cell of zero-width characters alone no column beyond its padding', async () => {
    const table = await drawn({ kind: 'list', columns: ['ID', 'Mark'], rows: [['a', '\u200b\u200e\u2060']] }, undefined);
    expect(table).toContain('│ a  │ \u200b\u200e\u2060     │');
    await expectInLine(table);
  });

  it('keeps its borders in line with color on: the styles take no column', async () => {
    const table = await drawn({ kind: 'grid', title: 'Support', columns: ['Module', 'read\u200b', 'write'], rows: [{ label: 'crm\u200d', cells: [true, false] }, { label: '漢字', cells: [undefined, true] }] }, 40, new Chalk({ level: 1 }));
    expect(table).toMatch(/\u001b\[32myes\u001b\[39m/);
    await expectInLine(table);
  });
});

describe('a tab in a boxed table cell', () => {
  it('is shown as \\x09, so the border after it stays in line', async () => {
    const table = await drawn(list(['tab\there', 'two\t\ttabs']), 80);
    expect(table).not.toContain('\t');
    expect(table).toContain('tab\\x09here');
    expect(table).toContain('two\\x09\\x09tabs');
    await expectInLine(table);
  });

  it('in a record too, its newlines kept as lines', async () => {
    const table = await drawn({ kind: 'record', fields: [['Description', 'first\tline\nsecond line']] }, undefined);
    expect(table).not.toContain('\t');
    expect(table).toContain('│ Description │ first\\x09line │');
    expect(table).toContain('│             │ second line   │');
    await expectInLine(table);
  });

  it('becomes a space in a pipe, where each row is one TSV line', async () => {
    let text = '';
    await render({ data: [], view: list(['tab\there']) }, 'table', { stream: { write: (chunk: string) => (text += chunk), isTTY: false }, paint: plain });
    expect(text.split('\n')[1]).toBe('rec_0\ttab here\ttab here again');
  });
});
