// Credentials in the OS keychain: a real Secret Service (gnome-keyring on a
// private D-Bus session), checked with secret-tool; and the profile file where
// no keychain is usable.
import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, currentBuildDir, ipctlBin, repoRoot, type RunningIpctl, type RunOptions, runIpctl, runProcess, startIpctl, tempDir } from '../helpers/cli.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';
import { type KeyringSession, keyringMissing, startKeyringSession } from '../helpers/keyring.js';
import { answerLogin, PtySession } from '../helpers/pty.js';
import { useFreshDir } from '../helpers/workspace.js';

const missing = keyringMissing();
if (missing) console.warn(`keychain tests skipped: ${missing}`);

const keychainName = 'the Secret Service keyring (D-Bus)';
const fileNotice = (file: string) =>
  `No OS keychain is usable here (no D-Bus session); kept in ${file} (readable only by you) instead. Use --insecure-storage to choose the file without this notice, or \`ipctl auth migrate\` once a keychain is available.\n`;

const fixture = useFixture();
const config = useFreshDir();

const configFile = () => join(config.path, 'config.json');

/** The first child process of `pid` (from /proc), waited for until it shows. */
async function firstChildOf(pid: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) return Number(entry);
    }
    if (Date.now() > deadline) throw new Error(`process ${pid} started no child`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether the process exists and is not a zombie. */
function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Every file under the config directory, read whole: no stored secret may be in any of them. */
function configFilesText(): string {
  return readdirSync(config.path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** The sandbox's URLs and the config directory, with no credential in the environment. */
function sandboxEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return fixture.env({ IPCTL_CONFIG_DIR: config.path, IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined, ...extra });
}

describe.skipIf(missing !== undefined)(`with an unlocked Secret Service${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let keyring: KeyringSession;
  beforeAll(async () => {
    keyring = await startKeyringSession();
  }, 20_000);
  afterAll(async () => {
    await keyring?.close();
  });

  const ipctl = (args: string[], options: RunOptions = {}) => runIpctl(args, { ...options, env: { ...sandboxEnv(), ...keyring.env, ...options.env } });

  it('set-key stores the key in the keychain, nowhere in the config directory, and auth status says keyring', async () => {
    const stored = await ipctl(['auth', 'set-key', '--no-verify'], { input: canaryApiKey });
    expect(stored.stderr).toBe(`Stored the API key of profile "default" in ${keychainName}.\n`);
    expect(stored.code).toBe(0);
    expect(keyring.lookup('default:apiKey')).toBe(canaryApiKey);
    expect(configFilesText()).not.toContain(canaryApiKey);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ current: 'default', profiles: { default: { credentialStore: { apiKey: 'keyring' } } } });

    const status = await ipctl(['auth', 'status', '--offline', '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).apiKey).toEqual({ value: `****${canaryApiKey.slice(-4)}`, source: 'profile', origin: 'profile "default"', storage: 'keyring', check: { result: 'not checked', reason: '--offline' } });
    const table = await ipctl(['auth', 'status', '--offline']);
    expect(table.stdout).toContain(`API key\t****${canaryApiKey.slice(-4)} (keyring)\tprofile "default"`);
    for (const output of [stored, status, table]) expect(output.stdout + output.stderr).not.toContain(canaryApiKey);
  });

  it('commands that need the key or the token read them from the keychain; one that needs neither does not ask', async () => {
    await ipctl(['auth', 'set-key', '--no-verify'], { input: canaryApiKey });
    await ipctl(['auth', 'set-token', '--no-verify'], { input: canaryToken });
    await fixture.clearRequests();
    const found = await ipctl(['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'email=ada.okafor0@northwindlogistics.example.com', '--json']);
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    const org = await ipctl(['orgs', 'get', '--json']);
    expect(org.stderr).toBe('');
    expect(org.code).toBe(0);
    expect(JSON.parse(org.stdout).id).toBe(fixture.sandbox.org);
    const requests = await fixture.requests();
    // The sandbox accepted each with the credential its operation takes, which only the keychain had.
    expect(requests.map((request) => [request.operation, request.status, request.principal])).toEqual([
      ['searchRecords', 200, 'apiKey'],
      ['getOrg', 200, 'bearer'],
    ]);
    const traced = await ipctl(['orgs', 'get', '--debug']);
    expect(traced.code).toBe(0);
    expect(traced.stderr).toContain('debug: ');
    for (const output of [found, org, traced]) {
      expect(output.stdout + output.stderr).not.toContain(canaryApiKey);
      expect(output.stdout + output.stderr).not.toContain(canaryToken);
    }
    // providers get takes no credential: with the keychain made unusable, it still works.
    const provider = await ipctl(['providers', 'get', 'hubspot', '--json'], { env: { IPCTL_KEYRING_TIMEOUT: 'never' } });
    expect(provider.code).toBe(0);
  });

  it('an ipctl whose keychain module cannot be loaded falls back to the file, with the notice', async () => {
    // dist/ and the launcher alone, with no node_modules beside them: as a copy or a build that left the module out.
    const copy = tempDir('ipctl-copy-');
    cpSync(join(repoRoot, 'bin'), join(copy.path, 'bin'), { recursive: true });
    cpSync(join(repoRoot, 'dist'), join(copy.path, 'dist'), { recursive: true });
    const stored = await runProcess(process.execPath, [join(copy.path, 'bin/ipctl.cjs'), 'auth', 'set-key', '--no-verify', '--profile', 'copied'], { env: { ...sandboxEnv(), ...keyring.env }, input: canaryApiKey });
    copy.remove();
    expect(stored.stderr).toBe(
      `No OS keychain is usable here (the keychain module is not installed beside ipctl); kept in ${configFile()} (readable only by you) instead. Use --insecure-storage to choose the file without this notice, or \`ipctl auth migrate\` once a keychain is available.\n` +
        'Stored the API key of profile "copied" in the profile file.\n',
    );
    expect(stored.code).toBe(0);
    expect(keyring.lookup('copied:apiKey')).toBe('');
  });

  it('an ipctl built with no keychain support keeps credentials in the file without offering migrate, refuses migrate plainly, and names the keychain for a key kept there', async () => {
    // dist/ without the keychain worker: as the standalone executable, which has none.
    const copy = tempDir('ipctl-nokeychain-');
    cpSync(join(repoRoot, 'bin'), join(copy.path, 'bin'), { recursive: true });
    cpSync(join(repoRoot, 'dist'), join(copy.path, 'dist'), { recursive: true });
    rmSync(join(currentBuildDir(join(copy.path, 'dist')), 'keychain-worker.cjs'));
    const env = { ...sandboxEnv(), ...keyring.env };
    const copied = (args: string[], input?: string) => runProcess(process.execPath, [join(copy.path, 'bin/ipctl.cjs'), ...args], { env, input });
    try {
      const stored = await copied(['auth', 'set-key', '--no-verify', '--profile', 'built'], canaryApiKey);
      expect(stored.stderr).toBe(
        `This build of ipctl keeps credentials in the profile file: kept in ${configFile()} (readable only by you). The npm package of ipctl keeps them in the OS keychain. Use --insecure-storage to choose the file without this notice.\n` +
          'Stored the API key of profile "built" in the profile file.\n',
      );
      expect(stored.code).toBe(0);
      const migrated = await copied(['auth', 'migrate']);
      expect(migrated.stderr).toBe(
        `Error: This build of ipctl cannot use an OS keychain; it keeps credentials in ${configFile()}.\n` +
          'To keep them in the OS keychain, install the npm package of ipctl and run ipctl auth migrate with it.\n',
      );
      expect(migrated.code).toBe(1);
      expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.built).toEqual({ apiKey: canaryApiKey });

      // A key the npm package put in the keychain.
      await ipctl(['auth', 'set-token', '--no-verify', '--profile', 'npm'], { input: canaryToken });
      const org = await copied(['orgs', 'get', '--profile', 'npm']);
      expect(org.stderr).toBe(
        'Error: The bearer token of profile "npm" is kept in the OS keychain, which this build of ipctl cannot read.\n' +
          'Give it in IPCTL_TOKEN, use the npm package of ipctl (which reads the keychain), or store it in the profile file: ipctl auth set-token --insecure-storage --profile npm\n',
      );
      expect(org.code).toBe(4);
      const status = await copied(['auth', 'status', '--offline', '--profile', 'npm']);
      expect(status.code).toBe(4);
      expect(status.stdout).toContain('Bearer token\tkept, but cannot be read here (keyring)');
      expect(status.stderr).toContain('is kept in the OS keychain, which this build of ipctl cannot read.');
      expect(status.stderr).not.toContain('No credential is configured');
      const logout = await copied(['auth', 'logout', '--profile', 'npm', '--yes']);
      expect(logout.stderr).toBe(
        'Error: The bearer token of profile "npm" could not be removed from the OS keychain (this build of ipctl has no keychain support); it stays there, and the profile still points at it.\n' +
          'Run `ipctl auth logout --profile npm` again with the npm package of ipctl, which can use the OS keychain.\n',
      );
      expect(logout.code).toBe(5);
      expect(keyring.lookup('npm:token')).toBe(canaryToken);
      for (const output of [stored, migrated, org, status, logout]) expect(output.stdout + output.stderr).not.toMatch(/CANARY/);
    } finally {
      copy.remove();
    }
  });

  it('set-token keeps a second credential of the same profile beside the first', async () => {
    await ipctl(['auth', 'set-key', '--no-verify'], { input: canaryApiKey });
    const token = await ipctl(['auth', 'set-token', '--no-verify'], { input: canaryToken });
    expect(token.code).toBe(0);
    expect(keyring.lookup('default:token')).toBe(canaryToken);
    expect(keyring.lookup('default:apiKey')).toBe(canaryApiKey);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.default).toEqual({ credentialStore: { apiKey: 'keyring', token: 'keyring' } });
  });

  it('set-key and set-token at once on one profile both land, each marked', async () => {
    const [key, token] = await Promise.all([
      ipctl(['auth', 'set-key', '--no-verify', '--profile', 'together'], { input: canaryApiKey }),
      ipctl(['auth', 'set-token', '--no-verify', '--profile', 'together'], { input: canaryToken }),
    ]);
    expect([key.code, token.code]).toEqual([0, 0]);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.together).toEqual({ credentialStore: { apiKey: 'keyring', token: 'keyring' } });
    expect([keyring.lookup('together:apiKey'), keyring.lookup('together:token')]).toEqual([canaryApiKey, canaryToken]);
  });

  it('IPCTL_API_KEY wins over the keychain, and auth status says env', async () => {
    await ipctl(['auth', 'set-key', '--no-verify'], { input: 'stored-key-0123456789-wxyz' });
    const status = await ipctl(['auth', 'status', '--offline', '--json'], { env: { IPCTL_API_KEY: canaryApiKey } });
    expect(JSON.parse(status.stdout).apiKey).toMatchObject({ value: `****${canaryApiKey.slice(-4)}`, source: 'environment', storage: 'env' });
    const provider = await ipctl(['providers', 'get', 'hubspot', '--json'], { env: { IPCTL_API_KEY: canaryApiKey } });
    expect(provider.code).toBe(0);
  });

  it('--insecure-storage keeps the key in the file, quietly, and removes the keychain copy', async () => {
    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'ci'], { input: 'keychain-key-0123456789-abcd' });
    expect(keyring.lookup('ci:apiKey')).toBe('keychain-key-0123456789-abcd');
    const stored = await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'ci', '--insecure-storage'], { input: canaryApiKey });
    expect(stored.stderr).toBe('Stored the API key of profile "ci" in the profile file.\n');
    expect(stored.code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.ci).toEqual({ apiKey: canaryApiKey });
    expect(keyring.lookup('ci:apiKey')).toBe('');
    const status = await ipctl(['auth', 'status', '--offline', '--json', '--profile', 'ci']);
    expect(JSON.parse(status.stdout).apiKey).toMatchObject({ storage: 'file' });
  });

  it('auth migrate moves every credential of the file into the keychain, each read back first', async () => {
    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'a', '--insecure-storage'], { input: canaryApiKey });
    await ipctl(['auth', 'set-token', '--no-verify', '--profile', 'a', '--insecure-storage'], { input: canaryToken });
    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'b', '--insecure-storage'], { input: 'second-key-0123456789-efgh' });
    const migrated = await ipctl(['auth', 'migrate']);
    expect(migrated.stderr).toBe(
      [
        `Moved the API key of profile "a" to ${keychainName}.`,
        `Moved the bearer token of profile "a" to ${keychainName}.`,
        `Moved the API key of profile "b" to ${keychainName}.`,
        '',
      ].join('\n'),
    );
    expect(migrated.code).toBe(0);
    expect([keyring.lookup('a:apiKey'), keyring.lookup('a:token'), keyring.lookup('b:apiKey')]).toEqual([canaryApiKey, canaryToken, 'second-key-0123456789-efgh']);
    const text = configFilesText();
    for (const secret of [canaryApiKey, canaryToken, 'second-key-0123456789-efgh']) expect(text).not.toContain(secret);
    const status = await ipctl(['auth', 'status', '--offline', '--json', '--profile', 'a']);
    expect(JSON.parse(status.stdout)).toMatchObject({ apiKey: { storage: 'keyring' }, token: { storage: 'keyring' } });
    const again = await ipctl(['auth', 'migrate']);
    expect(again.stderr).toBe('The profile file holds no credential; nothing to move.\n');
    expect(again.code).toBe(0);
  });

  it('auth migrate killed at any moment leaves every credential readable from the file or the keychain', async () => {
    const credentialsOf = (round: string) => Array.from({ length: 4 }, (_, index) => ({ profile: `${round}-p${index}`, key: `migrate-key-${round}-${index}-0123456789abcdef` }));
    const startMigration = (round: string) => {
      const dir = tempDir();
      const profiles = Object.fromEntries(credentialsOf(round).map(({ profile, key }) => [profile, { apiKey: key }]));
      writeFileSync(join(dir.path, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
      const env = { ...sandboxEnv({ IPCTL_CONFIG_DIR: dir.path }), ...keyring.env };
      const child = spawn(process.execPath, [ipctlBin, 'auth', 'migrate'], { env: cleanEnv(env), stdio: 'ignore' });
      return { dir, env, child, ended: new Promise<number | null>((resolve) => child.on('close', resolve)) };
    };
    // How long a whole run takes here; the kills fall across it.
    const began = Date.now();
    const whole = startMigration('whole');
    expect(await whole.ended).toBe(0);
    const wholeMs = Date.now() - began;
    whole.dir.remove();

    const movedBeforeKill: number[] = [];
    for (const [index, fraction] of [0.1, 0.3, 0.45, 0.6, 0.7, 0.8, 0.9, 1].entries()) {
      const round = `kill${index}`;
      const run = startMigration(round);
      setTimeout(() => run.child.kill('SIGKILL'), Math.round(wholeMs * fraction));
      await run.ended;
      const file = JSON.parse(readFileSync(join(run.dir.path, 'config.json'), 'utf8'));
      movedBeforeKill.push(credentialsOf(round).filter(({ profile }) => file.profiles[profile]?.credentialStore?.apiKey === 'keyring').length);
      for (const { profile, key } of credentialsOf(round)) {
        const inFile = file.profiles[profile]?.apiKey === key;
        const inKeychain = file.profiles[profile]?.credentialStore?.apiKey === 'keyring' && keyring.lookup(`${profile}:apiKey`) === key;
        expect(inFile || inKeychain, `${profile}, killed at ${fraction} of a run`).toBe(true);
      }
      // The next run finishes the move.
      const finished = await runIpctl(['auth', 'migrate'], { env: run.env });
      expect(finished.code).toBe(0);
      expect(readFileSync(join(run.dir.path, 'config.json'), 'utf8')).not.toContain('migrate-key-');
      for (const { profile, key } of credentialsOf(round)) expect(keyring.lookup(`${profile}:apiKey`)).toBe(key);
      run.dir.remove();
    }
    console.log(`auth migrate, killed ever later in a ${wholeMs} ms run, had moved ${movedBeforeKill.join(', ')} of 4 credentials`);
  }, 120_000);

  it('Ctrl-C while the keychain helper waits ends the helper too: exit 130, and nothing is stored, then or later', async () => {
    // The keyring is stopped, so the helper is caught waiting on it; once ipctl has exited the keyring runs again.
    keyring.roundTrip();
    const daemon = keyring.daemonPid();
    process.kill(daemon, 'SIGSTOP');
    let helper: number | undefined;
    let result: Awaited<ReturnType<RunningIpctl['result']>>;
    try {
      const running = startIpctl(['auth', 'set-key', '--no-verify', '--profile', 'interrupted'], { env: { ...sandboxEnv(), ...keyring.env }, input: canaryApiKey });
      helper = await firstChildOf(running.child.pid!);
      running.child.kill('SIGINT');
      result = await running.result();
    } finally {
      process.kill(daemon, 'SIGCONT');
    }
    expect(result.code).toBe(130);
    // Gone before ipctl exited: it cannot store anything after.
    expect(isRunning(helper)).toBe(false);
    expect(result.stderr).toBe(`Error: Interrupted while waiting for ${keychainName}; its helper was stopped.\n`);
    keyring.roundTrip();
    expect(keyring.lookup('interrupted:apiKey')).toBe('');
    expect(existsSync(configFile()) ? configFilesText() : '').not.toContain(canaryApiKey);
  });

  it('profile remove and auth logout delete the keychain entries too', async () => {
    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'gone'], { input: canaryApiKey });
    await ipctl(['auth', 'set-token', '--no-verify', '--profile', 'gone'], { input: canaryToken });
    const removed = await ipctl(['profile', 'remove', 'gone', '--yes']);
    expect(removed.stderr).toBe('Removed profile "gone".\n');
    expect(removed.code).toBe(0);
    expect([keyring.lookup('gone:apiKey'), keyring.lookup('gone:token')]).toEqual(['', '']);

    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'out'], { input: canaryApiKey });
    const loggedOut = await ipctl(['auth', 'logout', '--profile', 'out', '--yes']);
    expect(loggedOut.stderr).toBe('Removed the credentials of profile "out".\n');
    expect(loggedOut.code).toBe(0);
    expect(keyring.lookup('out:apiKey')).toBe('');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.out).toEqual({});
    const status = await ipctl(['auth', 'status', '--offline', '--profile', 'out']);
    expect(status.code).toBe(4);
  });

  it('auth logout where the keychain cannot be reached removes what it can, keeps the marker of what it cannot, exits 5, and a second run finishes', async () => {
    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'out'], { input: canaryApiKey });
    await ipctl(['auth', 'set-token', '--no-verify', '--profile', 'out', '--insecure-storage'], { input: canaryToken });
    const noBus = { DBUS_SESSION_BUS_ADDRESS: undefined };
    const first = await ipctl(['auth', 'logout', '--profile', 'out', '--yes'], { env: noBus });
    expect(first.stderr).toBe(
      'Removed the bearer token of profile "out".\n' +
        'Error: The API key of profile "out" could not be removed from the OS keychain (no D-Bus session); it stays there, and the profile still points at it.\n' +
        'Run `ipctl auth logout --profile out` again where the keychain can be reached (a desktop session with the keyring unlocked).\n',
    );
    expect(first.code).toBe(5);
    expect(keyring.lookup('out:apiKey')).toBe(canaryApiKey);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.out).toEqual({ credentialStore: { apiKey: 'keyring' } });
    expect(configFilesText()).not.toContain(canaryToken);

    const second = await ipctl(['auth', 'logout', '--profile', 'out', '--yes']);
    expect(second.stderr).toBe('Removed the credentials of profile "out".\n');
    expect(second.code).toBe(0);
    expect(keyring.lookup('out:apiKey')).toBe('');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.out).toEqual({});
  });

  it('profile remove where the keychain cannot be reached keeps the profile, exits 5, and a second run finishes', async () => {
    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'gone'], { input: canaryApiKey });
    await ipctl(['auth', 'set-token', '--no-verify', '--profile', 'gone'], { input: canaryToken });
    const first = await ipctl(['profile', 'remove', 'gone', '--yes'], { env: { DBUS_SESSION_BUS_ADDRESS: undefined } });
    expect(first.stderr).toBe(
      'Error: Profile "gone" was not removed: its API key and bearer token could not be removed from the OS keychain (no D-Bus session).\n' +
        'Run `ipctl profile remove gone` again where the keychain can be reached (a desktop session with the keyring unlocked).\n',
    );
    expect(first.code).toBe(5);
    expect([keyring.lookup('gone:apiKey'), keyring.lookup('gone:token')]).toEqual([canaryApiKey, canaryToken]);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.gone).toEqual({ credentialStore: { apiKey: 'keyring', token: 'keyring' } });

    const second = await ipctl(['profile', 'remove', 'gone', '--yes']);
    expect(second.stderr).toBe('Removed profile "gone".\n');
    expect(second.code).toBe(0);
    expect([keyring.lookup('gone:apiKey'), keyring.lookup('gone:token')]).toEqual(['', '']);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.gone).toBeUndefined();
  });

  it('auth status where the keyring cannot be reached says the key is kept there and why, not that none is configured, exit 4', async () => {
    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'far'], { input: canaryApiKey });
    const status = await ipctl(['auth', 'status', '--offline', '--profile', 'far'], { env: { DBUS_SESSION_BUS_ADDRESS: undefined } });
    expect(status.code).toBe(4);
    expect(status.stdout).toContain('API key\tkept, but cannot be read here (keyring)\tprofile "far"');
    expect(status.stderr).toBe(
      `The API key of profile "far" is kept in ${keychainName}, which cannot be read here: no D-Bus session.\n` +
        'Unlock the keyring and try again, give the API key in IPCTL_API_KEY, or keep it in the profile file: ipctl auth set-key --insecure-storage --profile far\n',
    );
    const reachable = await ipctl(['auth', 'status', '--offline', '--profile', 'far']);
    expect(reachable.code).toBe(0);
  });

  it('a keychain entry removed behind ipctl\'s back reads as a missing credential', async () => {
    await ipctl(['auth', 'set-key', '--no-verify', '--profile', 'lost'], { input: canaryApiKey });
    await runIpctl(['profile', 'add', 'other'], { env: { ...sandboxEnv(), ...keyring.env } });
    await new Promise<void>((resolve, reject) =>
      spawn('secret-tool', ['clear', 'service', 'ipctl', 'username', 'lost:apiKey'], { env: keyring.env, stdio: 'ignore' }).on('close', (code) => (code === 0 ? resolve() : reject(new Error(`secret-tool clear: ${code}`)))),
    );
    const status = await ipctl(['auth', 'status', '--offline', '--profile', 'lost']);
    expect(status.code).toBe(4);
    expect(status.stdout).toContain('API key\tmissing from the keyring (keyring)');
  });
});

