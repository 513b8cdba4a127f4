// The bulk import simulated (docs/reliability.md, "The simulation"): fixed
// seeds, in this process, in a few seconds. `npm run simulate -- --scenarios N
// --seed S` explores further.
import { describe, expect, it } from 'vitest';
import type { Scenario } from './scenario.js';
import { simulate } from './simulate.js';
import { World } from './world.js';

// Seeds whose scenarios catch the planted bugs aimed at the simulation (scripts/mutate.mjs): a request sent before
// the sync of its "started" record (2, 3, 6; 6 when the group commit lets its rows go before its sync), and a row
// whose key an earlier run created on another line sent again (2). A record appended by hand without its newline is
// the found scenario's.
const seeds = [2, 3, 6];
const perSeed = Number(process.env.SIMULATION_SCENARIOS ?? 20);

// Scenarios a longer run found, shrunk, kept as they were printed.
const found: Record<string, Scenario> = {
  // Seed 525531478: a "failed" record from the first run copied by hand after the second run's "started" for the same
  // line. The world's hand edits then stated a falsehood; a hand record now copies only a line's last record.
  'an old record copied by hand after a later attempt of its line': {
    format: 'jsonl', bom: false, crlf: false,
    rows: [{ kind: 'valid' }, { kind: 'valid' }, { kind: 'valid' }, { kind: 'valid', repeats: 0 }, { kind: 'no-group' }, { kind: 'valid' }, { kind: 'valid' }, { kind: 'valid' }, { kind: 'unknown-provider' }, { kind: 'valid' }],
    shards: 1,
    runs: [
      { edits: [], retryUncertain: false, concurrency: 1, net: [null, null, { kind: 'status', status: 400, acted: false }, { kind: 'status', status: 500, acted: true }], disk: [], stop: { at: 12, kind: 'SIGHUP', keep: 0, tear: 0 }, shard: 1 },
      { edits: [], retryUncertain: true, concurrency: 2, net: [], disk: [], stop: { at: 11, kind: 'crash', keep: 0, tear: 0 }, shard: 1 },
      { edits: [{ kind: 'hand-record', record: 10, newline: false, crlf: false, blank: false }], retryUncertain: false, concurrency: 1, net: [], disk: [], stop: null, shard: 1 },
    ],
    removal: null,
  },
};

describe('the bulk import, simulated', () => {
  it.each(seeds)('seed %i: no invariant is broken', { timeout: 60_000 }, async (seed) => {
    const result = await simulate(perSeed, seed);
    expect(result.report ?? '', result.report).toBe('');
    expect(result.violations).toBe(0);
  });

  it.each(Object.entries(found))('found: %s', { timeout: 60_000 }, async (_name, scenario) => {
    const world = new World(scenario);
    await expect(world.play()).resolves.toBeUndefined();
    expect(world.log.length).toBeGreaterThanOrEqual(scenario.runs.length);
  });
});
