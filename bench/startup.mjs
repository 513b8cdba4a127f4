// Start-up benchmark, on this Node and on Node 24 from the npm registry, side by side in one run:
// each target's median wall time and peak memory as a ratio to what it is measured against,
// both measured in the same rounds: `node -e 0` for --version and --help, and for an HTTP
// command the floor (undici alone, as ipctl bundles it, doing the same GET). Writes its figures
// to bench/results.json (section startup); scripts/figures.mjs renders docs/performance.md from them.
// Usage: node bench/startup.mjs [rounds]   (npm run bench)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ipctl, registryNode, startSandbox, writeConfig } from './fixtures.mjs';
import { loadAverages, roundTo, saveResults } from './results.mjs';
import { formatRatio, median, printTable } from './stats.mjs';

const rounds = Number(process.argv[2] ?? 30);
const warmUp = 3;
const memoryRounds = 8;
const work = mkdtempSync(join(tmpdir(), 'ipctl-bench-'));
const launchFloor = join(import.meta.dirname, 'floor', 'launch.cjs');
const maxRss = join(import.meta.dirname, 'max-rss.cjs');

const nodes = [{ name: `Node ${process.versions.node}`, path: process.execPath, major: Number(process.versions.node.split('.')[0]) }];
if (nodes[0].major !== 24) nodes.push(registryNode(24));

const sandbox = await startSandbox();
const configDir = join(work, 'config');
writeConfig(configDir, sandbox);
const floorBundle = await bundleFloor('get');
const stackBundle = await bundleFloor('stack');
const provider = `${sandbox.baseUrl}/providers/salesforce`;

/** Each row: what it runs, what it is a ratio to, and its limits on each Node major (none: for information). */
const baseline = { name: 'node -e 0', args: ['-e', '0'] };
const floor = { name: 'floor: undici alone, the same GET', args: [launchFloor, floorBundle, provider] };
const targets = [
  { id: 'version', name: 'ipctl --version', args: [ipctl, '--version'], against: baseline, limit: () => 1.15 },
  { id: 'help', name: 'ipctl --help', args: [ipctl, '--help'], against: baseline, limit: () => 1.15 },
  { id: 'completeProfile', name: 'ipctl __complete --profile ""', args: [ipctl, '__complete', '--profile', ''], against: baseline },
  { id: 'completeSearch', name: 'ipctl __complete search Contact --where email', args: [ipctl, '__complete', 'search', 'Contact', '--where', 'email'], against: baseline },
  // For information: what the chosen stack costs before ipctl does anything of its own (bench/floor/stack.ts).
  { id: 'stack', name: 'commander + zod/mini + undici, the same GET', args: [launchFloor, stackBundle, provider], against: floor },
  { id: 'providersGet', name: 'ipctl providers get salesforce -o json', args: [ipctl, 'providers', 'get', 'salesforce', '-o', 'json'], against: floor, limit: (major) => (major >= 24 ? 1.2 : 1.5), memoryLimit: 1.4 },
  { id: 'invitesList', name: 'ipctl invites list -o json (profile store)', args: [ipctl, 'invites', 'list', '-o', 'json'], against: floor },
];
const rows = [baseline, floor, ...targets];

