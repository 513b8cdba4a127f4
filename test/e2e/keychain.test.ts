// Credentials in the OS keychain: a real Secret Service (gnome-keyring on a
// private D-Bus session), checked with secret-tool; and the profile file where
// no keychain is usable. What ipctl stores and reads runs in this process,
// through a build's main() and its keychain helper process; the built CLI is
// spawned where the process is the point (killed, interrupted, at a terminal,
// the files a run leaves in its HOME, TMPDIR and working folder).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, currentBuildDir, ipctlBin, runIpctl, type RunningIpctl, startIpctl, tempDir } from '../helpers/cli.js';
import { apiCommands, commandSecrets, prepareRun } from '../helpers/commands.js';
import { type InProcessOptions, runMain, testClock } from '../helpers/in-process.js';
import { keyringMissing, type KeyringSession, startKeyringSession } from '../helpers/keyring.js';
import { answerLogin, PtySession } from '../helpers/pty.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';
import { useFreshDir } from '../helpers/workspace.js';

const missing = keyringMissing();
if (missing) console.warn(`keychain tests skipped: ${missing}`);

const keychainName = 'the Secret Service keyring (D-Bus)';
const fileNotice = (file: string) =>
  `No OS keychain is usable here (no D-Bus session); kept in ${file} (readable only by you) instead. Use --insecure-storage to choose the file without this notice, or \`ipctl auth migrate\` once a keychain is available.\n`;

const fixture = useFixture();
const config = useFreshDir();

const configFile = () => join(config.path, 'config.json');

/** A child process of `pid` (from /proc) that is not in `seen`, waited for until one shows. */
async function newChildOf(pid: number, seen: ReadonlySet<number> = new Set()): Promise<number> {
  let found: number | undefined;
  await until(() => (found = childrenOf(pid).find((child) => !seen.has(child))) !== undefined, `a new child process of ${pid} showing`);
  return found!;
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
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
    if (parent === pid) children.push(Number(entry));
  }
  return children;
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

/**
 * ipctl's main() from a build (the project's current one unless given), run in this process: its
 * keychain helper is the build's keychain-worker.cjs, found beside main.cjs (src/config/keychain.ts), a
 * child process by design, given the environment of this run. Used where what is stored and read is the
 * point, not the ipctl process; src/main.ts has no helper beside it to run.
 */
function builtIpctl(args: string[], options: { env?: Record<string, string | undefined>; input?: string } = {}, build = currentBuildDir()) {
  const { main } = createRequire(import.meta.url)(join(build, 'main.cjs')) as { main: NonNullable<InProcessOptions['main']> };
  return runMain(args, { env: cleanEnv(options.env), stdin: options.input, main, timeoutMs: 30_000 });
}

