import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectFailed, ipctl as runInProcess } from '../helpers/in-process.js';
import { useFreshDir } from '../helpers/workspace.js';

const canaryKey = 'sk_profile_CANARY_KEY_5f4e3d2c1b0a';
const canaryToken = 'tok_profile_CANARY_TOKEN_a1b2c3d4e5f6';
const config = useFreshDir();
let env: Record<string, string>;

beforeEach(() => {
  env = { IPCTL_CONFIG_DIR: config.path };
});

const configFile = () => join(config.path, 'config.json');
const ipctl = (args: string[], extra: { env?: Record<string, string | undefined>; input?: string } = {}) =>
  runInProcess(args, { env: { ...env, ...extra.env }, input: extra.input });

describe('profiles', () => {
  it('adds, lists, shows, switches and removes profiles', async () => {
    const added = await ipctl(['profile', 'add', 'staging', '--base-url', 'https://api.staging.example.com/v1/', '--org', 'org_1', '--project', 'demo']);
    expect(added.code).toBe(0);
    expect(added.stdout).toBe('');
    expect(added.stderr).toContain('Added profile "staging"');
    expect((await ipctl(['profile', 'add', 'prod', '--search-url', 'https://search.example.com/v1'])).code).toBe(0);

    const list = await ipctl(['profile', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toBe('CURRENT\tNAME\tBASE URL\tORG\tPROJECT\tAPI KEY\tTOKEN');
    // The first profile added becomes the current one.
    expect(list.stdout).toContain('*\tstaging\thttps://api.staging.example.com/v1\torg_1\tdemo\t\t');
    expect(list.stdout).toContain('\tprod\t');

    const use = await ipctl(['profile', 'use', 'prod']);
    expect(use.code).toBe(0);
    const shown = JSON.parse((await ipctl(['profile', 'show', '--json'])).stdout);
    expect(shown).toMatchObject({ name: 'prod', current: true, searchUrl: 'https://search.example.com/v1' });

    const updated = await ipctl(['profile', 'add', 'staging', '--org', 'org_2']);
    expect(updated.stderr).toContain('Updated profile "staging"');
    const staging = JSON.parse((await ipctl(['profile', 'show', 'staging', '-o', 'json'])).stdout);
    expect(staging).toMatchObject({ org: 'org_2', project: 'demo', baseUrl: 'https://api.staging.example.com/v1', current: false });

    expect((await ipctl(['profile', 'remove', 'prod', '--yes'])).code).toBe(0);
    const after = JSON.parse((await ipctl(['profile', 'list', '--json'])).stdout) as Array<{ name: string }>;
    expect(after.map((profile) => profile.name)).toEqual(['staging']);
  });

  it('rejects unknown profiles and bad values with exit 2', async () => {
    const use = await ipctl(['profile', 'use', 'ghost']);
    expectFailed(use, 2, 'No profile named "ghost"');
    const badUrl = await ipctl(['profile', 'add', 'x', '--base-url', 'not a url']);
    expectFailed(badUrl, 2, '--base-url');
    const badName = await ipctl(['profile', 'add', '../evil']);
    expectFailed(badName, 2, 'NAME');
    const selected = await ipctl(['orgs', 'get', 'org_1', '--profile', 'ghost']);
    expectFailed(selected, 2, 'No profile named "ghost"');
  });

  it('auth status and auth logout refuse a --profile or IPCTL_PROFILE that names no saved profile, as other commands do, exit 2', async () => {
    await ipctl(['profile', 'add', 'real']);
    const refused = await ipctl(['orgs', 'get', 'org_1', '--profile', 'nope']);
    expect(refused.code).toBe(2);
    for (const args of [['auth', 'status', '--profile', 'nope'], ['auth', 'logout', '--profile', 'nope'], ['--profile', 'nope', 'auth', 'status']]) {
      const result = await ipctl(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toBe(refused.stderr);
    }
    const json = await ipctl(['auth', 'status', '--json', '--profile', 'nope']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toMatchObject({ title: 'No profile named "nope".', exitCode: 2 });
    const fromEnv = await ipctl(['auth', 'status'], { env: { IPCTL_PROFILE: 'nope' } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toBe(refused.stderr);
    // Commands that store credentials still make the profile.
    const stored = await ipctl(['auth', 'set-key', '--profile', 'nope', '--insecure-storage', '--no-verify'], { input: canaryKey });
    expect(stored.code).toBe(0);
    expect((await ipctl(['auth', 'status', '--profile', 'nope', '--offline'])).code).toBe(0);
    // With no profile file at all, the built-in default profile is shown, not refused.
    const fresh = await runInProcess(['auth', 'status'], { env: { IPCTL_CONFIG_DIR: join(config.path, 'empty') } });
    expect(fresh.code).toBe(4);
    expect(fresh.stdout).toContain('default (not saved yet)');
  });

  it('keeps the file at mode 0600 in a 0700 folder', async () => {
    const nested = join(config.path, 'nested', 'ipctl');
    const result = await runInProcess(['auth', 'set-key', '--no-verify'], { env: { IPCTL_CONFIG_DIR: nested }, input: `${canaryKey}\n` });
    expect(result.code).toBe(0);
    expect(statSync(join(nested, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(nested).mode & 0o777).toBe(0o700);
  });

  it('finds the file in XDG_CONFIG_HOME, else ~/.config', async () => {
    await runInProcess(['profile', 'add', 'a'], { env: { XDG_CONFIG_HOME: config.path } });
    expect(JSON.parse(readFileSync(join(config.path, 'ipctl', 'config.json'), 'utf8')).profiles).toHaveProperty('a');
    await runInProcess(['profile', 'add', 'b'], { env: { HOME: config.path } });
    expect(JSON.parse(readFileSync(join(config.path, '.config', 'ipctl', 'config.json'), 'utf8')).profiles).toHaveProperty('b');
  });

  it('reports a corrupt file by name, exits 2, and leaves it untouched', async () => {
    mkdirSync(config.path, { recursive: true });
    writeFileSync(configFile(), '{"profiles": {"a": ', { mode: 0o600 });
    for (const args of [['profile', 'list'], ['profile', 'add', 'b'], ['auth', 'status']]) {
      const result = await ipctl(args);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(configFile());
      expect(result.stderr).toContain('not valid JSON');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readFileSync(configFile(), 'utf8')).toBe('{"profiles": {"a": ');
  });

  it('reports a file that breaks the schema, naming the bad key', async () => {
    writeFileSync(configFile(), JSON.stringify({ profiles: { a: { baseUrl: 42 } } }));
    chmodSync(configFile(), 0o600);
    const result = await ipctl(['profile', 'show', 'a']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('profiles.a.baseUrl');
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ profiles: { a: { baseUrl: 42 } } });
  });
});

describe('credentials', () => {
  it('stores a key and a token read from stdin, and shows only their last four characters', async () => {
    // --no-verify: this test is about where credentials are kept; no service is asked (auth-verify.test.ts checks that).
    // The keychain, and the notice when none is usable, are keychain.test.ts's (a process: the keychain worker is one).
    const key = await ipctl(['auth', 'set-key', '--insecure-storage', '--no-verify'], { input: `${canaryKey}\n` });
    expect(key.code).toBe(0);
    expect(key.stderr).toBe('Stored the API key of profile "default" in the profile file.\n');
    const token = await ipctl(['auth', 'set-token', '--profile', 'default', '--insecure-storage', '--no-verify'], { input: canaryToken });
    expect(token.stderr).toBe('Stored the bearer token of profile "default" in the profile file.\n');
    expect(token.code).toBe(0);

    const stored = JSON.parse(readFileSync(configFile(), 'utf8'));
    expect(stored).toEqual({ current: 'default', profiles: { default: { apiKey: canaryKey, token: canaryToken } } });

    for (const args of [['profile', 'list'], ['profile', 'show'], ['profile', 'show', '--json'], ['auth', 'status', '--offline'], ['auth', 'status', '--json', '--offline']]) {
      const result = await ipctl(args);
      expect(result.code).toBe(0);
      const output = result.stdout + result.stderr;
      expect(output).not.toContain(canaryKey);
      expect(output).not.toContain(canaryToken);
      expect(output).toContain(`****${canaryKey.slice(-4)}`);
    }
  });

  it('rejects empty or multi-line input with exit 2 and stores nothing', async () => {
    const empty = await ipctl(['auth', 'set-key'], { input: '\n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('empty');
    const twoLines = await ipctl(['auth', 'set-token'], { input: 'abc def\nsecond line\n' });
    expect(twoLines.code).toBe(2);
    expect(twoLines.stderr).not.toContain('second line');
    expect(() => readFileSync(configFile())).toThrow();
  });

  it('takes no secret on the command line', async () => {
    const result = await ipctl(['auth', 'set-key', canaryKey], { input: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain(canaryKey);
  });

  it('auth status says where each value came from, and exits 4 with no credential', async () => {
    const none = await ipctl(['auth', 'status', '--json', '--offline']);
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('No credential is configured');
    const report = JSON.parse(none.stdout);
    expect(report.apiKey).toEqual({ value: null, source: null, origin: null, storage: null, check: null });
    expect(report.baseUrl).toMatchObject({ value: 'http://127.0.0.1:4510/v1', source: 'default' });

    await ipctl(['profile', 'add', 'work', '--base-url', 'https://profile.example.com/v1', '--org', 'org_profile']);
    await ipctl(['auth', 'set-key', '--no-verify'], { input: canaryKey });
    const status = await ipctl(['auth', 'status', '--json', '--offline', '--base-url', 'https://flag.example.com/v1'], {
      env: { IPCTL_TOKEN: canaryToken, IPCTL_ORG: 'org_env' },
    });
    expect(status.code).toBe(0);
    const resolved = JSON.parse(status.stdout);
    expect(resolved.profile).toMatchObject({ name: 'work', source: 'profile' });
    expect(resolved.baseUrl).toMatchObject({ value: 'https://flag.example.com/v1', source: 'flag', origin: '--base-url' });
    expect(resolved.org).toMatchObject({ value: 'org_env', source: 'environment', origin: 'IPCTL_ORG' });
    expect(resolved.apiKey).toMatchObject({ value: `****${canaryKey.slice(-4)}`, source: 'profile', storage: 'file', check: { result: 'not checked', reason: '--offline' } });
    expect(resolved.token).toMatchObject({ value: `****${canaryToken.slice(-4)}`, source: 'environment', storage: 'env' });
    expect(resolved.searchUrl).toMatchObject({ source: 'default' });
    expect(status.stdout + status.stderr).not.toContain(canaryKey);
  });
});
