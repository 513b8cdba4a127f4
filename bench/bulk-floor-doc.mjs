// Renders docs/performance.md's table of the bulk import against the durable floor from
// bench/results.json (section bulkFloor, written by npm run bench:bulk). Only the text between
// the markers below changes; the rest of the section (the profile's table, the notes) is prose.
// Usage: node bench/bulk-floor-doc.mjs
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsPath } from './results.mjs';

const docPath = join(import.meta.dirname, '..', 'docs', 'performance.md');
const start = '<!-- bulk-floor:start (node bench/bulk-floor-doc.mjs) -->';
const end = '<!-- bulk-floor:end -->';

const figures = JSON.parse(readFileSync(resultsPath, 'utf8')).bulkFloor;
if (!figures) throw new Error('bench/results.json has no bulkFloor section: run npm run bench:bulk first.');
const text = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
if (!text.includes(start) || !text.includes(end)) throw new Error(`${docPath} has no ${start} … ${end} block to fill.`);
const rendered = `${start}\n${render(figures)}\n${end}`;
writeFileSync(docPath, text.slice(0, text.indexOf(start)) + rendered + text.slice(text.indexOf(end) + end.length));
console.log(`Rendered ${docPath} from ${resultsPath} (bulkFloor).`);

function render(figures) {
  const header = ['Node', 'rows', 'rounds', 'floor, no durability', 'durable floor', 'ipctl', 'rate, ipctl / durable', 'CPU per row: floor, durable, ipctl', 'CPU, ipctl / durable', 'peak RSS: durable, ipctl', 'RSS above the durable floor'];
  const rows = figures.nodes.flatMap(({ node, sizes }) =>
    sizes.map(({ rows: count, rounds, floor, durableFloor: durable, ipctl }) => [
      node,
      count.toLocaleString('en-US'),
      String(rounds),
      rate(floor),
      rate(durable),
      rate(ipctl),
      `${(ipctl.rowsPerSecond / durable.rowsPerSecond).toFixed(2)}×`,
      `${micros(floor)}, ${micros(durable)}, ${micros(ipctl)}`,
      `${(ipctl.cpuMicrosPerRow / durable.cpuMicrosPerRow).toFixed(2)}×`,
      `${durable.rssMiB.toFixed(0)} MiB, ${ipctl.rssMiB.toFixed(0)} MiB`,
      `${(((ipctl.rssMiB - durable.rssMiB) * 1024 * 1024) / count).toFixed(0)} bytes a row`,
    ]),
  );
  const table = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  const load = figures.loadAverage ? `, one-minute load average ${figures.loadAverage.start} at the start and ${figures.loadAverage.end} at the end (the machine has 2 cores)` : '';
  const verdicts = figures.verdicts.length === 0 ? '- No target applies at the sizes measured (they are judged at 100,000 and 1,000,000 rows).' : figures.verdicts.map((verdict) => `- ${verdict.met ? 'met' : 'missed'}: Node ${verdict.node}, ${verdict.what}: ${verdict.shown} (target ${verdict.target})`).join('\n');
  return `Measured ${figures.date}${load}; results files in ${figures.folder}. Rows per second are the median of the rounds, with the lowest and highest in brackets.\n\n${table}\n\n${verdicts}`;
}

function rate(run) {
  const [low, high] = run.spread.rowsPerSecond;
  return `${run.rowsPerSecond.toFixed(0)} rows/s (${low.toFixed(0)}–${high.toFixed(0)})`;
}

function micros(run) {
  return `${run.cpuMicrosPerRow.toFixed(0)} µs`;
}