describe.skipIf(missing !== undefined)(`with an unlocked Secret Service${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let keyring: KeyringSession;
  beforeAll(async () => {
    keyring = await startKeyringSession();
  }, 20_000);
  afterAll(async () => {
    await keyring?.close();
  });

  const ipctl = (args: string[], options: { env?: Record<string, string | undefined>; input?: string } = {}) => builtIpctl(args, { ...options, env: { ...sandboxEnv(), ...keyring.env, ...options.env } });

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
    // The build alone, with no node_modules above it: as a copy or a build that left the module out.
    const copy = tempDir('ipctl-copy-');
    cpSync(currentBuildDir(), copy.path, { recursive: true });
    const stored = await builtIpctl(['auth', 'set-key', '--no-verify', '--profile', 'copied'], { env: { ...sandboxEnv(), ...keyring.env }, input: canaryApiKey }, copy.path);
    copy.remove();
    expect(stored.stderr).toBe(
      `No OS keychain is usable here (the keychain module is not installed beside ipctl); kept in ${configFile()} (readable only by you) instead. Use --insecure-storage to choose the file without this notice, or \`ipctl auth migrate\` once a keychain is available.\n` +
        'Stored the API key of profile "copied" in the profile file.\n',
    );
    expect(stored.code).toBe(0);
    expect(keyring.lookup('copied:apiKey')).toBe('');
  });

  it('an ipctl built with no keychain support keeps credentials in the file without offering migrate, refuses migrate plainly, and names the keychain for a key kept there', async () => {
    // The build without the keychain worker: as the standalone executable, which has none.
    const copy = tempDir('ipctl-nokeychain-');
    cpSync(currentBuildDir(), copy.path, { recursive: true });
    rmSync(join(copy.path, 'keychain-worker.cjs'));
    const env = { ...sandboxEnv(), ...keyring.env };
    const copied = (args: string[], input?: string) => builtIpctl(args, { env, input }, copy.path);
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
    // The steps of a migration (src/config/credentials.ts): for each profile, in name order, one keychain
    // helper process writes its credentials and reads them back, then one atomic write of the file, under
    // its lock, marks them as kept there. Every boundary between steps is a kill point, found by watching
    // ipctl's child processes, not by timing: as a profile's helper starts (ipctl and the helper killed
    // together, as a power cut would: nothing of it in the keychain yet), and once its helper has answered
    // but ipctl has not written the file (the helper is stopped as it starts while the test takes the file's
    // lock, so ipctl waits for it; killed when the helper has ended). The boundary after the last write is the end of a
    // whole run. Two profiles, the first with both credentials (one helper writes both).
    const credentialsOf = (round: string) => [
      { profile: `${round}-p0`, key: 'apiKey', value: `migrate-key-${round}-0-0123456789abcdef` },
      { profile: `${round}-p0`, key: 'token', value: `migrate-token-${round}-0-0123456789abcdef` },
      { profile: `${round}-p1`, key: 'apiKey', value: `migrate-key-${round}-1-0123456789abcdef` },
    ];
    const profilesOf = (round: string) => [`${round}-p0`, `${round}-p1`];
    const startMigration = (round: string) => {
      const dir = tempDir();
      const profiles: Record<string, Record<string, string>> = {};
      for (const { profile, key, value } of credentialsOf(round)) profiles[profile] = { ...profiles[profile], [key]: value };
      writeFileSync(join(dir.path, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
      const env = { ...sandboxEnv({ IPCTL_CONFIG_DIR: dir.path }), ...keyring.env };
      const child = spawn(process.execPath, [ipctlBin, 'auth', 'migrate'], { env: cleanEnv(env), stdio: 'ignore' });
      return { dir, env, child, ended: new Promise<number | null>((resolve) => child.on('close', resolve)) };
    };
    const whole = startMigration('whole');
    expect(await whole.ended).toBe(0);
    for (const { profile, key, value } of credentialsOf('whole')) expect(keyring.lookup(`${profile}:${key}`)).toBe(value);
    whole.dir.remove();

    const killPoints = profilesOf('').flatMap((_, index) => [
      { helper: index, moment: 'as its helper starts' as const },
      { helper: index, moment: 'after its helper, before the file' as const },
    ]);
    for (const [point, { helper: wanted, moment }] of killPoints.entries()) {
      const round = `kill${point}`;
      const where = `profile ${wanted}, killed ${moment}`;
      const run = startMigration(round);
      const ipctlPid = run.child.pid!;
      const seen = new Set<number>();
      let helper = 0;
      for (let index = 0; index <= wanted; index++) {
        helper = await newChildOf(ipctlPid, seen);
        seen.add(helper);
      }
      // Stopped at once, so that it cannot answer before the kill or the lock below.
      process.kill(helper, 'SIGSTOP');
      const lock = join(run.dir.path, 'config.json.lock');
      if (moment === 'as its helper starts') {
        process.kill(ipctlPid, 'SIGKILL');
        process.kill(helper, 'SIGKILL');
      } else {
        // Held by this live process, named as every version of ipctl reads a holder (pid and host: docs/decisions.md).
        writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname() }), { flag: 'wx' });
        process.kill(helper, 'SIGCONT');
        await until(() => !isRunning(helper), `the keychain helper of ${where} ended`);
        process.kill(ipctlPid, 'SIGKILL');
      }
      await run.ended;
      rmSync(lock, { force: true });
      const file = JSON.parse(readFileSync(join(run.dir.path, 'config.json'), 'utf8'));
      for (const { profile, key, value } of credentialsOf(round)) {
        const inFile = file.profiles[profile]?.[key] === value;
        const inKeychain = file.profiles[profile]?.credentialStore?.[key] === 'keyring' && keyring.lookup(`${profile}:${key}`) === value;
        expect(inFile || inKeychain, `${profile} ${key}, ${where}`).toBe(true);
      }
      const killedAt = profilesOf(round)[wanted]!;
      // The kill fell where it was meant to: this profile's credentials are still in the file, and, once its helper answered, in the keychain too.
      for (const { profile, key, value } of credentialsOf(round).filter(({ profile }) => profile === killedAt)) {
        expect(file.profiles[profile]?.[key], `${profile} ${key}, ${where}`).toBe(value);
        if (moment === 'after its helper, before the file') expect(keyring.lookup(`${profile}:${key}`), `${profile} ${key}, ${where}`).toBe(value);
      }
      // The next run finishes the move.
      const finished = await builtIpctl(['auth', 'migrate'], { env: run.env });
      expect(finished.code).toBe(0);
      expect(readFileSync(join(run.dir.path, 'config.json'), 'utf8')).not.toContain('migrate-');
      for (const { profile, key, value } of credentialsOf(round)) expect(keyring.lookup(`${profile}:${key}`)).toBe(value);
      run.dir.remove();
    }
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
      helper = await newChildOf(running.child.pid!);
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
    await builtIpctl(['profile', 'add', 'other'], { env: { ...sandboxEnv(), ...keyring.env } });
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
    const stored = await builtIpctl(['auth', 'set-key', '--no-verify'], { env: { ...sandboxEnv(), ...keyring.env }, input: canaryApiKey });
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
    const provider = await builtIpctl(['providers', 'get', 'hubspot', '--json'], { env: { ...sandboxEnv(), ...keyring.env } });
    expect(provider.code).toBe(0);
  });

  it('with --debug, the notice is followed by the keychain library\'s own words', async () => {
    const stored = await builtIpctl(['auth', 'set-key', '--no-verify', '--debug', '--profile', 'traced'], { env: { ...sandboxEnv(), ...keyring.env }, input: canaryApiKey });
    expect(stored.code).toBe(0);
    expect(stored.stderr).toContain('(the keyring is locked, or has no default collection)');
    expect(stored.stderr).toMatch(/^debug: the keychain said: .*no result found/m);
    expect(stored.stderr).not.toContain(canaryApiKey);
  });
});