try {
  const results = nodes.map((node) => {
    const env = { PATH: process.env.PATH, HOME: work, IPCTL_CONFIG_DIR: configDir, IPCTL_CACHE_DIR: join(work, `cache-${node.major}`) };
    for (const row of rows) check(node, row, env);
    return { node, times: measureTimes(node, env), memory: measureMemory(node, env) };
  });
  report(results);
  saveResults('startup', figures(results));
} finally {
  sandbox.process.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

/** bench/floor/NAME.ts bundled as scripts/build.mjs bundles ipctl: CommonJS, minified, for Node 20.19. */
async function bundleFloor(name) {
  const outfile = join(work, `${name}.cjs`);
  await build({ entryPoints: [join(import.meta.dirname, 'floor', `${name}.ts`)], outfile, bundle: true, platform: 'node', target: 'node20.19', format: 'cjs', minify: true, logLevel: 'warning' });
  return outfile;
}

/** Every row once a round, in the same order, so that a row and its reference see the same machine load. */
function measureTimes(node, env) {
  const samples = new Map(rows.map((row) => [row, []]));
  for (let round = 0; round < rounds + warmUp; round++) {
    for (const row of rows) {
      const took = timeRun(node, row.args, env);
      if (round >= warmUp) samples.get(row).push(took);
    }
  }
  return samples;
}

function timeRun(node, args, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync(node.path, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const took = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${node.name}: ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return took;
}

function measureMemory(node, env) {
  const peaks = new Map();
  for (const row of rows) {
    const file = join(work, `rss-${node.major}-${peaks.size}`);
    writeFileSync(file, '');
    for (let round = 0; round < memoryRounds; round++) {
      spawnSync(node.path, ['--require', maxRss, ...row.args], { env: { ...env, IPCTL_BENCH_RSS_FILE: file }, stdio: 'ignore' });
    }
    peaks.set(row, median(readFileSync(file, 'utf8').trim().split('\n').map(Number)));
  }
  return peaks;
}

function report(results) {
  console.log(`ipctl start-up, ${rounds} rounds after ${warmUp} warm-up rounds, peak memory the median of ${memoryRounds} runs`);
  for (const { node, times, memory } of results) {
    const ms = (row) => `${median(times.get(row)).toFixed(1)} ms`;
    console.log(`${node.name}: node -e 0 ${ms(baseline)}, ${(memory.get(baseline) / 1024).toFixed(1)} MiB; floor ${ms(floor)}, ${(memory.get(floor) / 1024).toFixed(1)} MiB`);
  }
  console.log('');
  const header = ['target', 'ratio to'];
  for (const { node } of results) header.push(`${node.name}: time`, 'memory', 'limit', 'verdict');
  const table = [header];
  let allMet = true;
  for (const target of targets) {
    const cells = [target.name, target.against === baseline ? 'node -e 0' : 'floor'];
    for (const { node, times, memory } of results) {
      const ratio = median(times.get(target)) / median(times.get(target.against));
      const memoryRatio = memory.get(target) / memory.get(target.against);
      const limit = target.limit?.(node.major);
      const met = limit === undefined || (ratio <= limit && (target.memoryLimit === undefined || memoryRatio <= target.memoryLimit));
      allMet &&= met;
      const limits = limit === undefined ? '—' : `≤${limit}×${target.memoryLimit ? `, ≤${target.memoryLimit}×` : ''}`;
      cells.push(`${formatRatio(ratio)} (${median(times.get(target)).toFixed(1)} ms)`, `${formatRatio(memoryRatio)} (${(memory.get(target) / 1024).toFixed(1)} MiB)`, limits, limit === undefined ? '' : met ? 'met' : 'MISSED');
    }
    table.push(cells);
  }
  printTable(table);
  console.log(`\n${allMet ? 'Every start-up target met.' : 'Some start-up targets were missed.'}`);
  process.exitCode = allMet ? 0 : 1;
}

/** The raw figures, each target's limits beside them: what the README is rendered from. */
function figures(results) {
  const measured = (row, times, memory) => ({ ms: roundTo(median(times.get(row)), 3), mib: roundTo(memory.get(row) / 1024, 3) });
  return {
    date: new Date().toISOString().slice(0, 10),
    loadAverage: loadAverages(),
    rounds,
    warmUp,
    memoryRounds,
    rows: targets.map((target) => ({ id: target.id, name: target.name, against: target.against === baseline ? 'node -e 0' : 'floor' })),
    nodes: results.map(({ node, times, memory }) => ({
      version: node.name.replace('Node ', ''),
      major: node.major,
      baseline: measured(baseline, times, memory),
      floor: measured(floor, times, memory),
      targets: Object.fromEntries(targets.map((target) => [target.id, {
        ...measured(target, times, memory),
        timeRatio: roundTo(median(times.get(target)) / median(times.get(target.against)), 4),
        memoryRatio: roundTo(memory.get(target) / memory.get(target.against), 4),
        timeLimit: target.limit?.(node.major) ?? null,
        memoryLimit: target.memoryLimit ?? null,
      }])),
    })),
  };
}

function check(node, row, env) {
  const result = spawnSync(node.path, row.args, { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${node.name}: ${row.name} failed (${result.status}): ${result.stderr}`);
}
