// The -f and -F fields of `ipctl api`, as gh's `gh api` takes them: `key=value`,
// nested keys `a[b][c]=v`, arrays `a[]=v`, arrays of objects `a[][b]=v`.
// Pure: reading the files that -F names is the command's to do.
import { isCredentialHeader } from '../destinations/fields.js';

/** A step into the body: a key, or `[]` (a new element at the end of an array). */
export type KeyStep = string | typeof append;
export const append = Symbol('[]');

export type Scalar = string | number | boolean | null;

/** Where a field's value comes from: the command line, a file, or stdin (`-`). */
export type FieldSource = { kind: 'literal'; value: Scalar } | { kind: 'file'; path: string };

export interface Field {
  /** `-f` or `-F`, for messages. */
  flag: string;
  /** The key as typed. */
  key: string;
  steps: KeyStep[];
  source: FieldSource;
}

const keyPattern = /^([^[\]=]+)((?:\[[^[\]=]*\])*)$/;
const numberPattern = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** One -f (a string value) or -F (a typed value); a problem, naming the flag, when it cannot be read. */
export function parseField(text: string, flag: '-f' | '-F'): Field | { problem: string } {
  const equals = text.indexOf('=');
  if (equals < 0) return { problem: `${flag} "${text}": expected key=value, such as ${flag} name=demo or ${flag} 'destination[name]=demo'` };
  const key = text.slice(0, equals);
  const steps = parseKey(key);
  if (!steps) return { problem: `${flag} "${key}": not a key; write name, a[b][c] for a nested key, or a[] to add to an array` };
  const value = text.slice(equals + 1);
  return { flag, key, steps, source: flag === '-f' ? { kind: 'literal', value } : typedSource(value) };
}

/** `a[b][]` → ['a', 'b', append]; undefined when it is not a key. */
export function parseKey(key: string): KeyStep[] | undefined {
  const match = keyPattern.exec(key);
  if (!match) return undefined;
  const steps: KeyStep[] = [match[1]!];
  for (const [, inner] of match[2]!.matchAll(/\[([^\]]*)\]/g)) steps.push(inner === '' ? append : inner!);
  if (steps.some((step, index) => step === append && steps[index + 1] === append)) return undefined;
  return steps;
}

/** -F's value: true, false, null and exact numbers typed; `@PATH` a file and `@-` stdin; anything else a string. */
export function typedSource(value: string): FieldSource {
  if (value === 'true' || value === 'false') return { kind: 'literal', value: value === 'true' };
  if (value === 'null') return { kind: 'literal', value: null };
  if (isExactNumber(value)) return { kind: 'literal', value: Number(value) };
  if (value.startsWith('@')) return { kind: 'file', path: value.slice(1) === '-' ? '-' : value.slice(1) };
  return { kind: 'literal', value };
}

/**
 * A plain decimal that a JSON number holds exactly: an integer within the safe
 * range, or a fraction that reads back as written. 12345678901234567890, 1.50
 * and 1e400 would change on the way, so they stay strings.
 */
function isExactNumber(value: string): boolean {
  if (!numberPattern.test(value)) return false;
  const number = Number(value);
  if (!value.includes('.') && !Number.isSafeInteger(number)) return false;
  return String(number) === value;
}

const secretWord = /(?:^|-)(?:api-?key|apikey|token|tokens|bearer|jwt|password|passwd|passphrase|pwd|secret|secrets|credential|credentials|private-key|access-key|secret-key)$/;

/**
 * Whether a field holds a secret: one of its keys names one (apiKey,
 * refreshToken, clientSecret, password, secrets...), or it is a credential
 * header under `headers` (a destination's Authorization header).
 */
export function isSecretField(steps: readonly KeyStep[]): boolean {
  const keys = steps.filter((step): step is string => typeof step === 'string');
  return keys.some((key, index) => secretWord.test(words(key)) || (index > 0 && keys[index - 1] === 'headers' && isCredentialHeader(key)));
}

function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/_/g, '-').toLowerCase();
}

export type BodyValue = Scalar | object;

/**
 * The JSON body the fields build, in the order given; a problem for each
 * field that collides with another (`a=1` then `a[b]=2`). Values may be
 * objects of their own (a Secret), which are placed as they are.
 */
export function buildBody(fields: ReadonlyArray<{ field: Field; value: BodyValue }>): { body: Record<string, unknown>; problems: string[] } {
  const body: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const { field, value } of fields) {
    const problem = place(body, field.steps, value);
    if (problem) problems.push(`${field.flag} ${field.key}: ${problem}`);
  }
  return { body, problems };
}

function place(root: Record<string, unknown>, steps: readonly KeyStep[], value: BodyValue): string | undefined {
  let target = root;
  for (let index = 0; index < steps.length; index++) {
    const key = steps[index] as string;
    const next = steps[index + 1];
    if (next === undefined) {
      if (Object.hasOwn(target, key)) return `${describePath(steps, index)} is given twice`;
      define(target, key, value);
      return undefined;
    }
    if (next !== append) {
      const child = Object.hasOwn(target, key) ? target[key] : define(target, key, {});
      if (!isPlainRecord(child)) return `${describePath(steps, index)} already holds a value that is not an object`;
      target = child;
      continue;
    }
    const list = Object.hasOwn(target, key) ? target[key] : define(target, key, []);
    if (!Array.isArray(list)) return `${describePath(steps, index)} already holds a value that is not an array`;
    const after = steps[index + 2];
    if (after === undefined) {
      list.push(value);
      return undefined;
    }
    // An array of objects, as gh builds it: a key the last object already has starts a new object.
    const last: unknown = list.at(-1);
    const reuse = isPlainRecord(last) && !(index + 3 === steps.length && Object.hasOwn(last, after as string));
    target = reuse ? (last as Record<string, unknown>) : (list[list.push({}) - 1] as Record<string, unknown>);
    index += 1;
  }
  return undefined;
}

/** Sets a key as data: `__proto__` and friends are keys like any other, never the object's prototype. */
function define<T>(target: Record<string, unknown>, key: string, value: T): T {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function describePath(steps: readonly KeyStep[], upTo: number): string {
  return steps
    .slice(0, upTo + 1)
    .map((step, index) => (step === append ? '[]' : index === 0 ? step : `[${step}]`))
    .join('');
}

/** For a GET: each field a query parameter, its key as typed. */
export function queryParameters(fields: ReadonlyArray<{ field: Field; value: Scalar }>): Array<[string, string]> {
  return fields.map(({ field, value }) => [field.key, value === null ? '' : String(value)]);
}
