// The profile file as users share it: names looked up as its own keys, stored
// URLs shown without what may be a credential, and a warning when the file's
// credentials can be read by others. ipctl runs in this process on a real
// file in a fresh folder; requests go to stubs that record what arrives.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { type HttpStubs, startHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

const canaryKey = 'sk_profile_files_CANARY_KEY_8d7c6b5a4f3e';
const canaryToken = 'tok_profile_files_CANARY_TOKEN_0f1e2d3c4b5a';
const canaryUrlPassword = 'CANARY_URL_PASSWORD_6a5b4c3d';
const canaryQuery = 'CANARY_URL_QUERY_9e8d7c6b';
const canaryFragment = 'CANARY_URL_FRAGMENT_1a2b3c4d';

let config: ReturnType<typeof tempDir>;
let stubs: HttpStubs;

beforeEach(async () => {
  config = tempDir();
  stubs = await startHttpStubs();
});
afterEach(async () => {
  config.remove();
  await stubs.close();
});

const configFile = () => join(config.path, 'config.json');

function writeConfig(data: unknown, mode = 0o600): void {
  writeFileSync(configFile(), JSON.stringify(data), { mode });
  chmodSync(configFile(), mode);
}

const ipctl = (args: string[], env: Record<string, string | undefined> = {}) =>
  runMain(args, { env: { IPCTL_CONFIG_DIR: config.path, IPCTL_RETRIES: '0', NO_COLOR: '1', ...env } });

