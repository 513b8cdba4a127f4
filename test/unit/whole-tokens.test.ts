// No value is ever broken inside (README, Output): whatever a table holds and
// however wide the terminal, every token of every cell (an ID, a name, an
// email, a URL, a date, a field path: what lies between spaces) appears whole
// on one line of what ipctl draws, and no line is wider than the terminal but
// one that holds a single token wider than it, alone, for the terminal to
// wrap. Stated over generated tables: tokens of random lengths, longer than
// the terminal too, with East Asian wide characters and emoji.
import fc from 'fast-check';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { plain } from '../../src/output/paint.js';
import { render } from '../../src/output/render.js';
import type { View } from '../../src/output/view.js';
import { displayWidths, withoutSgr } from '../helpers/display-width.js';

/**
 * The characters the tokens are made of, and the columns each takes, written
 * from Unicode's East Asian Width property (UAX #11): ASCII is Narrow (1); the
 * CJK ideographs, kana and Hangul syllables here, and these emoji (Emoji_Presentation), are Wide (2).
 * The first test checks the table against the C library's wcwidth.
 */
const characterColumns: Record<string, number> = {
  ...Object.fromEntries([...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./-_@:=?&#,;()'].map((character) => [character, 1])),
  漢: 2,
  字: 2,
  テ: 2,
  한: 2,
  '👍': 2,
  '🚀': 2,
};
/** What ipctl draws around the cells: spaces, the box, the cut mark and the dim line's words (all Narrow). */
const drawnColumns: Record<string, number> = { ' ': 1, '…': 1, ...Object.fromEntries([...'│┌┐└┘┬┴─'].map((character) => [character, 1])) };

function columnsOf(line: string): number {
  return [...line].reduce((sum, character) => {
    const width = characterColumns[character] ?? drawnColumns[character];
    if (width === undefined) throw new Error(`no width written for ${JSON.stringify(character)} in ${JSON.stringify(line)}`);
    return sum + width;
  }, 0);
}

const character = fc.constantFrom(...Object.keys(characterColumns));
/** Mostly short tokens, now and then one longer than the widest terminal tried. */
const token = fc.oneof({ weight: 6, arbitrary: fc.array(character, { minLength: 1, maxLength: 12 }) }, { weight: 1, arbitrary: fc.array(character, { minLength: 13, maxLength: 180 }) }).map((characters) => characters.join(''));
/** A cell: tokens with a space between them, or ", " as in "one of SYSADMIN, ANALYST". */
const cell = fc.tuple(fc.array(token, { minLength: 1, maxLength: 4 }), fc.boolean()).map(([tokens, commas]) => tokens.join(commas ? ', ' : ' '));
const header = fc.array(fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ_'), { minLength: 1, maxLength: 14 }).map((characters) => characters.join('')), { minLength: 1, maxLength: 2 }).map((words) => words.join(' '));

interface Generated {
  view: View;
  /** The texts whose every token must be shown whole: all but those of the low-value columns. */
  whole: string[];
  lowValue: boolean;
}

const list: fc.Arbitrary<Generated> = fc
  .integer({ min: 1, max: 6 })
  .chain((count) => fc.tuple(fc.uniqueArray(header, { minLength: count, maxLength: count }), fc.array(fc.array(cell, { minLength: count, maxLength: count }), { minLength: 1, maxLength: 5 }), fc.array(fc.boolean(), { minLength: count, maxLength: count }), fc.option(cell)))
  .map(([columns, rows, low, title]) => {
    const lowValue = columns.filter((_, index) => index > 0 && low[index]);
    const kept = columns.map((column, index) => (lowValue.includes(column) ? [] : [column, ...rows.map((row) => row[index]!)])).flat();
    return { view: { kind: 'list', title: title ?? undefined, columns, rows, lowValue }, whole: [...kept, ...(title ? [title] : [])], lowValue: lowValue.length > 0 };
  });

const record: fc.Arbitrary<Generated> = fc.tuple(fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 6 }), fc.option(cell)).map(([fields, title]) => ({
  view: { kind: 'record', title: title ?? undefined, fields },
  whole: [...fields.flat(), ...(title ? [title] : [])],
  lowValue: false,
}));

const grid: fc.Arbitrary<Generated> = fc.array(fc.tuple(cell, fc.boolean(), cell), { minLength: 1, maxLength: 6 }).map((rows) => ({
  view: { kind: 'grid', title: 'Support', columns: ['FEATURE', 'SUPPORTED', 'DETAILS'], rows: rows.map(([label, supported, details]) => ({ label, cells: [supported, details] })) },
  whole: ['Support', 'FEATURE', 'SUPPORTED', 'DETAILS', ...rows.flatMap(([label, supported, details]) => [label, supported ? 'yes' : 'no', details])],
  lowValue: false,
}));

/** A view drawn for a terminal `width` columns wide, as run() renders it. */
async function drawn(view: View, width: number, color: boolean): Promise<string> {
  let text = '';
  await render({ data: [], view }, 'table', { stream: { write: (chunk: string) => (text += chunk), isTTY: true, columns: width }, paint: color ? new Chalk({ level: 1 }) : plain, width });
  return withoutSgr(text);
}

const tokensOf = (text: string) => text.split(' ').filter(Boolean);

/** What is wrong with a screen: a token not whole on a line, a line too wide, a cut where nothing may be cut. */
function problems(screen: string, generated: Generated, width: number): string[] {
  const found: string[] = [];
  const lines = screen.split('\n');
  // Every token, as often as the tables hold it, is a word of some line: between spaces and box characters.
  const words = new Map<string, number>();
  for (const word of lines.flatMap((line) => line.split(/[ │┌┐└┘┬┴─]+/).filter(Boolean))) words.set(word, (words.get(word) ?? 0) + 1);
  for (const expected of generated.whole.flatMap(tokensOf)) {
    const left = words.get(expected) ?? 0;
    if (left === 0) found.push(`${JSON.stringify(expected)} is not whole on any line`);
    else words.set(expected, left - 1);
  }
  for (const line of lines) {
    const lone = tokensOf(line).length === 1 && columnsOf(line.trim()) > width;
    if (columnsOf(line) > width && !lone) found.push(`a line of ${columnsOf(line)} columns: ${JSON.stringify(line)}`);
  }
  if (!generated.lowValue && screen.includes('…')) found.push('a cut, with no low-value column to cut');
  return found;
}

describe('every token of every cell', () => {
  it('is measured here as wcwidth measures it', () => {
    const characters = Object.keys(characterColumns);
    expect(displayWidths(characters)).toEqual(characters.map((character) => characterColumns[character]));
  });

  it('is whole on a single line, and no line is wider than the terminal but one that holds a single token wider than it, at 40 to 160 columns', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(list, record, grid), fc.integer({ min: 40, max: 160 }), fc.boolean(), async (generated, width, color) => {
        const screen = await drawn(generated.view, width, color);
        expect(problems(screen, generated, width), `at ${width} columns:\n${screen}`).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('would be found broken: a token cut in two, a line too wide, a cut', () => {
    const generated: Generated = { view: { kind: 'list', columns: ['A'], rows: [['customAuth.account']] }, whole: ['A', 'customAuth.account'], lowValue: false };
    expect(problems('│ A         │\n│ customAut │\n│ h.account │', generated, 40)).toEqual(['"customAuth.account" is not whole on any line']);
    expect(problems(`A  customAuth.account ${'x'.repeat(30)}`, generated, 40)).toEqual([`a line of 52 columns: "A  customAuth.account ${'x'.repeat(30)}"`]);
    expect(problems(`A\n  customAuth.account\n  ${'x'.repeat(50)}`, generated, 40)).toEqual([]);
    expect(problems('A  customAuth.account\n…', generated, 40)).toEqual(['a cut, with no low-value column to cut']);
  });
});
