// bench/results.json: the figures of the last run of each benchmark, by section, committed
// with the code they measured. scripts/figures.mjs renders docs/performance.md's tables from it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

/** The machine's one-minute load average when the benchmark started (this module loaded). */
const loadAtStart = loadavg()[0];

export const resultsPath = join(import.meta.dirname, 'results.json');

/** Replaces one section of the results file, keeping the others. */
export function saveResults(section, figures) {
  const all = existsSync(resultsPath) ? JSON.parse(readFileSync(resultsPath, 'utf8')) : {};
  all[section] = figures;
  writeFileSync(resultsPath, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\nSaved to ${resultsPath} (${section}); npm run figures renders docs/performance.md from it.`);
}

/** `value` rounded to `digits` decimals: enough to render from, without float noise in the file. */
export function roundTo(value, digits) {
  return Number(value.toFixed(digits));
}

/** The one-minute load average at the start of the run and now: how busy the machine was. */
export function loadAverages() {
  return { start: roundTo(loadAtStart, 2), end: roundTo(loadavg()[0], 2) };
}
