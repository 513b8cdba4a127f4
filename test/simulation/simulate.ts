// Runs scenarios from a seed, as `npm run simulate` and the fixed seeds of the
// test suite do. A failure is shrunk by fast-check and reported with its seed.
import fc from 'fast-check';
import { emptyTally, type WriteTally } from './disk.js';
import { type Scenario, scenarios } from './scenario.js';
import { World } from './world.js';

export interface SimulationResult {
  scenarios: number;
  violations: number;
  /** The results files' writes that carried several records, and the crashes that tore them. */
  writes: WriteTally;
  /** The failure, shrunk: its seed, the scenario and what broke. */
  report?: string;
}

async function playScenario(scenario: Scenario): Promise<World> {
  const world = new World(scenario);
  await world.play();
  return world;
}

/** One plain scenario first: the modules ipctl loads lazily are loaded (for real) before time is simulated. */
let warm: Promise<unknown> | undefined;
const plain: Scenario = { format: 'jsonl', bom: false, crlf: false, rows: [{ kind: 'valid' }, { kind: 'no-group' }], shards: 1, runs: [{ edits: [], retryUncertain: false, concurrency: 1, net: [], disk: [], stop: null, shard: 1 }], removal: { net: [], stop: null } };

export async function simulate(count: number, seed: number): Promise<SimulationResult> {
  await (warm ??= playScenario(plain));
  let played = 0;
  const writes = emptyTally();
  const property = fc.asyncProperty(scenarios, async (scenario) => {
    played += 1;
    const world = new World(scenario);
    try {
      await world.play();
    } finally {
      for (const key of Object.keys(writes) as Array<keyof WriteTally>) writes[key] += world.disk.tally[key];
    }
  });
  const details = await fc.check(property, { seed, numRuns: count, endOnFailure: false, markInterruptAsFailure: true });
  if (!details.failed) return { scenarios: count, violations: 0, writes };
  const world = new World(details.counterexample![0]);
  await world.play().catch(() => undefined);
  const report = [
    `Invariant violated (seed ${seed}, path ${details.counterexamplePath}): ${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}`,
    `Shrunk scenario: ${JSON.stringify(details.counterexample![0])}`,
    'Runs:',
    ...world.log.map((line) => `  ${line}`),
  ].join('\n');
  return { scenarios: Math.min(played, count), violations: 1, writes, report };
}
