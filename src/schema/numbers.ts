/*
 * How every number ipctl reads from a person is written: flags (--timeout,
 * --retries, --concurrency, --rate, --port, --shard I/N) and environment
 * variables (IPCTL_TIMEOUT, IPCTL_RETRIES, …). One rule, so that they behave
 * alike (docs/decisions.md, "Numbers are written in plain decimal"):
 *
 *   plain ASCII decimal digits, and for a value that takes a fraction a point
 *   and at most `decimals` digits after it (seconds: 3, whole milliseconds).
 *   No sign, exponent, 0x/0o/0b prefix, underscore, space or other script's
 *   digits; leading zeros are decimal (010 is ten). Outside its range, refused.
 *
 * JavaScript's Number() takes all of those other forms (0x10, 1e3, " 5",
 * "Infinity"), which is why it is never called on a person's text directly.
 *
 * No zod here: the settings read from the environment load this without a schema library.
 */
export interface NumberRule {
  /** What the value is, as a message says it: "a whole number", "a number of seconds". */
  noun: string;
  min: number;
  max: number;
  /** Digits allowed after the point: 0 for a whole number, 3 for seconds (whole milliseconds). */
  decimals: number;
  /** Fitting values, for the message: "60 or 0.5". */
  example: string;
}

export const wholeNumber = (min: number, max: number, example: string): NumberRule => ({ noun: 'a whole number', min, max, decimals: 0, example });
export const seconds = (min: number, max: number, example: string): NumberRule => ({ noun: 'a number of seconds', min, max, decimals: 3, example });

/** The value `text` writes under `rule`, or what is wrong with it: a phrase that follows the name of the flag or variable. */
export function readNumber(text: string, rule: NumberRule): { value: number } | { problem: string } {
  const written = /^[0-9]+(?:\.([0-9]+))?$/.exec(text);
  const value = Number(text);
  if (written && (written[1]?.length ?? 0) <= rule.decimals && value >= rule.min && value <= rule.max) return { value };
  return { problem: `must be ${rule.noun} from ${rule.min} to ${rule.max} (${form(rule)}, such as ${rule.example}), not "${shorten(text)}"` };
}

function form(rule: NumberRule): string {
  return rule.decimals === 0 ? 'decimal digits' : `decimal digits, at most ${rule.decimals} after the point`;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
