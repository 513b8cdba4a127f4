/**
 * A set of texts kept as 64-bit fingerprints, each with its length mixed in, and found in
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
 * with two different odd bases, the text's length mixed into the first, kept
 * in one open-addressing table (two Int32Arrays, at most three quarters full).
 * Finding them takes one pass over the text per distinct length, two
 * multiplications a character.
 */

const baseA = 0x01000193;
const baseB = 0x5bd1e995;
/** (0, 0) marks an empty slot; a fingerprint that hashes to it is stored as (0, 1). */
const emptyHigh = 0;

/** The most a table is filled before it grows: three quarters. */
const fillNumerator = 3;
const fillDenominator = 4;

/** Slots enough for `count` fingerprints at most three quarters full. */
function slotsFor(count: number): number {
  return Math.ceil((count * fillDenominator) / fillNumerator) + 1;
}

/**
 * Every fingerprint held, whatever its text's length (mixed into it), in one
 * open-addressing table of any size: a set told how many texts are coming
 * (reserve) is made once at that size, not doubled into it, each doubling
 * leaving the old arrays to the collector.
 */
class FingerprintTable {
  count = 0;

  /** How many slots it has, 8 bytes each. */
  get slots(): number {
    return this.#high.length;
  }

  #high = new Int32Array(16);
  #low = new Int32Array(16);

  /** Adds a fingerprint; false when it was there already. */
  add(high: number, low: number): boolean {
    if (this.has(high, low)) return false;
    if ((this.count + 1) * fillDenominator > this.#high.length * fillNumerator) this.#resize(this.#high.length * 2);
    this.#put(high, low);
    this.count += 1;
    return true;
  }

  has(high: number, low: number): boolean {
    const slots = this.#high.length;
    for (let slot = slotOf(high, low, slots); ; slot = slot + 1 === slots ? 0 : slot + 1) {
      const storedHigh = this.#high[slot]!;
      const storedLow = this.#low[slot]!;
      if (storedHigh === high && storedLow === low) return true;
      if (storedHigh === emptyHigh && storedLow === 0) return false;
    }
  }

  /** Makes room for `count` more fingerprints in one step. */
  reserve(count: number): void {
    const slots = slotsFor(this.count + count);
    if (slots > this.#high.length) this.#resize(slots);
  }

  #put(high: number, low: number): void {
    const slots = this.#high.length;
    let slot = slotOf(high, low, slots);
    while (this.#high[slot] !== emptyHigh || this.#low[slot] !== 0) slot = slot + 1 === slots ? 0 : slot + 1;
    this.#high[slot] = high;
    this.#low[slot] = low;
  }

  #resize(slots: number): void {
    const high = this.#high;
    const low = this.#low;
    this.#high = new Int32Array(slots);
    this.#low = new Int32Array(slots);
    for (let slot = 0; slot < high.length; slot++) if (high[slot] !== emptyHigh || low[slot] !== 0) this.#put(high[slot]!, low[slot]!);
  }
}

/** A slot among `slots` from the top bits of a mix of both halves (the polynomial hashes' low bits depend only on the characters' low bits). */
function slotOf(high: number, low: number, slots: number): number {
  const mixed = Math.imul(high ^ Math.imul(low, 0x27d4eb2d), 0x9e3779b1) >>> 0;
  return Math.floor((mixed * slots) / 0x1_0000_0000);
}

/** The pair for a fingerprint (0, 0) is (0, 1), both when stored and when looked for. */
function lowOf(high: number, low: number): number {
  return high === emptyHigh && low === 0 ? 1 : low;
}

/** A length the set holds: B^(length-1) for rolling, and what it mixes into a fingerprint's high half. */
interface HeldLength {
  length: number;
  powerA: number;
  powerB: number;
  mix: number;
}

function heldLength(length: number): HeldLength {
  let powerA = 1;
  let powerB = 1;
  for (let step = 1; step < length; step++) {
    powerA = Math.imul(powerA, baseA);
    powerB = Math.imul(powerB, baseB);
  }
  return { length, powerA, powerB, mix: Math.imul(length, 0x85ebca6b) };
}

export class FingerprintSet {
  readonly #table = new FingerprintTable();
  /** The lengths held, longest first, for the longest match first. */
  #lengths: HeldLength[] = [];

  /** How many distinct texts it holds. */
  get size(): number {
    return this.#table.count;
  }

  /** How many slots its table has, 8 bytes each. */
  get slots(): number {
    return this.#table.slots;
  }

  /** Makes room for `count` more texts at once (a bulk import knows how many rows it will send). */
  reserve(count: number): void {
    this.#table.reserve(count);
  }

  add(text: string): void {
    if (text.length === 0) return;
    let held = this.#lengths.find((entry) => entry.length === text.length);
    if (!held) {
      held = heldLength(text.length);
      this.#lengths = [...this.#lengths, held].sort((a, b) => b.length - a.length);
    }
    let high = 0;
    let low = 0;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      high = (Math.imul(high, baseA) + code) | 0;
      low = (Math.imul(low, baseB) + code) | 0;
    }
    const mixed = high ^ held.mix;
    this.#table.add(mixed, lowOf(mixed, low));
  }

  /**
   * Where held texts occur in text: for each position where one starts, the
   * end of the longest that starts there. `ends[at]` is 0 where none does.
   * Undefined when none occurs anywhere (most texts).
   */
  find(text: string): Int32Array | undefined {
    let ends: Int32Array | undefined;
    const table = this.#table;
    for (const { length, powerA, powerB, mix } of this.#lengths) {
      if (length > text.length) continue;
      let high = 0;
      let low = 0;
      for (let index = 0; index < length; index++) {
        const code = text.charCodeAt(index);
        high = (Math.imul(high, baseA) + code) | 0;
        low = (Math.imul(low, baseB) + code) | 0;
      }
      for (let at = 0; ; at++) {
        const mixed = high ^ mix;
        if (table.has(mixed, lowOf(mixed, low))) {
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
