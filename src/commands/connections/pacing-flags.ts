import { defaultConcurrency } from '../../config/defaults.js';
import * as z from '../../schema/zod.js';
import { flag } from '../command.js';

/** `--concurrency` and `--rate` of the bulk runs (the import, and the removal of what it created); `when` opens their help, such as "with --from-file: ". */
export function pacingFlags(when: string) {
  return {
    concurrency: flag(
      '--concurrency <n>',
      `${when}requests in flight at once, 1 to 64 (default: ${defaultConcurrency})`,
      z.optional(
        z.pipe(
          z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number from 1 to 64')), z.transform(Number)),
          z.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(64, 'must be at most 64')),
        ),
      ),
    ),
    rate: flag(
      '--rate <n>',
      `${when}at most N requests a second, retries included (a positive number: 50, 0.5); default: no cap`,
      z.optional(
        z.pipe(
          z.pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a positive number of requests a second, such as 50 or 0.5')), z.transform(Number)),
          z.number().check(z.positive('must be more than 0 requests a second, such as 50 or 0.5'), z.maximum(100_000, 'must be at most 100000 requests a second')),
        ),
      ),
    ),
  };
}
