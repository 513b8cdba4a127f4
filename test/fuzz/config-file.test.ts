// Property-based tests of the profile file: whatever it holds, ipctl works
// (valid file) or says the file is invalid (exit 2), and never changes a file
// it cannot read.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { fuzzParameters, hostileText } from './arbitraries.js';

const config = tempDir('ipctl-fuzz-config-');
const file = join(config.path, 'config.json');
afterAll(() => config.remove());

const profileName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const profile = fc.record(
  {
    baseUrl: fc.oneof(fc.constantFrom('https://api.example.com/v1', 'http://127.0.0.1:1/v1'), hostileText, fc.integer()),
    searchUrl: fc.oneof(fc.constant('https://search.example.com/v1'), hostileText),
    org: fc.oneof(fc.constant('org_demo'), hostileText, fc.constant(null)),
    project: hostileText,
    apiKey: fc.oneof(fc.constant('sk_fuzz_CANARY_0123456789'), hostileText, fc.boolean()),
    token: hostileText,
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

/** Files that are close to valid (most of the time) and files that are anything at all. */
const configText: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ current: maybe(fc.oneof(profileName, hostileText)), profiles: fc.dictionary(fc.oneof({ weight: 3, arbitrary: profileName }, { weight: 1, arbitrary: hostileText }), profile, { maxKeys: 4 }) }, { requiredKeys: ['profiles'] })
      .map((data) => JSON.stringify(data, null, 2)),
  },
  { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 80 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', '{"profiles": {"a": ', '[]', 'null', `{"profiles": ${'['.repeat(3000)}}`) },
);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isUrl = (value: unknown) => typeof value === 'string' && URL.canParse(value);
const isText = (value: unknown) => typeof value === 'string' && value !== '';
const isProfileName = (value: unknown) => typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(value);

/** Every key of `object` that `rules` names holds what its rule asks; other keys may hold anything. */
function follows(object: Json, rules: Record<string, (value: unknown) => boolean>): boolean {
  return Object.entries(rules).every(([key, rule]) => !Object.hasOwn(object, key) || rule(object[key]));
}

/**
 * Whether ipctl must read a file, written out from README.md ("The profile file"), never from
 * src/: a JSON object with `current` (a profile name) and `profiles`, each profile by name with
 * its URLs, non-empty text values and credentialStore marks; other keys are kept.
 */
function isValid(text: string | Uint8Array): boolean {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(text).toString('utf8'));
  } catch {
    return false;
  }
  const profiles = isObject(data) ? (data.profiles ?? {}) : undefined;
  if (!isObject(data) || !follows(data, { current: isProfileName }) || !isObject(profiles)) return false;
  return Object.entries(profiles).every(([name, profile]) => isProfileName(name) && isObject(profile) && isProfile(profile));
}

function isProfile(profile: Json): boolean {
  const marks = (value: unknown) => isObject(value) && follows(value, { apiKey: (mark) => mark === 'keyring', token: (mark) => mark === 'keyring' });
  return follows(profile, { baseUrl: isUrl, searchUrl: isUrl, org: isText, project: isText, apiKey: isText, token: isText, credentialStore: marks });
}

/** The profiles of a file isValid accepts. */
function profilesOf(text: string | Uint8Array): Record<string, unknown> {
  return (JSON.parse(Buffer.from(text).toString('utf8')) as { profiles?: Record<string, unknown> }).profiles ?? {};
}

const env = { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: 'http://127.0.0.1:1/v1', IPCTL_RETRIES: '0' };

function expectCleanFailure(result: { code: number; stdout: string; stderr: string }, context: string): void {
  expect(result.code, context).toBe(2);
  expect(result.stdout, context).toBe('');
  expect(result.stderr, context).toContain(`The profile file ${file} is`);
  expect(result.stderr, context).not.toMatch(/\n\s+at /);
  expect(result.stderr, context).not.toContain('sk_fuzz_CANARY');
}

/** A valid file is read: the command says what it says of the profiles (exit 0, 2 or 4), never a word against the file. */
function expectRead(result: { code: number; stderr: string }, context: string): void {
  expect([0, 2, 4], `${context}\n${result.stderr}`).toContain(result.code);
  expect(result.stderr, context).not.toContain('The profile file');
}

/** How many profiles `profile list` shows for a file: as many as it holds when valid, none (it fails) when not. */
async function listedCount(): Promise<number> {
  const result = await runMain(['profile', 'list', '--json'], { env });
  return result.code === 0 ? (JSON.parse(result.stdout) as unknown[]).length : 0;
}

function profileCount(text: string | Uint8Array): number {
  return isValid(text) ? Object.keys(profilesOf(text)).length : 0;
}

/** A valid file gains the profile, and keeps everything else. */
function expectProfileAdded(result: { code: number; stderr: string }, before: Buffer): void {
  expect(result.code, result.stderr).toBe(0);
  const original = profilesOf(before);
  const after = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, unknown> };
  expect(after.profiles['fuzz-added']).toEqual({ ...(original['fuzz-added'] as object | undefined), org: 'org_fuzz' });
  const { 'fuzz-added': _added, ...others } = after.profiles;
  const { 'fuzz-added': _before, ...othersBefore } = original;
  expect(others).toEqual(othersBefore);
}

