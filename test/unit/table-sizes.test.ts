// The two tables a bulk import keeps a row in, made at their size when the
// count is known (KeyTable.reserve from the input's lines, FingerprintSet.reserve
// from the rows to send): at any number of slots, and reserved before, during or
// never, each answers as a plain Map or Set kept here does. Then lineCount, which
// sizes them: the lines of an input, counted from texts written here.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyTable } from '../../src/connections/bulk/duplicates.js';
import { lineCount } from '../../src/connections/bulk/source.js';
import { FingerprintSet } from '../../src/output/fingerprints.js';

const digestOf = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** When to reserve, and for how many: never, at the start, or after some keys. */
const reserving = fc.record({ at: fc.nat({ max: 400 }), count: fc.nat({ max: 3000 }), never: fc.boolean() });

describe('KeyTable at any size', () => {
  it('answers as a Map of first lines, whatever its first size and whenever it is reserved', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), reserving, fc.array(fc.nat({ max: 600 }), { maxLength: 1500 }), (capacity, reserve, picks) => {
        const table = new KeyTable(1, capacity);
        const first = new Map<number, number>();
        picks.forEach((pick, index) => {
          if (!reserve.never && index === reserve.at) table.reserve(reserve.count);
          const line = index + 1;
          const expected = first.get(pick);
          if (expected === undefined) first.set(pick, line);
          expect(table.earlierLine(digestOf(`key-${pick}`), line)).toBe(expected);
        });
        expect(table.size).toBe(first.size);
        for (const [pick, line] of first) expect(table.find(digestOf(`key-${pick}`))?.[0]).toBe(line);
        expect(table.find(digestOf('never added'))).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it('reserved for a count, holds that many without growing: three quarters full at most, never doubled', () => {
    const count = 100_000;
    const table = new KeyTable();
    table.reserve(count);
    const slots = table.slots;
    expect(slots).toBeGreaterThanOrEqual((count * 4) / 3);
    expect(slots).toBeLessThan((count * 4) / 3 + 16);
    let repeats = 0;
    for (let line = 1; line <= count; line++) if (table.earlierLine(digestOf(`row-${line}`), line) !== undefined) repeats += 1;
    expect(repeats).toBe(0);
    expect(table.size).toBe(count);
    expect(table.slots).toBe(slots);
    // Found again, the wrap-around at the table's end included.
    for (const line of [1, 2, 50_000, count - 1, count]) expect(table.find(digestOf(`row-${line}`))?.[0]).toBe(line);
    table.earlierLine(digestOf('one more'), count + 1);
    table.reserve(count);
    expect(table.slots, 'a reserve for fewer than it holds changes nothing').toBe(slots);
  });
});

describe('FingerprintSet reserved', () => {
  it('finds what it holds and nothing else, of any lengths, whenever it is reserved', () => {
    fc.assert(
      fc.property(reserving, fc.uniqueArray(fc.string({ minLength: 4, maxLength: 24, unit: 'grapheme-ascii' }), { maxLength: 400 }), (reserve, texts) => {
        const set = new FingerprintSet();
        texts.forEach((text, index) => {
          if (!reserve.never && index === reserve.at) set.reserve(reserve.count);
          set.add(text);
        });
        expect(set.size).toBe(texts.length);
        for (const text of texts) {
          const ends = set.find(`<${text}>`);
          // At position 1 starts the text itself, or a longer one it begins.
          expect(ends?.[1] ?? 0, text).toBeGreaterThanOrEqual(1 + text.length);
        }
        const held = new Set(texts);
        const absent = 'zz-not-held-zz';
        if (!held.has(absent)) expect(set.find(absent)).toBeUndefined();
      }),
      { numRuns: 80 },
    );
  });
});

describe('FingerprintSet made at its size', () => {
  it('reserved for a count, holds that many without growing', () => {
    const count = 50_000;
    const set = new FingerprintSet();
    set.reserve(count);
    const slots = set.slots;
    expect(slots).toBeGreaterThanOrEqual((count * 4) / 3);
    expect(slots).toBeLessThan((count * 4) / 3 + 16);
    for (let index = 0; index < count; index++) set.add(`pk_live_${index.toString(16).padStart(8, '0')}`);
    expect(set.size).toBe(count);
    expect(set.slots).toBe(slots);
    expect(set.find('x pk_live_0000c350 x'), 'one past the last').toBeUndefined();
    expect(set.find('x pk_live_0000c34f x')?.[2]).toBe(2 + 16);
  });
});

describe('lineCount', () => {
  const source = (...chunks: string[]) => ({ name: 'rows', open: () => Readable.from(chunks.map((chunk) => Buffer.from(chunk))), close: async () => undefined });

  it('counts line breaks, and a last line without one', async () => {
    expect(await lineCount(source())).toBe(0);
    expect(await lineCount(source('{"a":1}\n'))).toBe(1);
    expect(await lineCount(source('{"a":1}'))).toBe(1);
    expect(await lineCount(source('a\nb', '\nc\n', '\n'))).toBe(4);
    expect(await lineCount(source('a\r\nb\r\n'))).toBe(2);
    expect(await lineCount(source('\n', '', '\n'))).toBe(2);
  });
});
