// How deep a JSON text may nest: 512 levels of arrays and objects, no more (README,
// "What ipctl never prints"; docs/reliability.md). tooDeep answers without parsing, and
// first rules out the texts that cannot be too deep: these cases sit on each side of it.
import { describe, expect, it } from 'vitest';
import { tooDeep } from '../../src/nesting.js';

const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('tooDeep', () => {
  it('takes 512 levels, and refuses 513, of arrays (the shortest texts that deep)', () => {
    expect(tooDeep(arrays(512))).toBe(false);
    expect(tooDeep(arrays(513))).toBe(true);
  });

  it('takes 512 levels, and refuses 513, of objects', () => {
    expect(tooDeep(objects(512))).toBe(false);
    expect(tooDeep(objects(513))).toBe(true);
  });

  it('refuses arrays and objects mixed, 513 deep', () => {
    expect(tooDeep(`${'[{"a":'.repeat(257)}1${'}]'.repeat(257)}`)).toBe(true);
    expect(tooDeep(`${'[{"a":'.repeat(256)}1${'}]'.repeat(256)}`)).toBe(false);
  });

  it('counts no bracket inside a string, however many there are', () => {
    expect(tooDeep(JSON.stringify({ text: '['.repeat(2000), more: '{'.repeat(2000) }))).toBe(false);
    expect(tooDeep(JSON.stringify([{ text: `"\\${'['.repeat(600)}` }]))).toBe(false);
  });

  it('takes a long text that is flat, and one with many brackets side by side', () => {
    expect(tooDeep(JSON.stringify({ rows: Array.from({ length: 2000 }, (_, index) => ({ index })) }))).toBe(false);
    expect(tooDeep(`[${Array.from({ length: 600 }, () => '[]').join(',')}]`)).toBe(false);
  });
});
