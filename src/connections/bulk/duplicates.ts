/**
 * Which keys (group, consumer, provider) a pass over many rows has seen, and
 * where first: a hash table in typed arrays, open addressing with linear
 * probing, holding for each key a 64-bit fingerprint and a few 32-bit values
 * (an input line; for `connections report`, a file too).
 *
 * Why fingerprints and not the keys: a key is up to three 256-character texts,
 * hundreds of bytes as a JavaScript string in a Map; a fingerprint and a line
 * are 12 bytes a slot, and the table is kept at most 3/4 full. An import
 * counts its input's lines first and makes the table once at that size
 * (reserve): a million rows take 1.33 million slots, 16 MB, whatever the keys
 * hold; doubling into it would have ended at 2²¹ slots, 25 MB, with the old
 * arrays on top until collected. An import's two passes share one table (see
 * earlierLine).
 *
 * The cost: two different keys with the same fingerprint. The fingerprint is
 * bytes 8 to 15 of the key's SHA-256 (bytes 0 to 7 pick the shard), so among
 * a million keys the chance that any two share one is about n²/2⁶⁵ ≈ 3·10⁻⁸.
 * Should it happen, the later row is reported as repeating the earlier one:
 * it is refused (or, with --skip-invalid, recorded as invalid and not sent),
 * never sent twice, and the message names both lines, so a reader sees at once
 * that they differ; --allow-duplicates sends it. Confirming each candidate
 * against the first row would mean keeping the keys, or reading the input a
 * third time, for an event that does not happen in practice.
 */

export class KeyTable {
  readonly #width: number;
  #high: Uint32Array;
  #low: Uint32Array;
  /** `width` values a slot; the first is never 0 in a used slot, and 0 marks an empty one. */
  #values: Uint32Array;
  #used = 0;

  /** `width`: how many values each key keeps; `capacity`: slots to start with (any number). */
  constructor(width = 1, capacity = 1024) {
    this.#width = width;
    this.#high = new Uint32Array(capacity);
    this.#low = new Uint32Array(capacity);
    this.#values = new Uint32Array(capacity * width);
  }

  get size(): number {
    return this.#used;
  }

  /** How many slots it has: 8 bytes of fingerprint and 4 a value, each. */
  get slots(): number {
    return this.#high.length;
  }

  /**
   * Makes room for `count` keys in all, in one step: a table that will hold a
   * known number of keys (an import counts its input's lines first) is made
   * once at that size, three quarters full at most, not doubled into it, each
   * doubling leaving the old arrays to the collector.
   */
  reserve(count: number): void {
    const slots = Math.ceil((count * 4) / 3) + 1;
    if (slots > this.#high.length) this.#resize(slots);
  }

  /**
   * The values kept for `digest`'s key, if it was seen before (the table's own,
   * to change in place until the next add); otherwise keeps `values` for it
   * (the first must be at least 1) and returns undefined.
   */
  firstOrAdd(digest: Uint8Array, values: number[]): Uint32Array | undefined {
    const high = readUint32(digest, 8);
    const low = readUint32(digest, 12);
    const slot = this.#slotOf(high, low);
    if (this.#values[slot * this.#width] !== 0) return this.#values.subarray(slot * this.#width, (slot + 1) * this.#width);
    this.#put(slot, high, low, values);
    this.#used += 1;
    if (this.#used * 4 > this.#high.length * 3) this.#resize(this.#high.length * 2);
    return undefined;
  }

  /** The values kept for `digest`'s key (the table's own), or undefined when it was not seen. */
  find(digest: Uint8Array): Uint32Array | undefined {
    const slot = this.#slotOf(readUint32(digest, 8), readUint32(digest, 12));
    return this.#values[slot * this.#width] === 0 ? undefined : this.#values.subarray(slot * this.#width, (slot + 1) * this.#width);
  }

  /**
   * For rows met in line order (a table of width 1): the earlier line that
   * holds `digest`'s key, or undefined when `line` is the first to hold it,
   * which is then kept as its line. The second pass of an import asks the
   * table the first pass filled, so a file unchanged between the passes gets
   * the same answers without a second table; in a file changed since, a key
   * now on an earlier line takes that line, and a row is never let through
   * when an earlier row of this pass had its key.
   */
  earlierLine(digest: Uint8Array, line: number): number | undefined {
    const high = readUint32(digest, 8);
    const low = readUint32(digest, 12);
    const slot = this.#slotOf(high, low);
    const kept = this.#values[slot * this.#width]!;
    if (kept !== 0 && kept < line) return kept;
    if (kept !== 0) {
      this.#values[slot * this.#width] = line;
      return undefined;
    }
    this.#put(slot, high, low, [line]);
    this.#used += 1;
    if (this.#used * 4 > this.#high.length * 3) this.#resize(this.#high.length * 2);
    return undefined;
  }

  /** The slot holding the fingerprint, or the empty one where it would go. */
  #slotOf(high: number, low: number): number {
    const slots = this.#high.length;
    // The top bits of `low` (a uniform part of the digest) pick the slot among any number of them.
    let slot = Math.floor((low * slots) / 0x1_0000_0000);
    while (this.#values[slot * this.#width] !== 0 && (this.#high[slot] !== high || this.#low[slot] !== low)) slot = slot + 1 === slots ? 0 : slot + 1;
    return slot;
  }

  #put(slot: number, high: number, low: number, values: number[]): void {
    this.#high[slot] = high;
    this.#low[slot] = low;
    for (let index = 0; index < this.#width; index++) this.#values[slot * this.#width + index] = values[index] ?? 0;
  }

  #resize(slots: number): void {
    const high = this.#high;
    const low = this.#low;
    const values = this.#values;
    const width = this.#width;
    this.#high = new Uint32Array(slots);
    this.#low = new Uint32Array(slots);
    this.#values = new Uint32Array(slots * width);
    for (let slot = 0; slot < high.length; slot++) {
      if (values[slot * width] === 0) continue;
      this.#put(this.#slotOf(high[slot]!, low[slot]!), high[slot]!, low[slot]!, Array.from(values.subarray(slot * width, (slot + 1) * width)));
    }
  }
}

function readUint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}