describe('profile names are the file\'s own keys', () => {
  const inheritedNames = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'];

  beforeEach(() => {
    writeConfig({ current: 'main', profiles: { main: { baseUrl: stubs.baseUrl, token: canaryToken } } });
  });

  it.each(inheritedNames)('--profile %s names no profile: exit 2, nothing sent', async (name) => {
    const result = await ipctl(['--profile', name, 'orgs', 'get', 'o1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`No profile named "${name}"`);
    expect(stubs.received).toEqual([]);
  });

  it.each(inheritedNames)('IPCTL_PROFILE=%s names no profile either', async (name) => {
    const result = await ipctl(['auth', 'status'], { IPCTL_PROFILE: name });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`No profile named "${name}"`);
  });

  it.each(inheritedNames)('profile use, remove and show refuse %s, and leave the file as it was', async (name) => {
    const before = readFileSync(configFile(), 'utf8');
    for (const verb of ['use', 'remove', 'show']) {
      const result = await ipctl(['profile', verb, name, ...(verb === 'remove' ? ['--yes'] : [])]);
      expect(result.code, `profile ${verb} ${name}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(`No profile named "${name}"`);
    }
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
  });

  it('takes constructor as a profile once one is stored under that name', async () => {
    const added = await ipctl(['profile', 'add', 'constructor', '--org', 'org_c', '--base-url', stubs.baseUrl]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('Added profile "constructor"');
    const again = await ipctl(['profile', 'add', 'constructor', '--project', 'proj_c']);
    expect(again.stderr).toContain('Updated profile "constructor"');
    const shown = await ipctl(['profile', 'show', 'constructor', '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ name: 'constructor', org: 'org_c', project: 'proj_c' });
    expect((await ipctl(['profile', 'use', 'constructor'])).code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).current).toBe('constructor');
    stubs.register('GET', '/providers/hubspot', { status: 200, json: { name: 'hubspot' } });
    const used = await ipctl(['--profile', 'constructor', 'providers', 'get', 'hubspot', '--json']);
    expect(used.code, used.stderr).toBe(0);
    stubs.verify();
    expect((await ipctl(['profile', 'remove', 'constructor', '--yes'])).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(configFile(), 'utf8')).profiles)).toEqual(['main']);
  });
});

describe('profile list and show never print a stored URL\'s user name, password, query or fragment', () => {
  const leaky = `https://admin:${canaryUrlPassword}@api.example.com/v1?token=${canaryQuery}#${canaryFragment}`;

  beforeEach(() => {
    writeConfig({
      current: 'leaky',
      profiles: {
        leaky: { baseUrl: leaky, searchUrl: `https://search.example.com/v1?key=${canaryQuery}` },
        userOnly: { baseUrl: `https://${canaryUrlPassword}@api.example.com/v1` },
        fragmentOnly: { baseUrl: `https://api.example.com/v1#${canaryFragment}` },
        opaque: { baseUrl: `data:text/plain,${canaryUrlPassword}` },
        plain: { baseUrl: 'https://api.example.com/v1', searchUrl: 'https://search.example.com/v1' },
      },
    });
  });

  const runs: string[][] = [
    ['profile', 'list'],
    ['profile', 'list', '--json'],
    ['profile', 'list', '-o', 'yaml'],
    ['profile', 'list', '--query', '[].baseUrl'],
    ['profile', 'show', 'leaky'],
    ['profile', 'show', 'leaky', '--json'],
    ['profile', 'show', 'userOnly'],
    ['profile', 'show', 'fragmentOnly', '-o', 'yaml'],
    ['profile', 'show', 'opaque', '--json'],
  ];

  it.each(runs.map((args) => [args.join(' '), args] as const))('ipctl %s', async (_name, args) => {
    const result = await ipctl(args);
    expect(result.code, result.stderr).toBe(0);
    for (const canary of [canaryUrlPassword, canaryQuery, canaryFragment, 'admin:']) {
      expect(result.stdout).not.toContain(canary);
      expect(result.stderr).not.toContain(canary);
    }
  });

  it('shows that something is there, as ****, and the rest of the URL as stored', async () => {
    const list = JSON.parse((await ipctl(['profile', 'list', '--json'])).stdout) as Array<{ name: string; baseUrl?: string; searchUrl?: string }>;
    const byName = Object.fromEntries(list.map((profile) => [profile.name, profile]));
    expect(byName.leaky).toMatchObject({ baseUrl: 'https://****@api.example.com/v1?****#****', searchUrl: 'https://search.example.com/v1?****' });
    expect(byName.userOnly?.baseUrl).toBe('https://****@api.example.com/v1');
    expect(byName.fragmentOnly?.baseUrl).toBe('https://api.example.com/v1#****');
    expect(byName.opaque?.baseUrl).toBe('data:****');
    // The near-miss: a URL with nothing to hide is shown exactly as stored.
    expect(byName.plain).toMatchObject({ baseUrl: 'https://api.example.com/v1', searchUrl: 'https://search.example.com/v1' });
    const table = (await ipctl(['profile', 'list'])).stdout;
    expect(table).toContain('https://****@api.example.com/v1?****#****');
    expect(table).toContain('https://api.example.com/v1\t');
  });
});

describe('a profile file whose credentials others can read', () => {
  const warning = /^Warning: the profile file .*config\.json holds credentials and can be read by/m;
  const stored = (mode: number, profile: Record<string, unknown> = { apiKey: canaryKey }) =>
    writeConfig({ current: 'main', profiles: { main: { baseUrl: stubs.baseUrl, ...profile } } }, mode);

  it.each([
    ['0644', 0o644, 'its group and every user'],
    ['0640', 0o640, 'its group'],
    ['0604', 0o604, 'every user'],
    ['0444', 0o444, 'its group and every user'],
  ])('mode %s: warned on stderr once, naming who and the fix, and the command still runs', async (_label, mode, who) => {
    stored(mode);
    const result = await ipctl(['auth', 'status', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr.match(new RegExp(warning.source, 'gm'))).toHaveLength(1);
    expect(result.stderr).toContain(`can be read by ${who} (mode 0${mode.toString(8)})`);
    expect(result.stderr).toContain(`Fix it with: chmod 600 ${configFile()}`);
    expect(result.stderr).not.toContain(canaryKey);
    // stdout stays the data alone.
    expect(JSON.parse(result.stdout)).toMatchObject({ profile: { name: 'main' } });
  });

  it('warns once for a command that reads the file more than once', async () => {
    stored(0o644);
    stubs.register('GET', '/providers/hubspot', { status: 200, json: { name: 'hubspot' } });
    const result = await ipctl(['providers', 'get', 'hubspot', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.match(new RegExp(warning.source, 'gm'))).toHaveLength(1);
    stubs.verify();
  });

  it('warns for a token as for a key, and in a profile other than the one in use', async () => {
    writeConfig({ current: 'main', profiles: { main: { baseUrl: stubs.baseUrl }, other: { token: canaryToken } } }, 0o644);
    const result = await ipctl(['profile', 'list']);
    expect(result.stderr).toMatch(warning);
    expect(result.stderr).not.toContain(canaryToken);
  });

  it('is silenced by --quiet and IPCTL_QUIET, as ssh -q silences its own', async () => {
    stored(0o644);
    expect((await ipctl(['auth', 'status', '--quiet'])).stderr).not.toMatch(warning);
    expect((await ipctl(['auth', 'status'], { IPCTL_QUIET: '1' })).stderr).not.toMatch(warning);
  });

  it.each([
    ['mode 0600', 0o600, { apiKey: canaryKey }],
    ['mode 0400', 0o400, { apiKey: canaryKey }],
    ['group- and world-writable but not readable', 0o622, { apiKey: canaryKey }],
    ['no credentials in it, only settings', 0o644, { org: 'org_1' }],
    ['credentials kept in the keychain, only marked in the file', 0o644, { credentialStore: { apiKey: 'keyring', token: 'keyring' } }],
  ])('says nothing for %s', async (_what, mode, profile) => {
    stored(mode, profile);
    const result = await ipctl(['profile', 'list']);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/Warning/);
  });

  it('quotes a path with spaces in the fix', async () => {
    const spaced = tempDir('ipctl test with spaces ');
    try {
      writeFileSync(join(spaced.path, 'config.json'), JSON.stringify({ profiles: { main: { apiKey: canaryKey } } }), { mode: 0o644 });
      chmodSync(join(spaced.path, 'config.json'), 0o644);
      const result = await runMain(['profile', 'list'], { env: { IPCTL_CONFIG_DIR: spaced.path, NO_COLOR: '1' } });
      expect(result.stderr).toContain(`Fix it with: chmod 600 '${join(spaced.path, 'config.json')}'`);
    } finally {
      spaced.remove();
    }
  });

  it('is fixed by the next write, which leaves the file 0600', async () => {
    stored(0o644);
    const added = await ipctl(['profile', 'add', 'main', '--org', 'org_2']);
    expect(added.code, added.stderr).toBe(0);
    const after = await ipctl(['profile', 'list']);
    expect(after.stderr).not.toMatch(warning);
  });
});

describe('a stored URL that is not a URL', () => {
  // README "Reliability": a profile file that does not match the expected shape is
  // reported by name (exit 2), never quoted, and left as it is; docs/reliability.md
  // "Safe profile writes" says the same for every command, not only those that send.
  it.each([['not a url'], ['gateway.example.com/v1'], ['http://[::1']])('baseUrl %j makes the file invalid, by name, for every command', async (baseUrl) => {
    writeConfig({ profiles: { default: { baseUrl, token: canaryToken } } });
    const before = readFileSync(configFile(), 'utf8');
    for (const args of [['orgs', 'get', 'o1'], ['profile', 'list']]) {
      const result = await ipctl(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`The profile file ${configFile()} is invalid`);
      expect(result.stderr).toContain('baseUrl');
      expect(result.stderr).not.toContain(canaryToken);
    }
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
    expect(stubs.received).toEqual([]);
  });
});
