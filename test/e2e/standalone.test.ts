import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { repoRoot, tempDir } from '../helpers/cli.js';
import { keys, PtySession } from '../helpers/pty.js';
import { bashOffers } from '../helpers/shells.js';

// The standalone executable that `npm run package` builds (.ci/run builds it once, before the tests).
// Building it takes a while and fetches Node 24, so the tests do not: without it they skip, saying why.
const name = `ipctl-${packageJson.version}-${process.platform}-${process.arch}`;
const executable = join(repoRoot, 'release', name);
const built = existsSync(executable);
if (!built) console.warn(`skipping the standalone executable's tests: ${executable} is not built (npm run package builds it)`);
else if (statSync(executable).mtimeMs < newestSource()) console.warn(`${executable} was built before the latest change to src/: npm run package rebuilds it`);

function newestSource(): number {
  const src = join(repoRoot, 'src');
  return Math.max(...readdirSync(src, { recursive: true, encoding: 'utf8' }).map((file) => statSync(join(src, file)).mtimeMs));
}

interface SandboxLine {
  baseUrl: string;
  searchUrl: string;
  org: string;
  apiKey: string;
  token: string;
}

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

let home: ReturnType<typeof tempDir>;
let sandbox: ChildProcess;
let announced: SandboxLine;

/** Only what `env -i PATH=/usr/bin:/bin HOME=…` leaves: no node on PATH beyond the system's, nothing of this process. */
function bareEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: '/usr/bin:/bin', HOME: home.path, ...extra };
}

function apiEnv(): Record<string, string> {
  return bareEnv({ IPCTL_BASE_URL: announced.baseUrl, IPCTL_SEARCH_URL: announced.searchUrl, IPCTL_API_KEY: announced.apiKey, IPCTL_TOKEN: announced.token });
}

