// The standalone executable against the npm install, side by side: its size, and the start-up of
// `--version` and `providers get salesforce -o json`, each run by the executable (Node 24 inside)
// and by the npm install on Node 24 from the npm registry, as ratios to `node -e 0` of that Node,
// measured in the same rounds. For information: no target. Needs `npm run package` first.
// Usage: node bench/standalone.mjs [rounds]   (npm run bench)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipctl, registryNode, startSandbox, writeConfig } from './fixtures.mjs';
import { formatRatio, median, printTable } from './stats.mjs';

const rounds = Number(process.argv[2] ?? 30);
const warmUp = 3;
const memoryRounds = 8;
const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const executable = join(root, 'release', `ipctl-${version}-${process.platform}-${process.arch}`);
const maxRss = join(import.meta.dirname, 'max-rss.cjs');

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
  ['--version'],
  ['providers', 'get', 'salesforce', '-o', 'json'],
];
/** Each command twice: by the npm install (bin/ipctl.cjs on Node 24), and by the executable. */
const pairs = commands.map((args) => ({ name: `ipctl ${args.join(' ')}`, npm: { command: [node.path, ipctl, ...args] }, executable: { command: [executable, ...args] } }));
const rows = [baseline, ...pairs.flatMap((pair) => [pair.npm, pair.executable])];
const env = { PATH: process.env.PATH, HOME: work, IPCTL_CONFIG_DIR: configDir, IPCTL_CACHE_DIR: join(work, 'cache') };

try {
  leavePageCache(executable);
  for (const row of rows) run(row.command, env);
  const times = measureTimes();
  const memory = measureMemory();
  report(times, memory);
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

/** Peak memory through NODE_OPTIONS, which the executable's Node reads as any Node does. */
function measureMemory() {
  const peaks = new Map();
  for (const [index, row] of rows.entries()) {
    const file = join(work, `rss-${index}`);
    writeFileSync(file, '');
    for (let round = 0; round < memoryRounds; round++) run(row.command, { ...env, NODE_OPTIONS: `--require ${maxRss}`, IPCTL_BENCH_RSS_FILE: file });
    peaks.set(row, median(readFileSync(file, 'utf8').trim().split('\n').map(Number)) / 1024);
  }
  return peaks;
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
