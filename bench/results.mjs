// bench/results.json: the figures of the last run of each benchmark, by section, committed
// with the code they measured. scripts/figures.mjs renders the README's tables from it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const resultsPath = join(import.meta.dirname, 'results.json');

/** Replaces one section of the results file, keeping the others. */
export function saveResults(section, figures) {
  const all = existsSync(resultsPath) ? JSON.parse(readFileSync(resultsPath, 'utf8')) : {};
  all[section] = figures;
  writeFileSync(resultsPath, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\nSaved to ${resultsPath} (${section}); npm run figures renders the README from it.`);
}