function runExecutable(args: string[], env: Record<string, string>): Promise<Result> {
  return new Promise((resolve) => {
    execFile(executable, args, { env, encoding: 'utf8', timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The executable's sandbox, started as a user would in the background; resolves with the JSON line it prints. */
function startSandbox(): Promise<SandboxLine> {
  sandbox = spawn(executable, ['sandbox', '--port', '0', '--json'], { env: bareEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  sandbox.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    createInterface({ input: sandbox.stdout! }).once('line', (line) => resolve(JSON.parse(line) as SandboxLine));
    sandbox.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before announcing itself: ${stderr}`)));
  });
}

describe.skipIf(!built)('the standalone executable, run with no node of its own on PATH', () => {
  beforeAll(async () => {
    home = tempDir('ipctl-standalone-');
    announced = await startSandbox();
  });
  afterAll(async () => {
    if (sandbox && sandbox.exitCode === null) {
      const exited = new Promise((resolve) => sandbox.once('exit', resolve));
      sandbox.kill('SIGTERM');
      await exited;
    }
    home?.remove();
  });

  it('has its sha256 beside it, in the form `sha256sum -c` reads', async () => {
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256').update(readFileSync(executable)).digest('hex');
    expect(readFileSync(`${executable}.sha256`, 'utf8')).toBe(`${digest}  ${name}\n`);
  });

  it('answers --version', async () => {
    expect(await runExecutable(['--version'], bareEnv())).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });

  it('says in `ipctl version` that it is the standalone executable, with the Node inside', async () => {
    const result = await runExecutable(['version', '--json'], bareEnv());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ version: packageJson.version, installedAs: 'standalone executable', node: expect.stringMatching(/^24\./) });
  });

  it('prints the --help overview without files beside it', async () => {
    const result = await runExecutable(['--help'], bareEnv());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: ipctl \[options\] \[command\]/);
    expect(result.stdout).toContain('providers');
  });

  it('runs its own sandbox in the background', () => {
    expect(announced).toMatchObject({ baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/), org: 'org_demo' });
    expect(sandbox.exitCode).toBeNull();
  });

  it('runs providers get against that sandbox', async () => {
    const result = await runExecutable(['providers', 'get', 'salesforce', '-o', 'json'], apiEnv());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'salesforce', displayName: 'Salesforce' });
  });

  it('runs orgs get against that sandbox, and reports an API error with its exit code', async () => {
    const result = await runExecutable(['orgs', 'get', 'org_demo', '-o', 'json'], apiEnv());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'org_demo' });
    const missing = await runExecutable(['orgs', 'get', 'org_unknown'], apiEnv());
    expect(missing.code).toBe(3);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('org_unknown');
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });

  it('ignores NODE_OPTIONS, as a Go binary would: a --require there runs nothing inside it', async () => {
    const marker = join(home.path, 'preloaded');
    const preload = join(home.path, 'preload.cjs');
    writeFileSync(preload, `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran'); process.stderr.write('PRELOAD RAN\\n');\n`);
    const options = { NODE_OPTIONS: `--require ${preload}` };
    // The same preload does run under a plain node: the option is one that would act if obeyed.
    const control = await new Promise<Result>((resolve) => {
      execFile(process.execPath, ['-e', '0'], { env: bareEnv(options), encoding: 'utf8' }, (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }));
    });
    expect(control.stderr).toBe('PRELOAD RAN\n');
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    const version = await runExecutable(['--version'], bareEnv(options));
    expect(version).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
    const result = await runExecutable(['providers', 'get', 'salesforce', '-o', 'json'], { ...apiEnv(), ...options });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'salesforce' });
    expect(existsSync(marker)).toBe(false);
  });

  it('writes and reads the profile store under HOME', async () => {
    const added = await runExecutable(['profile', 'add', 'standalone', '--org', 'org_demo'], bareEnv());
    expect(added.stderr).toContain(`Added profile "standalone" in ${home.path}/`);
    expect(added.code).toBe(0);
    const listed = await runExecutable(['profile', 'list', '-o', 'json'], bareEnv());
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'standalone' })]);
  });

  it('prints a bash completion script that calls ipctl, which completes through the executable', async () => {
    const result = await runExecutable(['completion', 'bash'], bareEnv());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ipctl __complete');
    expect(result.stdout).not.toMatch(/\bnode\b/);
    // The executable installed as `ipctl` on PATH, as the README says; a profile to complete.
    const bin = join(home.path, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(executable, join(bin, 'ipctl'));
    const script = join(home.path, 'ipctl.bash');
    writeFileSync(script, result.stdout);
    await runExecutable(['profile', 'add', 'completed', '--org', 'org_demo'], bareEnv());
    const offers = await bashOffers(script, ['ipctl prov', 'ipctl --profile com'], bareEnv({ PATH: `${bin}:/usr/bin:/bin` }));
    expect(offers.get('ipctl prov')).toEqual(['providers']);
    expect(offers.get('ipctl --profile com')).toEqual(['completed']);
  });

  it('prompts in a terminal (auth login), without echoing the secrets, and keeps them in the file: it holds no keychain module', async () => {
    const config = join(home.path, 'prompted');
    const session = new PtySession(['auth', 'login', '--profile', 'work'], { HOME: home.path, IPCTL_CONFIG_DIR: config }, [executable]);
    await session.expect('API key');
    session.send(`sk_standalone_CANARY_0123456789${keys.enter}`);
    await session.expect('Bearer token');
    session.send(`tok_standalone_CANARY_9876543210${keys.enter}`);
    expect(await session.finish()).toBe(0);
    expect(session.screen).toContain('This build of ipctl keeps credentials in the profile file');
    expect(session.screen).not.toContain('migrate');
    expect(session.screen).toContain('Stored the API key and bearer token of profile "work" in the profile file.');
    expect(session.screen).not.toContain('CANARY');
    expect(JSON.parse(readFileSync(join(config, 'config.json'), 'utf8')).profiles.work).toEqual({
      apiKey: 'sk_standalone_CANARY_0123456789',
      token: 'tok_standalone_CANARY_9876543210',
    });
  });

  it('says that it cannot use a keychain: auth migrate refuses plainly, and a key the npm package kept there is named as such', async () => {
    const config = join(home.path, 'keychained');
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, 'config.json'), JSON.stringify({ current: 'npm', profiles: { npm: { credentialStore: { apiKey: 'keyring' } } } }), { mode: 0o600 });
    const migrated = await runExecutable(['auth', 'migrate'], bareEnv({ IPCTL_CONFIG_DIR: config }));
    expect(migrated.stderr).toBe(
      `Error: This build of ipctl cannot use an OS keychain; it keeps credentials in ${join(config, 'config.json')}.\n` +
        'To keep them in the OS keychain, install the npm package of ipctl and run ipctl auth migrate with it.\n',
    );
    expect(migrated.code).toBe(1);
    const status = await runExecutable(['auth', 'status'], bareEnv({ IPCTL_CONFIG_DIR: config }));
    expect(status.code).toBe(4);
    expect(status.stderr).toBe(
      'The API key of profile "npm" is kept in the OS keychain, which this build of ipctl cannot read.\n' +
        'Give it in IPCTL_API_KEY, use the npm package of ipctl (which reads the keychain), or store it in the profile file: ipctl auth set-key --insecure-storage\n',
    );
  });
});
