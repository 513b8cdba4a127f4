// The table of keys a bulk import fills in its checking pass and reads again in
// its sending pass (src/connections/bulk/duplicates.ts, earlierLine). The
// expected answers come from a plain Map of first lines, kept here: a row
// repeats the first earlier row of the same pass with its key. Over a file
// unchanged between the passes the shared table must answer as that does, row
// for row; over a file changed in between it may refuse more, never less.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyTable } from '../../src/connections/bulk/duplicates.js';

const digestOf = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** The reference: what a pass that sees only its own rows says of each. */
function freshAnswers(keys: string[]): Array<number | undefined> {
  const first = new Map<string, number>();
  return keys.map((key, index) => {
    const line = index + 1;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, line);
    return earlier;
  });
}

function passOver(table: KeyTable, keys: string[]): Array<number | undefined> {
  return keys.map((key, index) => table.earlierLine(digestOf(key), index + 1));
}

/** A small deterministic generator, so that a failure can be run again. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomKeys(random: () => number, count: number, distinct: number): string[] {
  return Array.from({ length: count }, () => `key-${Math.floor(random() * distinct)}`);
}

describe('KeyTable.earlierLine', () => {
  it('names the first earlier line of a key, and keeps a new one', () => {
    const table = new KeyTable();
    expect(passOver(table, ['a', 'b', 'a', 'c', 'b', 'a'])).toEqual([undefined, undefined, 1, undefined, 2, 1]);
  });

  it('a second pass over the same rows gets the same answers as the first', () => {
    const table = new KeyTable();
    const keys = ['a', 'b', 'a', 'c', 'b', 'a'];
    const first = passOver(table, keys);
    expect(passOver(table, keys)).toEqual(first);
  });

  it('for many unchanged files, both passes answer as a fresh pass does (the table grows in between)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const random = generator(seed);
      // Few distinct keys make repeats; many make the table grow past its first size.
      const keys = randomKeys(random, 200 + Math.floor(random() * 3000), seed % 2 === 0 ? 50 : 5000);
      const table = new KeyTable();
      const expected = freshAnswers(keys);
      expect(passOver(table, keys), `seed ${seed}, first pass`).toEqual(expected);
      expect(passOver(table, keys), `seed ${seed}, second pass`).toEqual(expected);
    }
  });

  it('a file changed between the passes: every row a fresh pass would refuse is refused', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const random = generator(seed);
      const before = randomKeys(random, 300, 80);
      // Edits: keys replaced, rows dropped, rows moved to the top: a key may now sit earlier or later than before.
      const after = before.filter(() => random() > 0.1).map((key) => (random() < 0.2 ? `key-${Math.floor(random() * 120)}` : key));
      for (let moved = 0; moved < 10; moved++) after.unshift(after.splice(Math.floor(random() * after.length), 1)[0]!);
      const table = new KeyTable();
      passOver(table, before);
      const shared = passOver(table, after);
      const fresh = freshAnswers(after);
      fresh.forEach((earlier, index) => {
        if (earlier !== undefined) expect(shared[index], `seed ${seed}, line ${index + 1} repeats line ${earlier}`).toBeDefined();
        // Whatever it names is an earlier line.
        if (shared[index] !== undefined) expect(shared[index]).toBeLessThan(index + 1);
      });
    }
  });

  it('a key moved up to an earlier line takes that line: its later repeat is refused', () => {
    const table = new KeyTable();
    passOver(table, ['a', 'b', 'c', 'd', 'x']);
    const answers = passOver(table, ['x', 'b', 'x']);
    expect(answers[0]).toBeUndefined();
    expect(answers[2]).toBe(1);
  });
});