/** Writes the profile file as a user could (mode 0600); returns its bytes, to compare with after a run. */
function writeProfileFile(text: string | Uint8Array): Buffer {
  writeFileSync(file, text, { mode: 0o600 });
  return readFileSync(file);
}

/** An invalid file is reported and left exactly as it was. */
function expectLeftAlone(result: { code: number; stdout: string; stderr: string }, before: Buffer): void {
  expectCleanFailure(result, JSON.stringify(before.toString('utf8')).slice(0, 300));
  expect(readFileSync(file).equals(before)).toBe(true);
}

describe('any profile file', () => {
  it('is listed when valid, reported (exit 2) and left as it is when not', async () => {
    const seen = { valid: 0, invalid: 0 };
    await fc.assert(
      fc.asyncProperty(configText, async (text) => {
        const before = writeProfileFile(text);
        const valid = isValid(text);
        seen[valid ? 'valid' : 'invalid'] += 1;
        const expectOutcome = valid ? expectRead : expectCleanFailure;
        const context = `file: ${JSON.stringify(Buffer.from(text).toString('utf8')).slice(0, 300)}`;
        for (const args of [['profile', 'list', '--json'], ['auth', 'status', '--json'], ['profile', 'show']]) {
          const result = await runMain(args, { env });
          expectOutcome(result, `${args.join(' ')} ${context}`);
          expect(readFileSync(file).equals(before), `${args.join(' ')} changed the file`).toBe(true);
        }
        expect(await listedCount(), context).toBe(profileCount(text));
      }),
      fuzzParameters(60),
    );
    // Both kinds of file were tried: neither half of the property holds vacuously.
    expect(seen.valid).toBeGreaterThan(0);
    expect(seen.invalid).toBeGreaterThan(0);
  });

  it('is changed by `profile add` only when valid, keeping everything else in it', async () => {
    const seen = { valid: 0, invalid: 0 };
    await fc.assert(
      fc.asyncProperty(configText, async (text) => {
        const before = writeProfileFile(text);
        const result = await runMain(['profile', 'add', 'fuzz-added', '--org', 'org_fuzz'], { env });
        const valid = isValid(text);
        seen[valid ? 'valid' : 'invalid'] += 1;
        (valid ? expectProfileAdded : expectLeftAlone)(result, before);
      }),
      fuzzParameters(40),
    );
    expect(seen.valid).toBeGreaterThan(0);
    expect(seen.invalid).toBeGreaterThan(0);
  });
});
