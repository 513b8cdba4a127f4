// Bulk import benchmark, against a local sandbox, every figure measured in this run:
//  1. rate: `connections generate --from-file` with 10,000 rows at the default
//     concurrency, against a shell loop that runs `ipctl connections generate`
//     once per row (on a sample of rows, half before and half after the import,
//     so both see the same machine), as rows per second: at least 100×;
//  2. memory: peak RSS of an import of 100,000 rows against one of 1,000 rows:
//     at most 1.5×.
// Writes its figures to bench/results.json (section bulk); scripts/figures.mjs renders them.
// Usage: node bench/bulk.mjs [loopRows] [bulkRows] [bigRows]   (npm run bench)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipctl, startSandbox, writeConfig } from './fixtures.mjs';
import { loadAverages, roundTo, saveResults } from './results.mjs';
import { formatRatio, median, printTable } from './stats.mjs';

const loopRows = Number(process.argv[2] ?? 16);
const bulkRows = Number(process.argv[3] ?? 10_000);
const bigRows = Number(process.argv[4] ?? 100_000);
const smallRows = 1_000;
const smallRounds = 3;
const rateLimit = 100;
const memoryLimit = 1.5;
const work = mkdtempSync(join(tmpdir(), 'ipctl-bench-bulk-'));

const sandbox = await startSandbox();
const configDir = join(work, 'config');
writeConfig(configDir, sandbox);
const env = { PATH: process.env.PATH, HOME: work, IPCTL_CONFIG_DIR: configDir };
let batch = 0;

