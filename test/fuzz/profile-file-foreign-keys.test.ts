// The profile file is rewritten by every profile change; README ("Safe profile
// writes", "The profile file": other keys are kept) says what ipctl does not own
// stays. A property over generated keys ipctl does not own, at the top and in each
// profile, `__proto__`, `constructor` and `prototype` among them: `profile add`
// and `profile use` keep each, with its value. In-process.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { fuzzParameters } from './arbitraries.js';

const config = tempDir('ipctl-fuzz-foreign-');
const file = join(config.path, 'config.json');
afterAll(() => config.remove());
const env = { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: 'http://127.0.0.1:1/v1', IPCTL_RETRIES: '0' };

/** Keys ipctl does not own, the ones that trip plain objects first. */
const foreignKey = (owned: string[]) =>
  fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'x-owner', ''), fc.string({ maxLength: 10 })).filter((key) => !owned.includes(key));
const topOwned = ['current', 'profiles'];
const profileOwned = ['baseUrl', 'searchUrl', 'org', 'project', 'apiKey', 'token', 'credentialStore'];

/** JSON text of an object with the given own keys (`__proto__` as an own key, as JSON.parse makes it). */
function objectText(entries: Array<[string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${typeof value === 'string' && value.startsWith('{') ? value : JSON.stringify(value)}`).join(',')}}`;
}

/** Each own key of a parsed object and its value, as JSON text, sorted: compares what JSON.parse gives without its prototype tricks. */
function ownEntries(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value).map((key) => `${JSON.stringify(key)}=${JSON.stringify((value as Record<string, unknown>)[key])}`).sort();
}

const foreign = (owned: string[]) => fc.uniqueArray(fc.tuple(foreignKey(owned), fc.jsonValue({ maxDepth: 2 })), { selector: ([key]) => key, maxLength: 4 });

it('profile add and profile use keep every key of the profile file that ipctl does not own', { timeout: 60_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(foreign(topOwned), foreign(profileOwned), async (top, inProfile) => {
      const profile = objectText([['org', 'org_kept'], ...inProfile]);
      writeFileSync(file, objectText([...top, ['current', 'kept'], ['profiles', `{"kept":${profile}}`]]), { mode: 0o600 });
      const before = JSON.parse(readFileSync(file, 'utf8')) as { profiles: { kept: unknown } };
      const added = await runMain(['profile', 'add', 'fuzz-added', '--org', 'org_fuzz'], { env });
      expect(added.code, added.stderr).toBe(0);
      const used = await runMain(['profile', 'use', 'fuzz-added'], { env });
      expect(used.code, used.stderr).toBe(0);
      const after = JSON.parse(readFileSync(file, 'utf8')) as { current: string; profiles: { kept: unknown } };
      expect(after.current).toBe('fuzz-added');
      const withoutOwned = (entries: string[], owned: string[]) => entries.filter((entry) => !owned.some((key) => entry.startsWith(`${JSON.stringify(key)}=`)));
      expect(withoutOwned(ownEntries(after), topOwned)).toEqual(withoutOwned(ownEntries(before), topOwned));
      expect(ownEntries(after.profiles.kept)).toEqual(ownEntries(before.profiles.kept));
    }),
    fuzzParameters(25),
  );
});