describe.skipIf(missing !== undefined)(`with a Secret Service that has no keyring unlocked${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let keyring: KeyringSession;
  beforeAll(async () => {
    keyring = await startKeyringSession({ locked: true });
  }, 20_000);
  afterAll(async () => {
    await keyring?.close();
  });

  it('set-key stores in the profile file and says why, once', async () => {
    const stored = await runIpctl(['auth', 'set-key', '--no-verify'], { env: { ...sandboxEnv(), ...keyring.env }, input: canaryApiKey });
    expect(stored.code).toBe(0);
    const notices = stored.stderr.split('\n').filter((line) => line.startsWith('No OS keychain is usable here ('));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toBe(
      `No OS keychain is usable here (the keyring is locked, or has no default collection); kept in ${configFile()} (readable only by you) instead. Use --insecure-storage to choose the file without this notice, or \`ipctl auth migrate\` once a keychain is available.`,
    );
    expect(stored.stderr).not.toContain('debug:');
    expect(stored.stderr).toContain('Stored the API key of profile "default" in the profile file.');
    expect(stored.stderr).not.toContain(canaryApiKey);
    expect(keyring.lookup('default:apiKey')).toBe('');
    const provider = await runIpctl(['providers', 'get', 'hubspot', '--json'], { env: { ...sandboxEnv(), ...keyring.env } });
    expect(provider.code).toBe(0);
  });

  it('with --debug, the notice is followed by the keychain library\'s own words', async () => {
    const stored = await runIpctl(['auth', 'set-key', '--no-verify', '--debug', '--profile', 'traced'], { env: { ...sandboxEnv(), ...keyring.env }, input: canaryApiKey });
    expect(stored.code).toBe(0);
    expect(stored.stderr).toContain('(the keyring is locked, or has no default collection)');
    expect(stored.stderr).toMatch(/^debug: the keychain said: .*no result found/m);
    expect(stored.stderr).not.toContain(canaryApiKey);
  });
});

