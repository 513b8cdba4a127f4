// A scenario, generated from a seed by fast-check (which also shrinks a failing
// one): an input with repeats, invalid rows, a BOM and CRLF, odd encodings (UTF-16,
// bytes that are not UTF-8, a NUL, lone CR line ends); runs, each with
// the service's answers, disk faults and a point where the world stops (a
// crash, a signal, a closed stdout); edits to the input and to the results
// file between runs; shards; and a removal of what was created.
import fc from 'fast-check';
import type { DiskFault } from './disk.js';
import type { Fault } from './server.js';

/** not-utf8: a byte that is not UTF-8 in its consumer; nul: a NUL byte in its provider. Both are invalid rows. */
type RowKind = 'valid' | 'no-group' | 'unknown-provider' | 'broken' | 'not-utf8' | 'nul';
interface RowSpec {
  kind: RowKind;
  /** A row repeating the key of row `repeats` (an index into the rows), when given. */
  repeats?: number;
}

type StopKind = 'crash' | 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'SIGQUIT' | 'stdout-closed';
export interface Stop {
  /** The step (a change to the disk, or a request) at which it happens. */
  at: number;
  kind: StopKind;
  /** What a crash keeps of the writes not yet synced (0 to 1), and where the next one is torn. */
  keep: number;
  tear: number;
}

export type Edit =
  | { kind: 'fix'; row: number }
  | { kind: 'append' }
  | { kind: 'delete'; row: number }
  | { kind: 'swap'; row: number }
  | { kind: 'repeat'; row: number }
  | { kind: 'hand-record'; record: number; newline: boolean; crlf: boolean; blank: boolean }
  | { kind: 'cut-results'; fraction: number };

export interface RunSpec {
  edits: Edit[];
  retryUncertain: boolean;
  concurrency: number;
  /** The service's answer to each request in turn (none: as it should); beyond the list, all is well. */
  net: Array<Fault | null>;
  disk: DiskFault[];
  stop: Stop | null;
  /** Which shard runs (with shards), from 1. */
  shard: number;
}

export interface Scenario {
  format: 'jsonl' | 'csv';
  bom: boolean;
  crlf: boolean;
  /** Lines end in a lone CR (old Mac OS), whatever crlf says. */
  cr?: boolean;
  /** The input's encoding: ipctl reads UTF-8 only. `bom`: with a byte-order mark (UTF-16's own, for UTF-16). */
  encoding?: 'utf-8' | 'utf-16le' | 'utf-16be';
  rows: RowSpec[];
  shards: number;
  runs: RunSpec[];
  removal: { net: Array<Fault | null>; stop: Stop | null } | null;
}

const fault: fc.Arbitrary<Fault> = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(400, 401, 403, 404, 409, 422, 500, 502, 504), acted: fc.boolean() }),
  fc.record({ kind: fc.constant('retry-after' as const), status: fc.constantFrom(429 as const, 503 as const), seconds: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant('lost' as const), acted: fc.boolean() }),
  fc.record({ kind: fc.constant('slow' as const), ms: fc.integer({ min: 1, max: 45_000 }) }),
);

const net = fc.array(fc.option(fault, { freq: 3, nil: null }), { maxLength: 10 });

/**
 * A share from 0 to 1 (1 left out), spread evenly: fc.double spreads its values
 * over the doubles' bit patterns, almost all of them next to 0, so a tear drawn
 * from it cut a write at its first byte or its last, never inside.
 */
const share = fc.integer({ min: 0, max: 9_999 }).map((value) => value / 10_000);

const stop: fc.Arbitrary<Stop | null> = fc.option(
  fc.record({
    at: fc.integer({ min: 1, max: 40 }),
    kind: fc.constantFrom<StopKind>('crash', 'crash', 'crash', 'crash', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'stdout-closed'),
    keep: share,
    tear: share,
  }),
  { freq: 4, nil: null },
);

const diskFault: fc.Arbitrary<DiskFault> = fc.oneof(
  fc.record({ call: fc.constant('write' as const), nth: fc.integer({ min: 1, max: 30 }), kind: fc.constantFrom('enospc' as const, 'eio' as const, 'short' as const) }),
  fc.record({ call: fc.constant('fdatasync' as const), nth: fc.integer({ min: 1, max: 20 }), kind: fc.constantFrom('eio' as const, 'freeze' as const) }),
  fc.record({ call: fc.constant('open' as const), nth: fc.integer({ min: 1, max: 3 }), kind: fc.constant('enospc' as const) }),
);

const edit = (rows: number): fc.Arbitrary<Edit> =>
  fc.oneof(
    fc.record({ kind: fc.constant('fix' as const), row: fc.nat(rows - 1) }),
    fc.record({ kind: fc.constant('append' as const) }),
    fc.record({ kind: fc.constant('delete' as const), row: fc.nat(rows - 1) }),
    fc.record({ kind: fc.constant('swap' as const), row: fc.nat(rows - 1) }),
    fc.record({ kind: fc.constant('repeat' as const), row: fc.nat(rows - 1) }),
    fc.record({ kind: fc.constant('hand-record' as const), record: fc.nat(40), newline: fc.boolean(), crlf: fc.boolean(), blank: fc.boolean() }),
    fc.record({ kind: fc.constant('cut-results' as const), fraction: share }),
  );

const row = (index: number): fc.Arbitrary<RowSpec> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: 'valid' as const }) },
    { weight: 1, arbitrary: fc.constantFrom<RowKind>('no-group', 'unknown-provider', 'broken', 'not-utf8', 'nul').map((kind) => ({ kind })) },
    { weight: index > 0 ? 1 : 0, arbitrary: fc.nat(Math.max(0, index - 1)).map((repeats) => ({ kind: 'valid' as const, repeats })) },
  );

export const scenarios: fc.Arbitrary<Scenario> = fc.integer({ min: 2, max: 12 }).chain((count) =>
  fc.record({
    format: fc.constantFrom('jsonl' as const, 'csv' as const),
    bom: fc.boolean(),
    crlf: fc.boolean(),
    cr: fc.integer({ min: 0, max: 9 }).map((roll) => roll === 0),
    encoding: fc.integer({ min: 0, max: 9 }).map((roll) => (roll === 0 ? ('utf-16le' as const) : roll === 1 ? ('utf-16be' as const) : ('utf-8' as const))),
    rows: fc.tuple(...Array.from({ length: count }, (_, index) => row(index))),
    shards: fc.constantFrom(1, 1, 2, 3),
    runs: fc.array(
      fc.record({
        edits: fc.array(edit(count), { maxLength: 2 }),
        retryUncertain: fc.boolean(),
        concurrency: fc.integer({ min: 1, max: 4 }),
        net,
        disk: fc.array(diskFault, { maxLength: 2 }),
        stop,
        shard: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    // A 404 to a DELETE says the connection is gone already (read-operations.md): planted where it is not, it is the service lying.
    removal: fc.option(fc.record({ net: net.map((faults) => faults.map((fault) => (fault?.kind === 'status' && fault.status === 404 ? { ...fault, status: 500 } : fault))), stop }), { nil: null }),
  }),
);
