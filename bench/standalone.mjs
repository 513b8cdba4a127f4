// The standalone executable against the npm install, side by side: its size, and the start-up of
// `--version` and `providers get salesforce -o json`, each run by the executable (Node 24 inside)
// and by the npm install on Node 24 from the npm registry, as ratios to `node -e 0` of that Node,
// measured in the same rounds. For information: no target. Needs `npm run package` first.
// Writes its figures to bench/results.json (section standalone); scripts/figures.mjs renders them.
// Usage: node bench/standalone.mjs [rounds]   (npm run bench)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipctl, registryNode, startSandbox, writeConfig } from './fixtures.mjs';
import { loadAverages, roundTo, saveResults } from './results.mjs';
import { formatRatio, median, printTable } from './stats.mjs';

const rounds = Number(process.argv[2] ?? 30);
const warmUp = 3;
const memoryRounds = 8;
/** Runs its arguments as a command and prints its exit status and peak RSS (getrusage of its children). */
const peakScript = 'import resource, subprocess, sys\nstatus = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\nprint(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)';
const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const executable = join(root, 'release', `ipctl-${version}-${process.platform}-${process.arch}`);

if (!existsSync(executable)) {
  console.log(`standalone executable: ${executable} is not built; npm run package builds it.`);
  process.exit(0);
}

const node = registryNode(24);
const work = mkdtempSync(join(tmpdir(), 'ipctl-bench-standalone-'));
const sandbox = await startSandbox();
const configDir = join(work, 'config');
writeConfig(configDir, sandbox);

const baseline = { name: 'node -e 0', command: [node.path, '-e', '0'] };
const commands = [
  { id: 'version', args: ['--version'] },
  { id: 'providersGet', args: ['providers', 'get', 'salesforce', '-o', 'json'] },
];
/** Each command twice: by the npm install (bin/ipctl.cjs on Node 24), and by the executable. */
const pairs = commands.map(({ id, args }) => ({ id, name: `ipctl ${args.join(' ')}`, npm: { command: [node.path, ipctl, ...args] }, executable: { command: [executable, ...args] } }));
const rows = [baseline, ...pairs.flatMap((pair) => [pair.npm, pair.executable])];
const env = { PATH: process.env.PATH, HOME: work, IPCTL_CONFIG_DIR: configDir, IPCTL_CACHE_DIR: join(work, 'cache') };

try {
  leavePageCache(executable);
  for (const row of rows) run(row.command, env);
  const times = measureTimes();
  const memory = measureMemory();
  report(times, memory);
  saveResults('standalone', figures(times, memory));
} finally {
  sandbox.process.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

/**
 * A freshly built executable is in the page cache as the pages that were written, and a run of
 * it then counts 15-20 MiB more memory than it will for a user. Written to disk and dropped from
 * the cache (GNU coreutils: sync FILE, dd iflag=nocache), it is read back as a user's would be.
 */
function leavePageCache(file) {
  const synced = spawnSync('sync', [file]);
  const dropped = spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0'], { stdio: 'ignore' });
  if (synced.status !== 0 || dropped.status !== 0) console.log('(could not drop the executable from the page cache: its memory may read 15-20 MiB high)');
}

function run(command, runEnv) {
  const result = spawnSync(command[0], command.slice(1), { env: runEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command.join(' ')} exited ${result.status}: ${result.stderr}`);
}

/** Every row once a round, in the same order, so that a row and its baseline see the same machine load. */
function measureTimes() {
  const samples = new Map(rows.map((row) => [row, []]));
  for (let round = 0; round < rounds + warmUp; round++) {
    for (const row of rows) {
      const started = process.hrtime.bigint();
      run(row.command, env);
      if (round >= warmUp) samples.get(row).push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return new Map([...samples].map(([row, values]) => [row, median(values)]));
}

/**
 * Peak memory as the parent sees it (python3's getrusage of its children): the executable ignores
 * NODE_OPTIONS, so no preload can record it from inside. Every row is measured this way alike.
 */
function measureMemory() {
  const peaks = new Map();
  for (const row of rows) {
    const runs = [];
    for (let round = 0; round < memoryRounds; round++) runs.push(peakKiB(row.command));
    peaks.set(row, median(runs) / 1024);
  }
  return peaks;
}

/** The peak RSS of one run of `command`, in KiB (macOS reports bytes). */
function peakKiB(command) {
  const result = spawnSync('python3', ['-c', peakScript, ...command], { env, encoding: 'utf8' });
  const [status, peak] = (result.stdout ?? '').trim().split(' ').map(Number);
  if (result.status !== 0 || status !== 0) throw new Error(`${command.join(' ')}: its peak memory could not be measured through python3: ${result.error?.message ?? result.stderr}`);
  return process.platform === 'darwin' ? peak / 1024 : peak;
}

function report(times, memory) {
  const size = (file) => `${(statSync(file).size / 2 ** 20).toFixed(1)} MiB`;
  console.log(`Standalone executable against the npm install, ${rounds} rounds after ${warmUp} warm-up rounds, peak memory the median of ${memoryRounds} runs`);
  console.log(`${executable}: ${size(executable)} (the ${node.name} binary alone: ${size(node.path)})`);
  console.log(`${node.name}: node -e 0 ${times.get(baseline).toFixed(1)} ms, ${memory.get(baseline).toFixed(1)} MiB\n`);
  const cell = (row) => `${formatRatio(times.get(row) / times.get(baseline))} (${times.get(row).toFixed(1)} ms, ${memory.get(row).toFixed(1)} MiB)`;
  const table = [['target (ratio to node -e 0)', `npm install, ${node.name}`, 'standalone executable', 'executable / npm']];
  for (const pair of pairs) table.push([pair.name, cell(pair.npm), cell(pair.executable), formatRatio(times.get(pair.executable) / times.get(pair.npm))]);
  printTable(table);
}

/** The raw figures: what the README is rendered from. */
function figures(times, memory) {
  const measured = (row) => ({ ms: roundTo(times.get(row), 3), mib: roundTo(memory.get(row), 3), timeRatio: roundTo(times.get(row) / times.get(baseline), 4) });
  return {
    date: new Date().toISOString().slice(0, 10),
    loadAverage: loadAverages(),
    rounds,
    warmUp,
    memoryRounds,
    node: node.name.replace('Node ', ''),
    platform: `${process.platform}-${process.arch}`,
    executableMiB: roundTo(statSync(executable).size / 2 ** 20, 3),
    nodeBinaryMiB: roundTo(statSync(node.path).size / 2 ** 20, 3),
    baseline: { ms: roundTo(times.get(baseline), 3), mib: roundTo(memory.get(baseline), 3) },
    commands: pairs.map((pair) => ({
      id: pair.id,
      name: pair.name,
      npm: measured(pair.npm),
      executable: measured(pair.executable),
      executableToNpm: roundTo(times.get(pair.executable) / times.get(pair.npm), 4),
    })),
  };
}
