// A number flag's rule, as src/command-model/flag.ts declares rules: the text read
// by the one rule of schema/numbers.ts, each problem reported with its flag.
import { type NumberRule, readNumber } from './numbers.js';
import * as z from './zod.js';

/** A flag's rule (src/command-model/flag.ts) for a number: its text, read by readNumber. Wrap it in z.optional or z._default. */
export function numberValue(rule: NumberRule) {
  return z.pipe(
    z.string(),
    z.transform((text: string, context) => {
      const read = readNumber(text, rule);
      if ('value' in read) return read.value;
      context.issues.push({ code: 'custom', message: read.problem, input: text });
      return z.NEVER;
    }),
  );
}
