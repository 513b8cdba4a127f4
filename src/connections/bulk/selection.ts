/**
 * Which checked rows a pass of a bulk import works on: those of its shard
 * (--shard), each key once (a row repeating an earlier row's group, consumer
 * and provider is invalid, unless --allow-duplicates). Each pass makes its
 * own selection over one key table, which the first pass fills and the
 * second reads (see KeyTable.earlierLine): both decide the same for the same
 * rows, and a run holds one table, not two.
 */
import type { CheckedRow } from './check.js';
import type { KeyTable } from './duplicates.js';
import { keyDigest, type Shard, shardOfDigest } from './shard.js';

export interface SelectionOptions {
  shard?: Shard;
  allowDuplicates: boolean;
}

export class RowSelection {
  readonly #options: SelectionOptions;
  readonly #seen: KeyTable;
  /** Rows that belong to other shards. */
  elsewhere = 0;
  /** Whether the row take() last returned repeats an earlier row's key. */
  repeated = false;
  /** The key digest of the row take() last looked at (undefined: it has no key), for the pass to look the key up without hashing it again. */
  digest: Buffer | undefined;

  /** `seen`: the run's table of keys, shared by its passes. */
  constructor(options: SelectionOptions, seen: KeyTable) {
    this.#options = options;
    this.#seen = seen;
  }

  /**
   * The row as this pass takes it (made invalid if it repeats an earlier row),
   * or undefined when it belongs to another shard. Rows must come in file order.
   */
  take(row: CheckedRow): CheckedRow | undefined {
    const { shard, allowDuplicates } = this.#options;
    this.repeated = false;
    const digest = keyDigest(row.identity);
    this.digest = digest;
    // A row without a key belongs to shard 1, so that it is reported once across the shards.
    const own = shard === undefined || (digest ? shardOfDigest(digest, shard.total) : 1) === shard.index;
    if (!own) {
      this.elsewhere += 1;
      return undefined;
    }
    if (!digest || allowDuplicates) return row;
    const first = this.#seen.earlierLine(digest, row.line);
    if (first === undefined) return row;
    this.repeated = true;
    const problem = `repeats line ${first}: the same group, consumer and provider, so the same connection (--allow-duplicates creates both).`;
    return { line: row.line, ok: false, problems: [...(row.ok ? [] : row.problems), problem], identity: row.identity };
  }
}
