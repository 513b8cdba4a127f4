// A hint that names a command to run acts on the profile in use: under
// --profile NAME or IPCTL_PROFILE=NAME, every suggested `ipctl auth …` carries
// `--profile NAME`, and `ipctl profile add` names NAME (README, Profiles and
// credentials: `--profile`, `IPCTL_PROFILE` pick the profile a command uses).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { fuzzParameters } from '../fuzz/arbitraries.js';

const key = 'sk_hint_CANARY_KEY_0123456789ab';
const token = 'tok_hint_CANARY_TOKEN_0123456789ab';
/** Nothing listens there, and no case below sends a request: each fails before. */
const base = 'http://127.0.0.1:9/v1';

/** Each reachable hint that names commands: the args, the credentials in the environment, and what the hint is about. */
const cases: Array<{ about: string; args: string[]; env?: Record<string, string>; stdinTerminal?: boolean }> = [
  { about: 'a missing bearer token', args: ['orgs', 'get', 'org_demo'] },
  { about: 'a missing API key', args: ['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_x', '--group-ref', 'g', '--where', 'a=b'] },
  { about: 'a missing credential, either', args: ['api', '/projects'] },
  { about: 'a missing credential, nothing configured', args: ['orgs', 'get', 'org_demo'], env: { IPCTL_BASE_URL: '' } },
  { about: 'no org', args: ['orgs', 'get'], env: { IPCTL_TOKEN: token } },
  { about: 'no org for {org}', args: ['api', '/orgs/{org}/invites'], env: { IPCTL_TOKEN: token } },
  { about: 'no project', args: ['search', 'Contact', '--integration', 'int_x', '--group-ref', 'g', '--where', 'a=b'], env: { IPCTL_API_KEY: key } },
  { about: 'no project for {project}', args: ['api', '/projects/{project}/destinations'], env: { IPCTL_API_KEY: key } },
  { about: 'no credential in auth status', args: ['auth', 'status', '--offline'] },
  { about: 'no terminal for auth login', args: ['auth', 'login', '--no-input'] },
  { about: 'no key on stdin', args: ['auth', 'set-key', '--no-input'], stdinTerminal: true },
];

/** Every command a message suggests that acts on a profile: `ipctl auth …` and `ipctl profile add …`, up to its end. */
const suggested = (text: string) => [...text.matchAll(/ipctl (?:auth [a-z-]+|profile add)[^`\n,;)]*/g)].map((match) => match[0].trim());

/** Profile names as the README allows them: a letter or digit, then letters, digits, `.`, `_` or `-`. */
const profileName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,15}$/);

let config: ReturnType<typeof tempDir>;
beforeAll(() => {
  config = tempDir();
});
afterAll(() => config.remove());

/** A profile file holding `name` (and another, current, so that the chosen one is not the current by accident). */
function withProfile(name: string): string {
  const dir = join(config.path, Buffer.from(name).toString('hex'));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const other = name === 'other' ? 'other2' : 'other';
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ current: other, profiles: { [other]: {}, [name]: {} } }), { mode: 0o600 });
  return dir;
}

async function hints(name: string, how: 'flag' | 'env' | 'current', testCase: (typeof cases)[number]): Promise<string[]> {
  const dir = withProfile(name);
  const env: Record<string, string | undefined> = { IPCTL_CONFIG_DIR: dir, IPCTL_BASE_URL: base, PATH: process.env.PATH, ...testCase.env };
  if (env.IPCTL_BASE_URL === '') delete env.IPCTL_BASE_URL;
  if (how === 'env') env.IPCTL_PROFILE = name;
  if (how === 'current') writeFileSync(join(dir, 'config.json'), JSON.stringify({ current: name, profiles: { [name]: {} } }), { mode: 0o600 });
  const args = how === 'flag' ? [...testCase.args, '--profile', name] : testCase.args;
  const result = await runMain(args, { env, terminal: { stdin: testCase.stdinTerminal === true } });
  expect(result.code, `${testCase.about}: ${result.stderr}`).not.toBe(0);
  return suggested(result.stderr);
}

describe('suggested commands carry the profile in use', () => {
  for (const testCase of cases) {
    it(`${testCase.about}: under --profile and IPCTL_PROFILE`, async () => {
      await fc.assert(
        fc.asyncProperty(profileName, fc.constantFrom('flag' as const, 'env' as const), async (name, how) => {
          const found = await hints(name, how, testCase);
          expect(found.length, testCase.about).toBeGreaterThan(0);
          for (const command of found) {
            if (command.startsWith('ipctl profile add')) expect(command.startsWith(`ipctl profile add ${name} `), command).toBe(true);
            else expect(command.split(' '), command).toEqual(expect.arrayContaining(['--profile', name]));
          }
        }),
        fuzzParameters(6),
      );
    });
  }

  it('with no profile chosen (the current one is used), no hint adds --profile', async () => {
    for (const testCase of cases) {
      for (const command of await hints('work', 'current', testCase)) expect(command, testCase.about).not.toContain('--profile');
    }
  });
});
