// The fingerprint set the scrubber keeps a bulk import's credentials in
// (src/output/fingerprints.ts), and the scrubber holding more credentials than
// it keeps as text. Expected positions are counted from the texts written here.
import { describe, expect, it } from 'vitest';
import { FingerprintSet } from '../../src/output/fingerprints.js';
import { Scrubber } from '../../src/output/scrubber.js';

/** README, What ipctl never prints: credentials it sent "become `[redacted]`". */
const redactedMark = '[redacted]';

const setOf = (...texts: string[]) => {
  const set = new FingerprintSet();
  for (const text of texts) set.add(text);
  return set;
};

/** The [start, end) of each match find() reports, in order. */
function matches(set: FingerprintSet, text: string): Array<[number, number]> {
  const ends = set.find(text);
  if (!ends) return [];
  const found: Array<[number, number]> = [];
  ends.forEach((end, start) => {
    if (end !== 0) found.push([start, end]);
  });
  return found;
}

describe('FingerprintSet', () => {
  it('finds nothing, and allocates nothing, when a text holds none of its texts', () => {
    expect(setOf('sk_live_0001').find('nothing to see here, sk_live_0002')).toBeUndefined();
    expect(new FingerprintSet().find('anything')).toBeUndefined();
  });

  it('finds a text at the very start and at the very end, and one that is the whole text', () => {
    const set = setOf('KEY-AAAA');
    expect(matches(set, 'KEY-AAAA then text')).toEqual([[0, 8]]);
    expect(matches(set, 'text then KEY-AAAA')).toEqual([[10, 18]]);
    expect(matches(set, 'KEY-AAAA')).toEqual([[0, 8]]);
    expect(matches(set, 'KEY-AAA')).toEqual([]);
  });

  it('finds texts of different lengths, the longest where two start at one place', () => {
    const set = setOf('tok_1234', 'tok_1234_and_more', 'zz9988776655');
    expect(matches(set, '[tok_1234] [tok_1234_and_more] (zz9988776655)')).toEqual([
      [1, 9],
      [12, 29],
      [32, 44],
    ]);
  });

  it('finds overlapping texts at each of their starts, and repeated ones each time', () => {
    const set = setOf('abcdEFGH', 'EFGHijkl');
    expect(matches(set, '..abcdEFGHijkl..abcdEFGH')).toEqual([
      [2, 10],
      [6, 14],
      [16, 24],
    ]);
  });

  it('tells apart texts that differ in one character, or in order', () => {
    const set = setOf('pk_live_ABCD1234');
    expect(matches(set, 'pk_live_ABCD1235 pk_live_ABDC1234 pk_live_ABCD123')).toEqual([]);
    expect(matches(set, 'pk_live_ABCD1235 pk_live_ABCD1234')).toEqual([[17, 33]]);
  });

  it('holds texts beyond the ASCII range, as UTF-16 code units', () => {
    const set = setOf('pä<ss>wörd-😀-1');
    expect(matches(set, 'x pä<ss>wörd-😀-1 y')).toEqual([[2, 2 + 'pä<ss>wörd-😀-1'.length]]);
  });

  it('keeps every one of many texts, each counted once however often added', () => {
    const keys = Array.from({ length: 50_000 }, (_, row) => `${row.toString(36)}-key-${row * 7919}`);
    const set = new FingerprintSet();
    for (const key of [...keys, ...keys.slice(0, 1000)]) set.add(key);
    expect(set.size).toBe(keys.length);
    for (const row of [0, 1, 4095, 4096, 32_767, 49_999]) expect(matches(set, `<${keys[row]}>`)).toEqual([[1, 1 + keys[row]!.length]]);
    expect(matches(set, '<zzzz-key-1>')).toEqual([]);
  });
});

describe('Scrubber beyond the credentials it keeps as text', () => {
  const keys = Array.from({ length: 5000 }, (_, row) => `pk/CANARY+${row}=${(row * 2654435761) % 1_000_003}`);
  const scrubber = new Scrubber();
  for (const key of keys) scrubber.add(key);

  it('still replaces the first credential and the last, in every form', () => {
    for (const key of [keys[0]!, keys[4999]!, keys[2500]!]) {
      expect(scrubber.scrub(`a ${key} b`)).toBe(`a ${redactedMark} b`);
      expect(scrubber.scrub(`{"k":"${key.replaceAll('/', '\\/')}"}`)).toBe(`{"k":"${redactedMark}"}`);
      expect(scrubber.scrub(`?k=${encodeURIComponent(key)}&x`)).toBe(`?k=${redactedMark}&x`);
      expect(scrubber.scrub(`?k=${encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())}&x`)).toBe(`?k=${redactedMark}&x`);
      // Its long part, on its own.
      expect(scrubber.scrub(`part ${key.slice(3)} alone`)).toBe(`part ${redactedMark} alone`);
    }
  });

  it('replaces two overlapping credentials as one, and adjacent ones each', () => {
    expect(scrubber.scrub(`${keys[10]}${keys[11]}`)).toBe(`${redactedMark}${redactedMark}`);
    const joined = `${keys[20]!}${keys[20]!.slice(3)}`;
    expect(scrubber.scrub(`<${joined}>`)).toBe(`<${redactedMark}${redactedMark}>`);
    const overlapping = new Scrubber();
    for (const filler of keys.slice(0, 20)) overlapping.add(filler);
    overlapping.add('xyz1abcdEF');
    overlapping.add('cdEFGHIJKL');
    expect(overlapping.scrub('..xyz1abcdEFGHIJKL..')).toBe(`..${redactedMark}..`);
    expect(overlapping.scrub('..cdEFGHIJKL..xyz1abcdEF')).toBe(`..${redactedMark}..${redactedMark}`);
  });

  it('leaves text that only looks like a credential alone', () => {
    expect(scrubber.scrub('pk/CANARY+ is how they begin')).toBe('pk/CANARY+ is how they begin');
    expect(scrubber.scrub('pk/CANARY+99999=1')).toBe('pk/CANARY+99999=1');
  });

  it('does not let a fingerprinted credential through when asked to forget it: it stays replaced', () => {
    scrubber.forget(keys[4000]!);
    expect(scrubber.scrub(keys[4000]!)).toBe(redactedMark);
  });
});