describe('with no D-Bus session', () => {
  it('set-key stores in the profile file, says so once, and a command that needs the key works', async () => {
    const stored = await runIpctl(['auth', 'set-key', '--no-verify'], { env: sandboxEnv(), input: canaryApiKey });
    expect(stored.stderr).toBe(`${fileNotice(configFile())}Stored the API key of profile "default" in the profile file.\n`);
    expect(stored.code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.default).toEqual({ apiKey: canaryApiKey });
    const found = await runIpctl(['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'email=ada.okafor0@northwindlogistics.example.com', '--json'], {
      env: sandboxEnv(),
    });
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).not.toEqual([]);
    const status = await runIpctl(['auth', 'status', '--offline', '--json'], { env: sandboxEnv() });
    expect(JSON.parse(status.stdout).apiKey).toMatchObject({ storage: 'file' });
  });

  it('auth login stores both credentials in the file with one notice', async () => {
    const session = new PtySession(['auth', 'login', '--profile', 'x'], { IPCTL_CONFIG_DIR: config.path });
    await answerLogin(session, canaryApiKey, canaryToken);
    expect(await session.finish()).toBe(0);
    expect(session.screen.match(/No OS keychain is usable here/g)).toHaveLength(1);
    expect(session.screen).toContain('Stored the API key and bearer token of profile "x" in the profile file.');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.x).toEqual({ apiKey: canaryApiKey, token: canaryToken });
  });

  it('auth login with the API key left empty keeps the stored one', async () => {
    await runIpctl(['auth', 'set-key', '--no-verify', '--profile', 'x', '--insecure-storage'], { env: sandboxEnv(), input: canaryApiKey });
    const session = new PtySession(['auth', 'login', '--profile', 'x'], { IPCTL_CONFIG_DIR: config.path });
    await answerLogin(session, '', canaryToken);
    expect(await session.finish()).toBe(0);
    expect(session.screen).toContain('Stored the bearer token of profile "x" in the profile file.');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.x).toEqual({ apiKey: canaryApiKey, token: canaryToken });
  });

  it('a credential the profile keeps in the keychain is reported unreadable when a request needs it, exit 4', async () => {
    writeFileSync(configFile(), JSON.stringify({ current: 'default', profiles: { default: { credentialStore: { apiKey: 'keyring' } } } }), { mode: 0o600 });
    const org = await runIpctl(['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'city=Paris'], { env: sandboxEnv() });
    expect(org.code).toBe(4);
    expect(org.stderr).toContain(`Error: The API key of profile "default" is kept in ${keychainName}, which cannot be read here: no D-Bus session.`);
    expect(org.stderr).toContain('ipctl auth set-key --insecure-storage');
    const status = await runIpctl(['auth', 'status', '--offline'], { env: sandboxEnv() });
    expect(status.code).toBe(4);
    expect(status.stderr).toContain('which cannot be read here: no D-Bus session.');
    // IPCTL_API_KEY needs no keychain.
    const withEnv = await runIpctl(['auth', 'status', '--offline', '--json'], { env: sandboxEnv({ IPCTL_API_KEY: canaryApiKey }) });
    expect(withEnv.code).toBe(0);
    expect(JSON.parse(withEnv.stdout).apiKey).toMatchObject({ storage: 'env' });
  });

  it('auth migrate says that no keychain is usable, exits 1, and leaves the file as it was', async () => {
    await runIpctl(['auth', 'set-key', '--no-verify', '--insecure-storage'], { env: sandboxEnv(), input: canaryApiKey });
    const before = readFileSync(configFile(), 'utf8');
    const migrated = await runIpctl(['auth', 'migrate'], { env: sandboxEnv() });
    expect(migrated.code).toBe(1);
    expect(migrated.stderr).toContain('No OS keychain is usable here (no D-Bus session); the credentials stay in');
    expect(migrated.stderr).not.toContain(canaryApiKey);
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
  });
});

