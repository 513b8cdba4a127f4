// Property-based tests of KEY=VALUE parsing, used by --where, --set, --metadata
// and --custom: any text is either a clean assignment or a usage error naming
// the flag, never another kind of failure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { type Assignment, parseAssignment } from '../../src/input/assignments.js';
import { fuzzParameters, hostileText } from './arbitraries.js';

const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,30}$/);
const flags = fc.constantFrom('--where', '--set', '--metadata', '--custom');
const rules = fc.record({ json: fc.boolean(), files: fc.boolean() });

function outcome(text: string, flag: string, given: { json: boolean; files: boolean }): Assignment | UsageError {
  try {
    return parseAssignment(text, flag, given);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
}

describe('parseAssignment', () => {
  it('turns any text into an assignment or a usage error that names the flag', () => {
    const seen = { refused: 0, parsed: 0 };
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.tuple(hostileText, fc.constantFrom('=', ':=', ':'), hostileText).map((parts) => parts.join(''))), flags, rules, (text, flag, given) => {
        const result = outcome(text, flag, given);
        const refused = result instanceof UsageError;
        seen[refused ? 'refused' : 'parsed'] += 1;
        // A refusal is exit 2 and names the flag.
        expect(refused ? [result.exitCode, result.message.startsWith(flag)] : [2, true]).toEqual([2, true]);
        // An assignment has a key, a JSON value only where JSON is allowed, a file only where files are.
        const parsed = refused ? undefined : result;
        expect(parsed === undefined || /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(parsed.key)).toBe(true);
        expect(parsed?.kind !== 'json' || given.json === true).toBe(true);
        expect(parsed?.kind !== 'file' || given.files === true).toBe(true);
      }),
      fuzzParameters(2000),
    );
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.parsed).toBeGreaterThan(0);
  });

  it('keeps any text value exactly, whatever it holds', () => {
    fc.assert(
      fc.property(key, hostileText, flags, (name, value, flag) => {
        fc.pre(!value.startsWith('@') && value !== '-');
        expect(parseAssignment(`${name}=${value}`, flag, { json: true, files: true })).toEqual({ key: name, kind: 'text', value });
      }),
      fuzzParameters(1000),
    );
  });

  it('reads back any JSON value given with :=, and refuses := where JSON is not accepted', () => {
    fc.assert(
      fc.property(key, fc.jsonValue(), flags, (name, value, flag) => {
        const text = `${name}:=${JSON.stringify(value)}`;
        expect(parseAssignment(text, flag, { json: true })).toEqual({ key: name, kind: 'json', value: JSON.parse(JSON.stringify(value)) });
        expect(() => parseAssignment(text, flag, { json: false })).toThrow(UsageError);
      }),
      fuzzParameters(1000),
    );
  });

  it('reads @PATH and - as files only where files are accepted', () => {
    fc.assert(
      fc.property(key, fc.oneof(fc.constant('-'), hostileText.map((path) => `@${path}`)), (name, value) => {
        const withFiles = parseAssignment(`${name}=${value}`, '--custom', { files: true });
        expect(withFiles).toEqual({ key: name, kind: 'file', path: value === '-' ? '-' : value.slice(1) });
        expect(parseAssignment(`${name}=${value}`, '--custom', { files: false })).toEqual({ key: name, kind: 'text', value });
      }),
      fuzzParameters(500),
    );
  });

  it('refuses invalid JSON after := with a usage error, never a parser crash, and JSON nested deeper than 512 levels too (README)', () => {
    fc.assert(
      fc.property(key, hostileText, (name, text) => {
        let refused = false;
        try {
          refused = depthOf(JSON.parse(text)) > 512;
        } catch {
          refused = true;
        }
        const result = outcome(`${name}:=${text}`, '--custom', { json: true, files: false });
        expect(result instanceof UsageError).toBe(refused);
      }),
      fuzzParameters(1000),
    );
  });
});

/** How many arrays and objects nest in value, counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}