describe('with no D-Bus session', () => {
  it('set-key stores in the profile file, says so once, and a command that needs the key works', async () => {
    const stored = await builtIpctl(['auth', 'set-key', '--no-verify'], { env: sandboxEnv(), input: canaryApiKey });
    expect(stored.stderr).toBe(`${fileNotice(configFile())}Stored the API key of profile "default" in the profile file.\n`);
    expect(stored.code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.default).toEqual({ apiKey: canaryApiKey });
    const found = await builtIpctl(['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'email=ada.okafor0@northwindlogistics.example.com', '--json'], {
      env: sandboxEnv(),
    });
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).not.toEqual([]);
    const status = await builtIpctl(['auth', 'status', '--offline', '--json'], { env: sandboxEnv() });
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
    await builtIpctl(['auth', 'set-key', '--no-verify', '--profile', 'x', '--insecure-storage'], { env: sandboxEnv(), input: canaryApiKey });
    const session = new PtySession(['auth', 'login', '--profile', 'x'], { IPCTL_CONFIG_DIR: config.path });
    await answerLogin(session, '', canaryToken);
    expect(await session.finish()).toBe(0);
    expect(session.screen).toContain('Stored the bearer token of profile "x" in the profile file.');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.x).toEqual({ apiKey: canaryApiKey, token: canaryToken });
  });

  it('a credential the profile keeps in the keychain is reported unreadable when a request needs it, exit 4', async () => {
    writeFileSync(configFile(), JSON.stringify({ current: 'default', profiles: { default: { credentialStore: { apiKey: 'keyring' } } } }), { mode: 0o600 });
    const org = await builtIpctl(['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'city=Paris'], { env: sandboxEnv() });
    expect(org.code).toBe(4);
    expect(org.stderr).toContain(`Error: The API key of profile "default" is kept in ${keychainName}, which cannot be read here: no D-Bus session.`);
    expect(org.stderr).toContain('ipctl auth set-key --insecure-storage');
    const status = await builtIpctl(['auth', 'status', '--offline'], { env: sandboxEnv() });
    expect(status.code).toBe(4);
    expect(status.stderr).toContain('which cannot be read here: no D-Bus session.');
    // IPCTL_API_KEY needs no keychain.
    const withEnv = await builtIpctl(['auth', 'status', '--offline', '--json'], { env: sandboxEnv({ IPCTL_API_KEY: canaryApiKey }) });
    expect(withEnv.code).toBe(0);
    expect(JSON.parse(withEnv.stdout).apiKey).toMatchObject({ storage: 'env' });
  });

  it('auth migrate says that no keychain is usable, exits 1, and leaves the file as it was', async () => {
    await builtIpctl(['auth', 'set-key', '--no-verify', '--insecure-storage'], { env: sandboxEnv(), input: canaryApiKey });
    const before = readFileSync(configFile(), 'utf8');
    const migrated = await builtIpctl(['auth', 'migrate'], { env: sandboxEnv() });
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
    const stored = await builtIpctl(['auth', 'set-key', '--no-verify'], { env: sandboxEnv({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socketPath}`, IPCTL_KEYRING_TIMEOUT: '1' }), input: canaryApiKey });
    expect(stored.code).toBe(5);
    expect(stored.stderr).toContain('Error: The Secret Service keyring (D-Bus) did not answer within 1 second; stopped waiting.');
    expect(stored.stderr).not.toContain(canaryApiKey);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(() => readFileSync(configFile())).toThrow();
  });

  it('is never asked by --version, --help, completion or profile commands', async () => {
    // An unusable IPCTL_KEYRING_TIMEOUT fails any command that reaches the keychain.
    const env = sandboxEnv({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socketPath}`, IPCTL_KEYRING_TIMEOUT: 'never' });
    await builtIpctl(['profile', 'add', 'p'], { env });
    for (const args of [['--version'], ['--help'], ['auth', 'set-key', '--no-verify', '--help'], ['completion', 'bash'], ['profile', 'list'], ['profile', 'show', 'p'], ['version']]) {
      const result = await builtIpctl(args, { env });
      expect(result.code, args.join(' ')).toBe(0);
    }
    const stored = await builtIpctl(['auth', 'set-key', '--no-verify'], { env, input: canaryApiKey });
    expect(stored.code).toBe(2);
    expect(stored.stderr).toContain('IPCTL_KEYRING_TIMEOUT must be a number of seconds');
  });
});

describe('secrets stay out of every output and file', () => {
  // Every command and flag combination that handles a secret, succeeding and
  // failing, with and without --debug: no canary may appear in stdout, stderr
  // (which carries the --debug trace), or any file but the 0600 profile store.
  // Every run goes in-process (main() with test streams), with and without
  // --debug; with --debug, the runs that store, read or send a secret of their
  // own (and one run of each API command) also go through the built CLI, in its
  // own HOME, TMPDIR and working folder, whose files are checked at the end.
  const wrongKey = 'sk_wrong_CANARY_d41d8cd98f00b204e980';
  const wrongToken = 'tok_wrong_CANARY_e9800998ecf8427e55';
  const argvSecret = 'sk_argv_CANARY_0cc175b9c0f1b6a831c3';
  const proxyPassword = 'proxy_pw_CANARY_92eb5ffee6ae2fec3ad7';
  const fileSecret = 'sk_corrupt_CANARY_4a8a08f09d37b73795';
  const promptKey = 'sk_prompt_CANARY_8277e0910d750195b448';
  const promptToken = 'tok_prompt_CANARY_e4da3b7fbbce2345d777';
  const stdinSecret = 'stdin_CANARY_SECRET_a87ff679a2f3e71d9181';
  const envSecret = 'env_CANARY_SECRET_1679091c5a880faf6fb5';
  const canaries = [canaryApiKey, canaryToken, wrongKey, wrongToken, argvSecret, proxyPassword, fileSecret, promptKey, promptToken, stdinSecret, envSecret, ...Object.values(commandSecrets)];

  const fixture = useFixture();
  // HOME, TMPDIR and the working folder of every run; the files the runs read live apart.
  const home = tempDir('ipctl-home-');
  const scratch = tempDir('ipctl-tmp-');
  const work = tempDir('ipctl-cwd-');
  const inputs = tempDir('ipctl-inputs-');

  afterAll(() => {
    for (const dir of [home, scratch, work, inputs]) dir.remove();
  });

  interface Run {
    name: string;
    args: string[];
    env?: Record<string, string | undefined>;
    input?: string;
    /** Runs first, once per variant. */
    before?: () => Promise<void> | void;
    /** With --debug, the built CLI runs it too, so that the files it leaves are checked. */
    spawned?: true;
  }

  const fromProfileOnly = { IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined };
  const corruptStore = () => writeFileSync(join(fixture.configDir, 'config.json'), `{"profiles": {"default": {"apiKey": ${fileSecret}}}}`, { mode: 0o600 });

  const runs: Run[] = [
    // Storing credentials: from stdin, valid and not.
    { name: 'auth set-key from stdin', args: ['auth', 'set-key'], input: `${canaryApiKey}\n`, spawned: true },
    { name: 'auth set-token from stdin', args: ['auth', 'set-token'], input: `${canaryToken}\n`, spawned: true },
    { name: 'auth set-key, two values on stdin', args: ['auth', 'set-key', '--profile', 'spare'], input: `${wrongKey} ${wrongKey}\n` },
    { name: 'auth set-token, two lines on stdin', args: ['auth', 'set-token', '--profile', 'spare'], input: `${wrongToken}\n${wrongToken}\n` },
    { name: 'auth set-key, too long', args: ['auth', 'set-key', '--profile', 'spare'], input: `${wrongKey}${'x'.repeat(9000)}\n` },
    { name: 'auth login without a terminal', args: ['auth', 'login'], spawned: true },
    // Every API command: succeeding, refused, failing on the way, with credentials from the environment or the profile.
    ...apiCommands.flatMap((row): Run[] => [
      { name: `${row.name}`, args: prepareRun(row, inputs.path), env: row.env, input: row.input, spawned: true },
      { name: `${row.name}, credentials from the profile only`, args: prepareRun(row, inputs.path), env: { ...row.env, ...fromProfileOnly }, input: row.input },
      { name: `${row.name}, rejected credentials`, args: prepareRun(row, inputs.path), env: { ...row.env, IPCTL_API_KEY: wrongKey, IPCTL_TOKEN: wrongToken }, input: row.input },
      {
        name: `${row.name}, 503 until it gives up`,
        args: [...prepareRun(row, inputs.path), '--retries', '1'],
        env: row.env,
        input: row.input,
        before: () => fixture.addFaults({ [row.operation]: [{ kind: 'status', status: 503, retryable: true, times: 2 }] }),
      },
      { name: `${row.name}, server unreachable`, args: [...prepareRun(row, inputs.path), '--retries', '1'], env: { ...row.env, IPCTL_BASE_URL: 'http://127.0.0.1:9/v1', IPCTL_SEARCH_URL: 'http://127.0.0.1:9/v1' }, input: row.input },
      { name: `${row.name}, through an unreachable proxy with a password`, args: [...prepareRun(row, inputs.path), '--retries', '0'], env: { ...row.env, HTTP_PROXY: `http://user:${proxyPassword}@127.0.0.1:9` }, input: row.input },
    ]),
    // The secrets of a connection to create and of a destination, from stdin, the environment, or argv (refused).
    ...connectionRuns(),
    { name: 'destinations patch, a secret from stdin', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey=-'], input: `${stdinSecret}\n`, spawned: true },
    { name: 'destinations patch --dry-run', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey=-', '--dry-run', '-o', 'json'], input: `${stdinSecret}\n` },
    { name: 'destinations patch, a secret on argv', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', `awsSecretKey=${argvSecret}`] },
    { name: 'destinations patch, a secret through --set', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--set', `secrets.password=${argvSecret}`] },
    // Showing what is stored.
    { name: 'auth status', args: ['auth', 'status'] },
    { name: 'auth status --json, profile only', args: ['auth', 'status', '--json'], env: fromProfileOnly },
    { name: 'profile list', args: ['profile', 'list'] },
    { name: 'profile show --json', args: ['profile', 'show', '--json'] },
    { name: 'profile add', args: ['profile', 'add', 'other', '--org', 'org_demo'], spawned: true },
    // Secrets on argv are refused without being repeated.
    { name: 'orgs get --api-key=…', args: ['orgs', 'get', `--api-key=${argvSecret}`] },
    { name: 'orgs get --token …', args: ['orgs', 'get', '--token', argvSecret] },
    { name: 'auth set-key --password …', args: ['auth', 'set-key', '--password', argvSecret], input: `${canaryApiKey}\n` },
    { name: 'profile add --secret=…', args: ['profile', 'add', 'x', `--secret=${argvSecret}`] },
    { name: 'an unknown --tokn=…', args: ['orgs', 'get', `--tokn=${argvSecret}`] },
    { name: 'a secret as an argument', args: ['auth', 'set-key', argvSecret], input: `${canaryApiKey}\n` },
    // A corrupt profile file holding a secret: reported without quoting it, then replaced with --force.
    { name: 'profile list on a corrupt file', args: ['profile', 'list'], before: corruptStore, spawned: true },
    { name: 'orgs get on a corrupt file', args: ['orgs', 'get'], env: fromProfileOnly, before: corruptStore, spawned: true },
    { name: 'auth set-key --force over a corrupt file', args: ['auth', 'set-key', '--force'], input: `${canaryApiKey}\n`, before: corruptStore, spawned: true },
    { name: 'auth set-token after --force', args: ['auth', 'set-token'], input: `${canaryToken}\n`, spawned: true },
  ];

  /** Any ten characters in a row of a canary: a part of a secret leaks it too (redaction shows four). */
  const fragments = canaries.flatMap((canary) => Array.from({ length: canary.length - 9 }, (_, start) => canary.slice(start, start + 10)));

  function connectionRuns(): Run[] {
    const pipedrive = ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42', '--workspace', 'acme'];
    const zendesk = ['connections', 'generate', '--project', 'demo', '--provider', 'zendesk', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42', '--workspace', 'acme', '--username', 'agent@acme.test'];
    return [
      { name: 'connections generate, API key from stdin', args: [...pipedrive, '--api-key-file', '-'], input: `${stdinSecret}\n`, spawned: true },
      { name: 'connections generate, API key from the environment', args: pipedrive, env: { IPCTL_CONNECTION_API_KEY: envSecret } },
      { name: 'connections generate --dry-run', args: [...pipedrive, '--api-key-file', '-', '--dry-run', '-o', 'json'], input: `${stdinSecret}\n` },
      { name: 'connections generate, password from stdin', args: [...zendesk, '--password-file', '-'], input: `${stdinSecret}\n`, spawned: true },
      { name: 'connections generate, password from the environment, rejected key', args: zendesk, env: { IPCTL_CONNECTION_PASSWORD: envSecret, IPCTL_API_KEY: wrongKey } },
      { name: 'connections generate, an API key on argv', args: [...pipedrive, '--api-key', argvSecret] },
      { name: 'connections generate, a custom password on argv', args: ['connections', 'generate', '--project', 'demo', '--provider', 'snowflake', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42', '--custom', `password=${argvSecret}`] },
    ];
  }

  function expectNoCanary(text: string, where: string): void {
    const leaked = fragments.find((fragment) => text.includes(fragment));
    expect(leaked, `a canary fragment in ${where}:\n${text}`).toBeUndefined();
  }

  describe('secrets stay out of every output', () => {
    it.each(runs.flatMap((run) => [[`ipctl ${run.name}`, run, false] as const, [`ipctl ${run.name} --debug`, run, true] as const]))('%s', async (_name, run, debug) => {
      await run.before?.();
      const env = fixture.env({ HOME: home.path, TMPDIR: scratch.path, IPCTL_RETRY_BACKOFF: '0.02', ...run.env });
      const args = debug ? [...run.args, '--debug'] : run.args;
      const result = debug && run.spawned ? await runIpctl(args, { env, input: run.input, cwd: work.path }) : await runMain(args, { env: cleanEnv(env), stdin: run.input, clock: testClock(), timeoutMs: 20_000 });
      expect(result.code).not.toBeNull();
      expectNoCanary(result.stdout, 'stdout');
      expectNoCanary(result.stderr, 'stderr');
      // A trace only under --debug, and always for a read command that succeeded.
      const traced = result.stderr.includes('debug: →');
      expect(debug || !traced).toBe(true);
      expect(traced || !(debug && /^(orgs|invites|providers)/.test(run.args[0] ?? '') && result.code === 0)).toBe(true);
    });

    it.each([[[]], [['--debug']]])('auth login %j at no-echo prompts', async (extra) => {
      const session = new PtySession(['auth', 'login', '--profile', 'prompted', ...extra], { IPCTL_CONFIG_DIR: fixture.configDir, HOME: home.path, TMPDIR: scratch.path });
      await answerLogin(session, promptKey, promptToken);
      expect(await session.finish()).toBe(0);
      expect(session.screen).toContain('Stored the API key and bearer token of profile "prompted" in the profile file.');
      expectNoCanary(session.screen, 'the terminal');
    });

    it('leaves secrets in no file but the 0600 profile store', () => {
      const files = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
      // No temporary file is left behind, in TMPDIR or the working folder.
      for (const dir of [scratch.path, work.path]) expect(files(dir), dir).toEqual([]);
      const stores = files(fixture.configDir);
      const names = stores.map((file) => file.slice(fixture.configDir.length + 1)).sort();
      // The store, and the two corrupt stores that --force moved aside (one per variant of that run).
      expect(names).toEqual(['config.json', expect.stringMatching(/^config\.json\.corrupt-/), expect.stringMatching(/^config\.json\.corrupt-/)]);
      for (const file of stores) expect(statSync(file).mode & 0o777).toBe(0o600);
      // Anything else ipctl wrote (such as its code cache under HOME) holds no secret.
      for (const file of files(home.path)) expectNoCanary(readFileSync(file).toString('latin1'), file);
      const store = JSON.parse(readFileSync(join(fixture.configDir, 'config.json'), 'utf8'));
      expect(store.profiles.default).toEqual({ apiKey: canaryApiKey, token: canaryToken });
      expect(store.profiles.prompted).toEqual({ apiKey: promptKey, token: promptToken });
    });
  });
});
