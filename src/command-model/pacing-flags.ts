import { defaultConcurrency } from '../config/defaults.js';
import { numberValue } from '../schema/number-flags.js';
import { wholeNumber } from '../schema/numbers.js';
import * as z from '../schema/zod.js';
import { flag } from './command.js';

/** The range of --rate: at its least one request every 1000 s, a wait no timer overflows. */
const rateRule = { noun: 'a number of requests a second', min: 0.001, max: 100_000, decimals: 3, example: '50 or 0.5' };

/** `--concurrency` and `--rate` of the bulk runs (the import, and the removal of what it created); `when` opens their help, such as "with --from-file: ". */
export function pacingFlags(when: string) {
  return {
    concurrency: flag('--concurrency <n>', `${when}requests in flight at once, 1 to 64 (default: ${defaultConcurrency})`, z.optional(numberValue(wholeNumber(1, 64, '8')))),
    rate: flag(
      '--rate <n>',
      `${when}at most N requests a second, retries included (0.001 to 100000: 50, 0.5); default: no cap`,
      z.optional(numberValue(rateRule)),
    ),
  };
}
