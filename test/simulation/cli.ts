// `npm run simulate -- --scenarios N --seed S`: N scenarios from seed S (a
// random seed unless given), then one line: "N scenarios, K invariant violations".
// A violation prints its seed and the shrunk scenario first.
import { simulate } from './simulate.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(process.argv[at + 1]);
  if (value !== undefined && !Number.isInteger(value)) throw new Error(`--${name} takes a whole number`);
  return value ?? fallback;
}

const count = option('scenarios', 100);
const seed = option('seed', Math.floor(Math.random() * 2 ** 31));
const started = performance.now();
const result = await simulate(count, seed);
const seconds = (performance.now() - started) / 1000;
if (result.report) console.log(result.report);
console.error(`seed ${seed}: ${(result.scenarios / seconds).toFixed(1)} scenarios a second`);
const { multiRecord, tornMultiRecord, tornAfterWholeRecord } = result.writes;
console.error(`results files: ${multiRecord} writes of several records, ${tornMultiRecord} of them torn by a crash (${tornAfterWholeRecord} after a whole record)`);
console.log(`${result.scenarios} scenarios, ${result.violations} invariant violations`);
process.exitCode = result.violations > 0 ? 1 : 0;
