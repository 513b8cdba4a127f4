// Bulk import at scale (npm run bench:bulk): ipctl's `connections generate --from-file`
// against the floor (bench/floor/bulk.mjs: undici alone sending the same rows with the same
// concurrency), side by side in one run, on this machine's Node and on Node 24 from the npm
// registry. For each size: rows per second (wall time, start to exit), CPU per row (the
// client process's user and system time) and peak RSS. Each run gets a fresh sandbox, and
// the floor and ipctl alternate, so both see the same machine. Writes its figures to
// bench/results.json (section bulkScale); scripts/figures.mjs renders docs/performance.md's table.
// Targets: at 100,000 rows, rate ≥0.8× and CPU per row ≤1.5× the floor's; peak RSS at the
// largest size ≤1.25× that at 1,000 rows.
// Usage: node bench/bulk-scale.mjs [--this-node] [--floor-section-only] [SIZE...]   (default: 1000 100000 1000000)
// --this-node: this machine's Node only, not Node 24 too (a quicker check).
// --floor-section-only: saves the bulkFloor section alone (a development run at other sizes
// leaves the README's bulkScale figures as they are).
//
// Beside them runs the durable floor (bench/floor/durable-bulk.mjs: the same POSTs, each row's
// "started" record written and fdatasynced, group-committed, before its request leaves), the
// fair comparison for ipctl's guarantee. Up to 100,000 rows each figure is the median of
// `rounds` rounds of the three in turn, with the spread (lowest–highest); larger sizes run once.
// Section bulkFloor: { date, folder, loadAverage: {start, end}, rounds, targets: { rateAt, rate,
// cpu, memoryAt, bytesPerRow }, nodes: [{ node, sizes: [{ rows, rounds, floor, durableFloor,
// ipctl }] }], verdicts }, where each of floor, durableFloor and ipctl is { rowsPerSecond,
// cpuMicrosPerRow, rssMiB, spread: { rowsPerSecond: [low, high], cpuMicrosPerRow, rssMiB } }.
// docs/performance.md's section "Bulk import against the durable floor" is rendered from it
// (npm run figures).
// The input and results files go in the system's temporary folder (TMPDIR): the results
// file's fdatasync calls wait on that disk, and the section records which folder it was.
//
// The section it writes, bench/results.json → bulkScale:
//   {
//     date: 'YYYY-MM-DD',                     // the day of the run
//     folder: '/tmp',                         // where the rows and results files were (TMPDIR)
//     targets: { rateAt: 100000, rate: 0.8, cpu: 1.5, memory: 1.25 },
//     nodes: [                                // this machine's Node, then Node 24 (unless it is 24)
//       { node: '20.20.2',                    // its version
//         sizes: [                            // one per SIZE, in the order given
//           { rows: 1000,
//             floor: { rowsPerSecond, cpuMicrosPerRow, rssMiB },   // bench/floor/bulk.mjs
//             ipctl: { rowsPerSecond, cpuMicrosPerRow, rssMiB },  // the same rows through ipctl
//             parts: {                                               // at rateAt rows only
//               checkingPass: { rowsPerSecond, cpuMicrosPerRow, rssMiB },    // --dry-run
//               resultsInMemory: { rowsPerSecond, cpuMicrosPerRow, rssMiB }, // --results in /dev/shm (if any)
//             } },
//         ] } ],
//     verdicts: [ { node, what, ratio, target, met } ],             // one per target and Node
//   }
// rowsPerSecond: rows over wall time, start to exit; cpuMicrosPerRow: the client process's
// user and system CPU time over rows, in µs; rssMiB: its peak resident set, in MiB.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipctl, registryNode, startSandbox, writeConfig } from './fixtures.mjs';
import { loadAverages, saveResults } from './results.mjs';
import { formatRatio, median, printTable } from './stats.mjs';

const thisNodeOnly = process.argv.includes('--this-node');
const floorSectionOnly = process.argv.includes('--floor-section-only');
const sizes = process.argv.slice(2).filter((arg) => !arg.startsWith('--')).map(Number);
if (sizes.length === 0) sizes.push(1_000, 100_000, 1_000_000);
const smallRounds = 3;
const floorTargets = { rateAt: 100_000, rate: 0.85, cpu: 1.35, memoryAt: 1_000_000, bytesPerRow: 40 };
const durableFloorScript = join(import.meta.dirname, 'floor', 'durable-bulk.mjs');
const targets = { rateAt: 100_000, rate: 0.8, cpu: 1.5, memory: 1.25 };
const work = mkdtempSync(join(tmpdir(), 'ipctl-bench-scale-'));
const floorScript = join(import.meta.dirname, 'floor', 'bulk.mjs');
const usagePreload = join(import.meta.dirname, 'usage.cjs');
/** A memory file system, for the run that shows what the results file's disk costs. */
const memoryFolder = '/dev/shm';
let scratchCount = 0;