describe('a keychain that does not answer', () => {
  let hung: Server;
  const sockets: Socket[] = [];
  let socketPath: string;
  let dir: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    dir = tempDir();
    socketPath = join(dir.path, 'bus');
    // A D-Bus address whose listener accepts and never says a word.
    hung = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hung.listen(socketPath, resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hung.close(resolve));
    dir.remove();
  });

  it('is given up after IPCTL_KEYRING_TIMEOUT with an error naming the store, exit 5, and nothing stored', async () => {
    const started = Date.now();
    const stored = await runIpctl(['auth', 'set-key', '--no-verify'], { env: sandboxEnv({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socketPath}`, IPCTL_KEYRING_TIMEOUT: '1' }), input: canaryApiKey });
    expect(stored.code).toBe(5);
    expect(stored.stderr).toContain('Error: The Secret Service keyring (D-Bus) did not answer within 1 second; stopped waiting.');
    expect(stored.stderr).not.toContain(canaryApiKey);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(() => readFileSync(configFile())).toThrow();
  });

  it('is never asked by --version, --help, completion or profile commands', async () => {
    // An unusable IPCTL_KEYRING_TIMEOUT fails any command that reaches the keychain.
    const env = sandboxEnv({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socketPath}`, IPCTL_KEYRING_TIMEOUT: 'never' });
    await runIpctl(['profile', 'add', 'p'], { env });
    for (const args of [['--version'], ['--help'], ['auth', 'set-key', '--no-verify', '--help'], ['completion', 'bash'], ['profile', 'list'], ['profile', 'show', 'p'], ['version']]) {
      const result = await runIpctl(args, { env });
      expect(result.code, args.join(' ')).toBe(0);
    }
    const stored = await runIpctl(['auth', 'set-key', '--no-verify'], { env, input: canaryApiKey });
    expect(stored.code).toBe(2);
    expect(stored.stderr).toContain('IPCTL_KEYRING_TIMEOUT must be a number of seconds');
  });
});