try {
  const loopBefore = timeLoop(Math.ceil(loopRows / 2));
  const bulk = timeImport(bulkRows);
  const loopAfter = timeLoop(Math.floor(loopRows / 2));
  const smallPeaks = [];
  for (let round = 0; round < smallRounds; round++) smallPeaks.push(peakOfImport(smallRows).peak);
  const big = peakOfImport(bigRows);
  const measured = { loop: [...loopBefore, ...loopAfter], bulk, smallPeak: median(smallPeaks), smallPeaks, bigPeak: big.peak, bigSeconds: big.seconds };
  report(measured);
  saveResults('bulk', figures(measured));
} finally {
  sandbox.process.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

/** Rows for pipedrive (API key, workspace): the kind of row a migration imports by the thousand. */
function rowsFile(count) {
  batch += 1;
  const path = join(work, `rows-${batch}.jsonl`);
  const lines = [];
  for (let index = 1; index <= count; index++) {
    lines.push(JSON.stringify({ provider: 'pipedrive', groupRef: `b${batch}-customer-${index}`, groupName: `Customer ${index}`, consumerRef: `b${batch}-user-${index}`, providerWorkspaceRef: `acme${index}`, apiKey: `pk_bench_${batch}_${index}_${'x'.repeat(24)}` }));
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** The shell loop a migration script would be: one ipctl process per row, each body on stdin. Seconds per row. */
function timeLoop(count) {
  const rows = rowsFile(count);
  const script = join(work, 'loop.sh');
  writeFileSync(script, 'while IFS= read -r line; do printf "%s\\n" "$line" | node "$IPCTL" connections generate --project demo --input-json - > /dev/null || exit 1; done < "$1"\n');
  const started = process.hrtime.bigint();
  const result = spawnSync('sh', [script, rows], { env: { ...env, IPCTL: ipctl }, stdio: ['ignore', 'ignore', 'pipe'] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`the shell loop failed (${result.status}): ${result.stderr}`);
  return Array.from({ length: count }, () => seconds / count);
}

/** One import, timed from start to exit (start-up and the checking pass included). */
function timeImport(count) {
  const rows = rowsFile(count);
  const started = process.hrtime.bigint();
  const summary = runImport(rows, []);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { rows: count, seconds, summary };
}

/** Peak RSS of one import, in KiB (bench/max-rss.cjs records it at exit), and its time from start to exit in seconds. */
function peakOfImport(count) {
  const rows = rowsFile(count);
  const file = join(work, `rss-${batch}`);
  writeFileSync(file, '');
  const started = process.hrtime.bigint();
  runImport(rows, ['--require', join(import.meta.dirname, 'max-rss.cjs')], { IPCTL_BENCH_RSS_FILE: file });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { peak: Number(readFileSync(file, 'utf8').trim()), seconds };
}

function runImport(rows, nodeOptions, extraEnv = {}) {
  clearRequestLog();
  const args = [...nodeOptions, ipctl, 'connections', 'generate', '--project', 'demo', '--from-file', rows, '-o', 'json'];
  const result = spawnSync(process.execPath, args, { env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`the import of ${rows} failed (${result.status}): ${result.stderr}`);
  const summary = JSON.parse(result.stdout);
  if (summary.created !== summary.rows) throw new Error(`the import of ${rows} created ${summary.created} of ${summary.rows} rows`);
  return summary;
}

/** The sandbox logs every request; emptied before each import so it does not grow through the run. */
function clearRequestLog() {
  spawnSync(process.execPath, ['-e', `fetch(${JSON.stringify(new URL('/_sandbox/requests', sandbox.baseUrl).href)}, { method: 'DELETE' })`]);
}

function report({ loop, bulk, smallPeak, smallPeaks, bigPeak }) {
  const loopPerRow = median(loop);
  const loopRate = 1 / loopPerRow;
  const bulkRate = bulk.rows / bulk.seconds;
  const rateRatio = bulkRate / loopRate;
  const memoryRatio = bigPeak / smallPeak;
  const rateMet = rateRatio >= rateLimit;
  const memoryMet = memoryRatio <= memoryLimit;
  const mib = (kib) => `${(kib / 1024).toFixed(1)} MiB`;
  console.log(`\nipctl bulk import on Node ${process.version}, against a local sandbox (${bulk.summary.rowsPerSecond} rows/s in the sending pass)`);
  console.log(`shell loop: ${loop.length} rows, one ipctl process each, median ${(loopPerRow * 1000).toFixed(0)} ms per row (${loopRate.toFixed(2)} rows/s)`);
  console.log(`--from-file: ${bulk.rows.toLocaleString('en-US')} rows in ${bulk.seconds.toFixed(2)} s, start-up and checking pass included (${bulkRate.toFixed(0)} rows/s)`);
  console.log(`peak memory: ${smallRows.toLocaleString('en-US')} rows ${mib(smallPeak)} (median of ${smallPeaks.map(mib).join(', ')}); ${bigRows.toLocaleString('en-US')} rows ${mib(bigPeak)}\n`);
  printTable([
    ['measure', 'ratio', 'limit', 'verdict'],
    [`rate, --from-file vs shell loop`, formatRatio(rateRatio), `≥${rateLimit}×`, rateMet ? 'met' : 'MISSED'],
    [`peak memory, ${bigRows.toLocaleString('en-US')} vs ${smallRows.toLocaleString('en-US')} rows`, formatRatio(memoryRatio), `≤${memoryLimit}×`, memoryMet ? 'met' : 'MISSED'],
  ]);
  console.log(`\n${rateMet && memoryMet ? 'Every bulk import target met.' : 'Some bulk import targets were missed.'}`);
  process.exitCode = rateMet && memoryMet ? 0 : 1;
}

/** The raw figures, the targets beside them: what the README is rendered from. */
function figures({ loop, bulk, smallPeak, smallPeaks, bigPeak, bigSeconds }) {
  const mib = (kib) => roundTo(kib / 1024, 3);
  const loopRate = 1 / median(loop);
  const bulkRate = bulk.rows / bulk.seconds;
  return {
    date: new Date().toISOString().slice(0, 10),
    loadAverage: loadAverages(),
    node: process.versions.node,
    targets: { rate: rateLimit, memory: memoryLimit },
    loop: { rows: loop.length, msPerRow: roundTo(median(loop) * 1000, 3), rowsPerSecond: roundTo(loopRate, 4) },
    import: { rows: bulk.rows, seconds: roundTo(bulk.seconds, 3), rowsPerSecond: roundTo(bulkRate, 3) },
    rateRatio: roundTo(bulkRate / loopRate, 4),
    memory: { smallRows, smallRounds, smallMiB: mib(smallPeak), smallRunsMiB: smallPeaks.map(mib), bigRows, bigMiB: mib(bigPeak), bigSeconds: roundTo(bigSeconds, 3), ratio: roundTo(bigPeak / smallPeak, 4) },
  };
}
