// Start-up benchmark: each target's wall time and peak memory as a ratio
// against bare `node -e 0`, measured side by side (alternating runs) in one run.
// Usage: node bench/startup.mjs [rounds]   (npm run bench)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipctl, startSandbox, writeConfig } from './fixtures.mjs';
import { formatRatio, median, printTable } from './stats.mjs';

const floor = join(import.meta.dirname, 'floor', 'run.cjs');

const rounds = Number(process.argv[2] ?? 40);
const memoryRounds = 10;
const work = mkdtempSync(join(tmpdir(), 'ipctl-bench-'));

const sandbox = await startSandbox();
const configDir = join(work, 'config');
writeConfig(configDir, sandbox);

const baseEnv = { PATH: process.env.PATH, HOME: work, IPCTL_CONFIG_DIR: configDir };
const baseline = { name: 'node -e 0', args: ['-e', '0'], limit: null, memoryLimit: null };
// The targets of issue #8 have a limit; the other rows (limit null) are measured for information.
const targets = [
  { name: 'ipctl --version', args: [ipctl, '--version'], limit: 1.3 },
  { name: 'ipctl --help', args: [ipctl, '--help'], limit: 1.3 },
  // What a Tab on `ipctl --profile ` asks; and Tabs that load one command module to answer.
  { name: 'ipctl __complete --profile ""', args: [ipctl, '__complete', '--profile', ''], limit: null },
  { name: 'ipctl __complete invites list --status ""', args: [ipctl, '__complete', 'invites', 'list', '--status', ''], limit: null },
  // A Tab on `ipctl search … --where email`: search's module loads to find the flag, then the operators.
  { name: 'ipctl __complete search Contact --where email', args: [ipctl, '__complete', 'search', 'Contact', '--where', 'email'], limit: null },
  { name: 'ipctl providers get salesforce -o json', args: [ipctl, 'providers', 'get', 'salesforce', '-o', 'json'], limit: 1.8 },
  { name: 'ipctl invites list -o json (profile store)', args: [ipctl, 'invites', 'list', '-o', 'json'], limit: 2.0 },
  // The floor under an HTTP command: the vendored undici alone, loaded as ipctl loads it, doing the same GET.
  { name: 'floor: undici GET, nothing else', args: [floor, `${sandbox.baseUrl}/providers/salesforce`], limit: null },
];
const memoryLimit = 1.5;

try {
  for (const target of targets) check(target);
  const times = measureTimes();
  const memory = measureMemory();
  report(times, memory);
} finally {
  sandbox.process.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

function measureTimes() {
  const samples = new Map([[baseline, []], ...targets.map((target) => [target, []])]);
  for (let round = 0; round < rounds + 3; round++) {
    // Alternate: the baseline right before each target, so both see the same machine load.
    for (const target of targets) {
      const base = timeRun(baseline.args);
      const took = timeRun(target.args);
      if (round < 3) continue; // warm-up: file cache, sandbox JIT
      samples.get(baseline).push(base);
      samples.get(target).push({ took, base });
    }
  }
  return samples;
}

function timeRun(args, env = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env: { ...baseEnv, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const took = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return took;
}

function measureMemory() {
  const peaks = new Map();
  for (const target of [baseline, ...targets]) {
    const file = join(work, `rss-${peaks.size}`);
    writeFileSync(file, '');
    for (let round = 0; round < memoryRounds; round++) {
      spawnSync(process.execPath, ['--import', join(import.meta.dirname, 'max-rss.mjs'), ...target.args], {
        env: { ...baseEnv, IPCTL_BENCH_RSS_FILE: file },
        stdio: 'ignore',
      });
    }
    peaks.set(target, median(readFileSync(file, 'utf8').trim().split('\n').map(Number)));
  }
  return peaks;
}

function report(times, memory) {
  const baseMedian = median(times.get(baseline));
  const baseMemory = memory.get(baseline);
  console.log(`ipctl start-up on Node ${process.version}, ${rounds} alternating rounds (after 3 warm-up rounds), ${memoryRounds} memory rounds`);
  console.log(`baseline node -e 0: median ${baseMedian.toFixed(1)} ms, peak memory ${(baseMemory / 1024).toFixed(1)} MiB\n`);
  const rows = [['target', 'median', 'min', 'max', 'limit', 'memory', 'limit', 'verdict']];
  let allMet = true;
  for (const target of targets) {
    const pairs = times.get(target);
    const ratios = pairs.map(({ took, base }) => took / base);
    const ratio = median(pairs.map(({ took }) => took)) / baseMedian;
    const memoryRatio = memory.get(target) / baseMemory;
    const met = target.limit === null || (ratio <= target.limit && memoryRatio <= memoryLimit);
    allMet &&= met;
    rows.push([
      target.name,
      formatRatio(ratio),
      formatRatio(Math.min(...ratios)),
      formatRatio(Math.max(...ratios)),
      target.limit === null ? '—' : `≤${target.limit}×`,
      `${formatRatio(memoryRatio)} (${(memory.get(target) / 1024).toFixed(1)} MiB)`,
      target.limit === null ? '—' : `≤${memoryLimit}×`,
      target.limit === null ? '' : met ? 'met' : 'MISSED',
    ]);
  }
  printTable(rows);
  console.log(`\n${allMet ? 'Every start-up target met.' : 'Some start-up targets were missed.'}`);
  process.exitCode = allMet ? 0 : 1;
}


function check(target) {
  const result = spawnSync(process.execPath, target.args, { env: baseEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${target.name} failed (${result.status}): ${result.stderr}`);
}