const current = { name: `Node ${process.versions.node}`, path: process.execPath, major: Number(process.versions.node.split('.')[0]) };
const nodes = current.major === 24 || thisNodeOnly ? [current] : [current, registryNode(24)];

try {
  const results = [];
  for (const node of nodes) {
    const measured = [];
    for (const rows of sizes) measured.push(await measureSize(node, rows));
    results.push({ node: node.name.replace('Node ', ''), sizes: measured });
  }
  const verdicts = report(results);
  const floorVerdicts = reportDurable(results);
  const date = new Date().toISOString().slice(0, 10);
  if (!floorSectionOnly) saveResults('bulkScale', { date, folder: tmpdir(), targets, nodes: results.map(withoutDurable), verdicts });
  saveResults('bulkFloor', { date, folder: tmpdir(), loadAverage: loadAverages(), rounds: smallRounds, targets: floorTargets, nodes: results.map(durableFigures), verdicts: floorVerdicts });
  process.exitCode = [...verdicts, ...floorVerdicts].every((verdict) => verdict.met) ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The floor and ipctl at one size, alternating; the median round of several for small sizes. */
async function measureSize(node, rows) {
  const file = rowsFile(rows);
  const rounds = rows <= floorTargets.rateAt ? smallRounds : 1;
  const floor = [];
  const durable = [];
  const ours = [];
  for (let round = 0; round < rounds; round++) {
    floor.push(await measureRun(node, rows, (info) => [floorScript, file, scratch('floor-results'), info.baseUrl, info.project, info.apiKey, '8']));
    durable.push(await measureRun(node, rows, (info) => [durableFloorScript, file, scratch('durable-floor-results'), info.baseUrl, info.project, info.apiKey, '8']));
    ours.push(await measureRun(node, rows, () => [ipctl, 'connections', 'generate', '--from-file', file, '--results', scratch('ipctl-results'), '-o', 'json']));
  }
  const measured = { rows, rounds, floor: medianRun(floor), durableFloor: medianOf(durable), ipctl: medianRun(ours), ipctlMedian: medianOf(ours), floorMedian: medianOf(floor) };
  console.log(`${node.name}, ${rows.toLocaleString('en-US')} rows: floor ${describe(measured.floor)}; durable floor ${describe(measured.durableFloor)}; ipctl ${describe(measured.ipctl)}`);
  if (rows === targets.rateAt) measured.parts = await measureParts(node, rows, file);
  return measured;
}

/**
 * Where ipctl's CPU goes at the size the rate is held to, from runs that leave one part out
 * by ipctl's own means: --dry-run is the checking pass alone; a results file in memory
 * (/dev/shm, where there is one) costs its writes and syncs next to nothing.
 */
async function measureParts(node, rows, file) {
  const parts = { checkingPass: await measureRun(node, rows, () => [ipctl, 'connections', 'generate', '--from-file', file, '--dry-run', '-o', 'json']) };
  if (existsSync(memoryFolder)) {
    const results = join(memoryFolder, `ipctl-bench-results-${process.pid}-${rows}.jsonl`);
    try {
      parts.resultsInMemory = await measureRun(node, rows, () => [ipctl, 'connections', 'generate', '--from-file', file, '--results', results, '-o', 'json']);
    } finally {
      rmSync(results, { force: true });
    }
  }
  console.log(`${node.name}, ${rows.toLocaleString('en-US')} rows: the checking pass alone ${describe(parts.checkingPass)}${parts.resultsInMemory ? `; results in ${memoryFolder} ${describe(parts.resultsInMemory)}` : ''}`);
  return parts;
}

/** One import on a fresh sandbox: wall time from start to exit, and the client's CPU and peak RSS. */
async function measureRun(node, rows, argsFor) {
  const sandbox = await startSandbox();
  try {
    const configDir = scratch('config');
    writeConfig(configDir, sandbox);
    const usageFile = scratch('usage');
    writeFileSync(usageFile, '');
    const env = { PATH: process.env.PATH, HOME: work, IPCTL_CONFIG_DIR: configDir, IPCTL_CACHE_DIR: join(work, 'cache'), IPCTL_BENCH_USAGE_FILE: usageFile };
    const args = ['--require', usagePreload, ...argsFor(sandbox)];
    const started = process.hrtime.bigint();
    const result = spawnSync(node.path, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (result.status !== 0) throw new Error(`${node.name} ${args[2]} exited ${result.status}: ${result.stderr.slice(0, 2000)}`);
    const usage = JSON.parse(readFileSync(usageFile, 'utf8').trim().split('\n').at(-1));
    return { rowsPerSecond: rows / seconds, cpuMicrosPerRow: usage.cpu / rows, rssMiB: usage.maxRSS / 1024 };
  } finally {
    sandbox.process.kill('SIGTERM');
  }
}

/** A new path in the work folder. */
function scratch(name, extension = '') {
  scratchCount += 1;
  return join(work, `${name}-${scratchCount}${extension}`);
}

/** The run with the median rate, whole (its CPU and memory are of the same run). */
function medianRun(runs) {
  const rate = median(runs.map((run) => run.rowsPerSecond));
  return runs.find((run) => run.rowsPerSecond === rate) ?? runs[0];
}

/** Each figure's median over the rounds, and its spread (lowest, highest). */
function medianOf(runs) {
  const figure = (key) => median(runs.map((run) => run[key]));
  const spread = (key) => [Math.min(...runs.map((run) => run[key])), Math.max(...runs.map((run) => run[key]))];
  return {
    rowsPerSecond: figure('rowsPerSecond'),
    cpuMicrosPerRow: figure('cpuMicrosPerRow'),
    rssMiB: figure('rssMiB'),
    spread: { rowsPerSecond: spread('rowsPerSecond'), cpuMicrosPerRow: spread('cpuMicrosPerRow'), rssMiB: spread('rssMiB') },
  };
}

/** The bulkScale section keeps its shape (the README's table): the floor without durability and ipctl. */
function withoutDurable({ node, sizes: measured }) {
  return { node, sizes: measured.map(({ durableFloor, ipctlMedian, floorMedian, rounds, ...rest }) => rest) };
}

function durableFigures({ node, sizes: measured }) {
  return { node, sizes: measured.map(({ rows, rounds, floorMedian, durableFloor, ipctlMedian }) => ({ rows, rounds, floor: floorMedian, durableFloor, ipctl: ipctlMedian })) };
}

function spreadOf(run, key, digits = 0) {
  const [low, high] = run.spread[key];
  return `${low.toFixed(digits)}–${high.toFixed(digits)}`;
}

/** The durable floor beside ipctl, with spreads, and the verdicts of its targets. */
function reportDurable(results) {
  const table = [['Node', 'rows', 'rounds', 'durable rows/s', 'ipctl rows/s', 'rate', 'durable CPU/row', 'ipctl CPU/row', 'CPU', 'durable RSS', 'ipctl RSS', 'RSS above, bytes/row']];
  for (const { node, sizes: measured } of results) {
    for (const { rows, rounds, durableFloor: durable, ipctlMedian: ours } of measured) {
      table.push([node, rows.toLocaleString('en-US'), String(rounds), `${durable.rowsPerSecond.toFixed(0)} (${spreadOf(durable, 'rowsPerSecond')})`, `${ours.rowsPerSecond.toFixed(0)} (${spreadOf(ours, 'rowsPerSecond')})`, formatRatio(ours.rowsPerSecond / durable.rowsPerSecond), `${durable.cpuMicrosPerRow.toFixed(0)} µs (${spreadOf(durable, 'cpuMicrosPerRow')})`, `${ours.cpuMicrosPerRow.toFixed(0)} µs (${spreadOf(ours, 'cpuMicrosPerRow')})`, formatRatio(ours.cpuMicrosPerRow / durable.cpuMicrosPerRow), `${durable.rssMiB.toFixed(1)} MiB`, `${ours.rssMiB.toFixed(1)} MiB`, bytesAbove(ours, durable, rows).toFixed(0)]);
    }
  }
  console.log('');
  printTable(table);
  const verdicts = results.flatMap(({ node, sizes: measured }) => durableVerdictsOf(node, measured));
  console.log('');
  for (const verdict of verdicts) console.log(`${verdict.met ? 'met   ' : 'MISSED'}  Node ${verdict.node}: ${verdict.what}: ${verdict.shown} (target ${verdict.target})`);
  return verdicts;
}

function bytesAbove(ours, durable, rows) {
  return ((ours.rssMiB - durable.rssMiB) * 1024 * 1024) / rows;
}

function durableVerdictsOf(node, measured) {
  const verdicts = [];
  const atRate = measured.find((size) => size.rows === floorTargets.rateAt);
  if (atRate) {
    const rate = atRate.ipctlMedian.rowsPerSecond / atRate.durableFloor.rowsPerSecond;
    const cpu = atRate.ipctlMedian.cpuMicrosPerRow / atRate.durableFloor.cpuMicrosPerRow;
    verdicts.push({ node, what: `rate at ${floorTargets.rateAt.toLocaleString('en-US')} rows, ipctl / durable floor`, ratio: rate, shown: formatRatio(rate), target: `≥${floorTargets.rate}×`, met: rate >= floorTargets.rate });
    verdicts.push({ node, what: `CPU per row at ${floorTargets.rateAt.toLocaleString('en-US')} rows, ipctl / durable floor`, ratio: cpu, shown: formatRatio(cpu), target: `≤${floorTargets.cpu}×`, met: cpu <= floorTargets.cpu });
  }
  const atMemory = measured.find((size) => size.rows === floorTargets.memoryAt);
  if (atMemory) {
    const above = bytesAbove(atMemory.ipctlMedian, atMemory.durableFloor, atMemory.rows);
    verdicts.push({ node, what: `peak RSS at ${floorTargets.memoryAt.toLocaleString('en-US')} rows above the durable floor's, per row`, ratio: above, shown: `${above.toFixed(0)} bytes`, target: `≤${floorTargets.bytesPerRow} bytes`, met: above <= floorTargets.bytesPerRow });
  }
  return verdicts;
}

function describe(run) {
  return `${run.rowsPerSecond.toFixed(0)} rows/s, ${run.cpuMicrosPerRow.toFixed(0)} µs CPU a row, ${run.rssMiB.toFixed(1)} MiB`;
}

/** Rows for pipedrive (API key, workspace), each with its own key: the kind a migration imports by the thousand. */
function rowsFile(count) {
  const path = scratch(`rows-${count}`, '.jsonl');
  const chunk = [];
  writeFileSync(path, '');
  for (let index = 1; index <= count; index++) {
    chunk.push(JSON.stringify({ provider: 'pipedrive', groupRef: `customer-${index}`, groupName: `Customer ${index}`, consumerRef: `user-${index}`, providerWorkspaceRef: `acme${index}`, apiKey: `pk_bench_${index.toString(16).padStart(8, '0')}_${'x'.repeat(24)}` }));
    if (chunk.length === 10_000 || index === count) {
      appendFileSync(path, `${chunk.join('\n')}\n`);
      chunk.length = 0;
    }
  }
  return path;
}

/** The table, and each target's verdict (on every Node measured). */
function report(results) {
  const table = [['Node', 'rows', 'floor rows/s', 'ipctl rows/s', 'rate', 'floor CPU/row', 'ipctl CPU/row', 'CPU', 'floor RSS', 'ipctl RSS']];
  for (const { node, sizes: measured } of results) {
    for (const { rows, floor, ipctl: ours } of measured) {
      table.push([node, rows.toLocaleString('en-US'), floor.rowsPerSecond.toFixed(0), ours.rowsPerSecond.toFixed(0), formatRatio(ours.rowsPerSecond / floor.rowsPerSecond), `${floor.cpuMicrosPerRow.toFixed(0)} µs`, `${ours.cpuMicrosPerRow.toFixed(0)} µs`, formatRatio(ours.cpuMicrosPerRow / floor.cpuMicrosPerRow), `${floor.rssMiB.toFixed(1)} MiB`, `${ours.rssMiB.toFixed(1)} MiB`]);
    }
  }
  console.log('');
  printTable(table);
  const verdicts = results.flatMap(({ node, sizes: measured }) => verdictsOf(node, measured));
  console.log('');
  for (const verdict of verdicts) console.log(`${verdict.met ? 'met   ' : 'MISSED'}  Node ${verdict.node}: ${verdict.what}: ${formatRatio(verdict.ratio)} (target ${verdict.target})`);
  return verdicts;
}

function verdictsOf(node, measured) {
  const verdicts = [];
  const atRate = measured.find((size) => size.rows === targets.rateAt);
  if (atRate) {
    const rate = atRate.ipctl.rowsPerSecond / atRate.floor.rowsPerSecond;
    const cpu = atRate.ipctl.cpuMicrosPerRow / atRate.floor.cpuMicrosPerRow;
    verdicts.push({ node, what: `rate at ${targets.rateAt.toLocaleString('en-US')} rows, ipctl / floor`, ratio: rate, target: `≥${targets.rate}×`, met: rate >= targets.rate });
    verdicts.push({ node, what: `CPU per row at ${targets.rateAt.toLocaleString('en-US')} rows, ipctl / floor`, ratio: cpu, target: `≤${targets.cpu}×`, met: cpu <= targets.cpu });
  }
  const smallest = measured[0];
  const largest = measured.at(-1);
  if (largest.rows > smallest.rows) {
    const growth = largest.ipctl.rssMiB / smallest.ipctl.rssMiB;
    verdicts.push({ node, what: `peak RSS, ${largest.rows.toLocaleString('en-US')} / ${smallest.rows.toLocaleString('en-US')} rows`, ratio: growth, target: `≤${targets.memory}×`, met: growth <= targets.memory });
  }
  return verdicts;
}
