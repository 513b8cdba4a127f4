/**
 * A set of texts kept as 64-bit fingerprints, grouped by length, and found in
 * a text by a rolling hash (Rabin-Karp): what the scrubber holds once a run
 * has sent more credentials than it keeps as text (a bulk import sends one a
 * row, a million in a large import).
 *
 * Why fingerprints: the texts themselves cost their length and a Set entry
 * each (about 0.8 KiB a row, with their escaped forms), and grow without
 * bound; a fingerprint is 8 bytes in a typed array, whatever the credential.
 * Why this is safe: a text that holds a credential holds its exact
 * characters, whose fingerprint is the stored one, so a credential is always
 * found. Two different texts may share a fingerprint (about one chance in
 * 2^64 per position and credential); the only cost of that is ordinary text
 * shown as [redacted].
 *
 * Each fingerprint is two 32-bit polynomial hashes of the UTF-16 code units,
 * with two different odd bases, kept in one open-addressing table per length
 * (two Int32Arrays, at most three quarters full). Finding them takes one pass
 * over the text per distinct length, two multiplications a character.
 */

const baseA = 0x01000193;
const baseB = 0x5bd1e995;
/** (0, 0) marks an empty slot; a fingerprint that hashes to it is stored as (0, 1). */
const emptyHigh = 0;

/** The fingerprints of one length: a hash table, and B^(length-1) for rolling. */
class LengthTable {
  readonly length: number;
  readonly powerA: number;
  readonly powerB: number;
  count = 0;
  #high = new Int32Array(16);
  #low = new Int32Array(16);

  constructor(length: number) {
    this.length = length;
    let powerA = 1;
    let powerB = 1;
    for (let step = 1; step < length; step++) {
      powerA = Math.imul(powerA, baseA);
      powerB = Math.imul(powerB, baseB);
    }
    this.powerA = powerA;
    this.powerB = powerB;
  }

  /** Adds a fingerprint; false when it was there already. */
  add(high: number, low: number): boolean {
    if (this.has(high, low)) return false;
    if ((this.count + 1) * 4 > this.#high.length * 3) this.#grow();
    this.#put(high, low);
    this.count += 1;
    return true;
  }

  has(high: number, low: number): boolean {
    const mask = this.#high.length - 1;
    for (let slot = slotOf(high, low, mask); ; slot = (slot + 1) & mask) {
      const storedHigh = this.#high[slot]!;
      const storedLow = this.#low[slot]!;
      if (storedHigh === high && storedLow === low) return true;
      if (storedHigh === emptyHigh && storedLow === 0) return false;
    }
  }

  #put(high: number, low: number): void {
    const mask = this.#high.length - 1;
    let slot = slotOf(high, low, mask);
    while (this.#high[slot] !== emptyHigh || this.#low[slot] !== 0) slot = (slot + 1) & mask;
    this.#high[slot] = high;
    this.#low[slot] = low;
  }

  #grow(): void {
    const high = this.#high;
    const low = this.#low;
    this.#high = new Int32Array(high.length * 2);
    this.#low = new Int32Array(low.length * 2);
    for (let slot = 0; slot < high.length; slot++) if (high[slot] !== emptyHigh || low[slot] !== 0) this.#put(high[slot]!, low[slot]!);
  }
}

/** The top bits of a mix of both halves: the polynomial hashes' low bits depend only on the characters' low bits. */
function slotOf(high: number, low: number, mask: number): number {
  return (Math.imul(high ^ Math.imul(low, 0x27d4eb2d), 0x9e3779b1) >>> 11) & mask;
}

/** The pair for a fingerprint (0, 0) is (0, 1), both when stored and when looked for. */
function lowOf(high: number, low: number): number {
  return high === emptyHigh && low === 0 ? 1 : low;
}

export class FingerprintSet {
  /** By length, the lengths in descending order for the longest match first. */
  #tables = new Map<number, LengthTable>();
  #byLength: LengthTable[] = [];

  /** How many distinct texts it holds. */
  get size(): number {
    let size = 0;
    for (const table of this.#byLength) size += table.count;
    return size;
  }

  add(text: string): void {
    if (text.length === 0) return;
    let table = this.#tables.get(text.length);
    if (!table) {
      table = new LengthTable(text.length);
      this.#tables.set(text.length, table);
      this.#byLength = [...this.#tables.values()].sort((a, b) => b.length - a.length);
    }
    let high = 0;
    let low = 0;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      high = (Math.imul(high, baseA) + code) | 0;
      low = (Math.imul(low, baseB) + code) | 0;
    }
    table.add(high, lowOf(high, low));
  }

  /**
   * Where held texts occur in text: for each position where one starts, the
   * end of the longest that starts there. `ends[at]` is 0 where none does.
   * Undefined when none occurs anywhere (most texts).
   */
  find(text: string): Int32Array | undefined {
    let ends: Int32Array | undefined;
    for (const table of this.#byLength) {
      const { length, powerA, powerB } = table;
      if (length > text.length) continue;
      let high = 0;
      let low = 0;
      for (let index = 0; index < length; index++) {
        const code = text.charCodeAt(index);
        high = (Math.imul(high, baseA) + code) | 0;
        low = (Math.imul(low, baseB) + code) | 0;
      }
      for (let at = 0; ; at++) {
        if (table.has(high, lowOf(high, low))) {
          ends ??= new Int32Array(text.length);
          // Longer lengths come first: a longer match at the same place is kept.
          if (ends[at] === 0) ends[at] = at + length;
        }
        const next = at + length;
        if (next >= text.length) break;
        const leaving = text.charCodeAt(at);
        const coming = text.charCodeAt(next);
        high = (Math.imul(high - Math.imul(leaving, powerA), baseA) + coming) | 0;
        low = (Math.imul(low - Math.imul(leaving, powerB), baseB) + coming) | 0;
      }
    }
    return ends;
  }
}
