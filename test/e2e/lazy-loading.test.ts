// How the built ipctl starts: what its bundle loads first, Node's compile cache,
// the NODE_OPTIONS a user may set, a Node without process.getBuiltinModule, and
// stack traces; a build made while it runs, and the npm package installed. The
// process and the bundle are the point: the built CLI runs.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { currentBuildDir, ipctlBin, repoRoot, runIpctl, runProcess, type RunResult, tempDir } from '../helpers/cli.js';
import { fileHolding, readMetafile, staticallyLoadedInputs } from '../helpers/metafile.js';
import { keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';
import { bashOffers } from '../helpers/shells.js';

describe('start-up loads only what --help and --version need', () => {
  const metafile = readMetafile();
  const runChunk = Object.keys(metafile.outputs).find((output) => /^chunks\/run-\w+\.cjs$/.test(output));

  it('answers --version and --help from main.cjs and the few modules it needs, before any command tree', () => {
    expect(staticallyLoadedInputs(metafile, 'main.cjs').sort()).toEqual([
      'package.json',
      'src/compile-cache.ts',
      'src/config/paths.ts',
      'src/deps.ts',
      'src/errors.ts',
      'src/host-clock.ts',
      'src/host-fs.ts',
      'src/installation.ts',
      'src/main.ts',
      'src/version.ts',
    ]);
  });

  // Every dependency is bundled from node_modules/ into the chunks that use it.
  it.each(['undici', '@inquirer', 'chalk', 'yaml', '@jmespath-community'])('builds the command tree without loading any %s module', (name) => {
    const inputs = staticallyLoadedInputs(metafile, runChunk!);
    // The walk starts at the file that builds the tree: without it, every list below would be empty.
    expect(inputs).toContain('src/run.ts');
    expect(Object.keys(metafile.inputs).some((input) => input.includes(`node_modules/${name}/`))).toBe(true);
    expect(inputs.filter((input) => input.includes(`node_modules/${name}/`))).toEqual([]);
  });

  it("bundles the parts of undici ipctl uses, not undici's index (fetch, WebSocket, caches, mocks)", () => {
    const bundled = Object.keys(metafile.inputs);
    expect(bundled).toContain('node_modules/undici/lib/api/api-request.js');
    expect(bundled).not.toContain('node_modules/undici/index.js');
    expect(bundled.filter((input) => /node_modules\/undici\/lib\/(mock|cache|web\/websocket|web\/cookies)\/|web\/fetch\/index\.js/.test(input))).toEqual([]);
  });

  it('loads chalk only when color is on: the color policy does not import it up front', () => {
    const paintChunk = fileHolding(metafile, 'src/output/paint.ts');
    expect(paintChunk).toBeDefined();
    expect(staticallyLoadedInputs(metafile, paintChunk!).filter((input) => input.includes('node_modules/chalk'))).toEqual([]);
    expect(Object.keys(metafile.inputs).some((input) => input.includes('node_modules/chalk'))).toBe(true);
  });

  it('draws boxed tables only for a terminal: the renderer does not import the drawing up front', () => {
    const renderChunk = fileHolding(metafile, 'src/output/render.ts');
    expect(renderChunk).toBeDefined();
    expect(staticallyLoadedInputs(metafile, renderChunk!)).not.toContain('src/output/draw.ts');
    expect(Object.keys(metafile.inputs)).toContain('src/output/draw.ts');
  });

  it('loads the pager only to page: neither the launcher nor the command tree imports it up front', () => {
    expect(Object.keys(metafile.inputs)).toContain('src/host-pager.ts');
    expect(staticallyLoadedInputs(metafile, 'main.cjs')).not.toContain('src/host-pager.ts');
    expect(staticallyLoadedInputs(metafile, runChunk!)).toContain('src/output/paging.ts');
    expect(staticallyLoadedInputs(metafile, runChunk!)).not.toContain('src/host-pager.ts');
  });

  // Speed comes only from what Node documents: no V8 flags set at run time, no module loader of ipctl's own.
  it('sets no V8 flag at run time and patches no module loading, in any file of the build', () => {
    const files = Object.keys(metafile.outputs).filter((output) => output.endsWith('.cjs'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const code = readFileSync(join(currentBuildDir(), file), 'utf8');
      for (const pattern of ['setFlagsFromString', 'Module._load', '_resolveFilename', 'require.extensions', '_compile(']) expect(code.includes(pattern), `${file}: ${pattern}`).toBe(false);
    }
  });

  it('bundles zod/mini, not classic zod', () => {
    const bundled = Object.keys(metafile.inputs);
    expect(bundled.filter((input) => input.includes('node_modules/zod/v4/mini/')).length).toBeGreaterThan(0);
    expect(bundled.filter((input) => input.includes('node_modules/zod/v4/classic/'))).toEqual([]);
  });

  /**
   * Modules a command loads only when it runs. The context (settings from flags, environment and the
   * profile file) is not one: every command that runs needs it, so it comes in the tree's own file.
   */
  const runTime = ['src/api/client.ts', 'src/api/operations.ts', 'src/config/store.ts', 'src/connections/bulk/import.ts', 'src/commands/connections/generate/one.ts', 'src/sandbox/server.ts', 'src/completion/scripts/index.ts', 'src/prompts/inquirer.ts', 'src/config/keychain.ts', 'src/config/credentials.ts'];

  it('builds the tree from the registry alone: no command\'s declaration loads with it, and zod/mini gives the global flags their rules', () => {
    const inputs = staticallyLoadedInputs(metafile, runChunk!);
    expect(inputs).toContain('src/commands/registry.ts');
    expect(inputs).toContain('src/command-model/globals.ts');
    expect(inputs).toContain('src/context.ts');
    expect(inputs.filter((input) => /^src\/commands\/(orgs|invites|providers|destinations|connections|profile|auth)\//.test(input))).toEqual([]);
    expect(inputs).not.toContain('src/commands/search/index.ts');
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(inputs.filter((input) => runTime.includes(input))).toEqual([]);
    expect(inputs.filter((input) => input.includes('node_modules/commander/'))).toEqual([]);
    expect(Object.keys(metafile.inputs)).toContain('node_modules/commander/index.js');
  });

  const declarations = ['src/commands/orgs/get/index.ts', 'src/commands/invites/list/index.ts', 'src/commands/providers/get/index.ts', 'src/commands/connections/generate/index.ts', 'src/commands/search/index.ts', 'src/commands/profile/add/index.ts', 'src/commands/api/index.ts', 'src/commands/auth/migrate/index.ts'];
  it.each(declarations)('loads %s, a declaration, without any module its command loads to run', (declaration) => {
    const chunk = fileHolding(metafile, declaration);
    expect(chunk).toBeDefined();
    const inputs = staticallyLoadedInputs(metafile, chunk!);
    expect(inputs.filter((input) => runTime.includes(input))).toEqual([]);
    expect(inputs.filter((input) => input !== declaration && declarations.includes(input))).toEqual([]);
  });

  it('prints, for --help in a pipe, the overview that commander renders (saved at build time)', async () => {
    const rendered = await runIpctl(['help']); // always through commander
    const fast = await runIpctl(['--help']);
    expect(rendered.code).toBe(0);
    expect(fast.code).toBe(0);
    expect(fast.stderr).toBe('');
    expect(fast.stdout).toBe(rendered.stdout);
    expect(readFileSync(join(currentBuildDir(), 'overview.txt'), 'utf8')).toBe(rendered.stdout);
  });

  it('prints the overview on stdout when given no command', async () => {
    const overview = await runIpctl([]);
    expect(overview.code).toBe(0);
    expect(overview.stderr).toBe('');
    expect(overview.stdout).toContain('Usage: ipctl');
  });

  it('answers --help and --version', async () => {
    const help = await runIpctl(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: ipctl');
    for (const group of ['orgs', 'invites', 'providers', 'profile', 'auth', 'sandbox']) expect(help.stdout).toContain(`  ${group}`);
    const version = await runIpctl(['--version']);
    expect(version.code).toBe(0);
    const packageVersion = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;
    expect(version.stdout).toBe(`${packageVersion}\n`);
  });

  it('lists the exit codes and the environment variables as help topics', async () => {
    const codes = await runIpctl(['help', 'exit-codes']);
    expect(codes.code).toBe(0);
    for (const code of ['0', '1', '2', '3', '4', '5', '130']) expect(codes.stdout).toMatch(new RegExp(`^  ${code} `, 'm'));
    const environment = await runIpctl(['help', 'environment']);
    // README, Environment variables: "`ipctl help environment` prints the same list" (Node's own variables aside).
    const readmeVariables = [
      'IPCTL_PROFILE', 'IPCTL_BASE_URL', 'IPCTL_SEARCH_URL', 'IPCTL_ORG', 'IPCTL_PROJECT', 'IPCTL_API_KEY', 'IPCTL_TOKEN', 'IPCTL_TIMEOUT',
      'IPCTL_RETRIES', 'IPCTL_RETRY_MAX_WAIT', 'IPCTL_RETRY_BACKOFF', 'IPCTL_CA_FILE', 'IPCTL_DEBUG', 'IPCTL_NO_INPUT', 'IPCTL_QUIET',
      'IPCTL_CONFIG_DIR', 'IPCTL_KEYRING_TIMEOUT', 'IPCTL_CACHE_DIR', 'IPCTL_CONNECTION_API_KEY', 'IPCTL_CONNECTION_PASSWORD',
      'IPCTL_CONNECTION_REFRESH_TOKEN', 'IPCTL_CONNECTION_ACCESS_TOKEN', 'IPCTL_CONNECTION_CUSTOM_<NAME>', 'IPCTL_SANDBOX_API_KEY',
      'IPCTL_SANDBOX_TOKEN', 'NO_COLOR', 'FORCE_COLOR', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'NODE_EXTRA_CA_CERTS',
    ];
    for (const name of readmeVariables) {
      expect(environment.stdout).toContain(name);
    }
  });

  it('shows a command\'s help with examples, through --help or help', async () => {
    for (const args of [['invites', 'list', '--help'], ['help', 'invites', 'list']]) {
      const result = await runIpctl(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: ipctl invites list');
      expect(result.stdout).toContain('--status <status>');
      expect(result.stdout).toContain('Examples:');
      expect(result.stdout).toContain('Exit codes:');
    }
  });
});

describe('the built ipctl: node options', () => {
  // Options a user may set for every Node program they run; ipctl must work under each.

  const fixture = useFixture();

  /** A frame of a stack trace that points into ipctl's TypeScript source, with a line and a column. */
  const sourceFrame = /\(\S*\/src\/[\w/-]+\.ts:\d+:\d+\)/;

  describe.each(['--max-http-header-size=32768', '--enable-source-maps', '--no-warnings'])('under NODE_OPTIONS=%s', (option) => {
    it('runs an API command', async () => {
      const result = await runIpctl(['providers', 'get', 'salesforce', '-o', 'json'], { env: fixture.env({ NODE_OPTIONS: option }) });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).name).toBe('salesforce');
    });

    it('reports an API error, with no stack trace', async () => {
      const result = await runIpctl(['orgs', 'get', 'org_missing'], { env: fixture.env({ NODE_OPTIONS: option }) });
      expect(result.code).toBe(3);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('org_missing');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  });

  /** Makes the built ipctl meet an internal error when it prints (see the preload). */
  const refusingStdout = `--require=${join(repoRoot, 'test/helpers/refusing-stdout.cjs')}`;

  describe('stack traces', () => {
    it('are not shown for an API error, even under --debug', async () => {
      const result = await runIpctl(['--debug', 'orgs', 'get', 'org_missing'], { env: fixture.env() });
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('Not Found');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });

    it('are not shown for invalid input, even under --debug', async () => {
      const result = await runIpctl(['--debug', 'invites', 'list', '--status', 'bogus'], { env: fixture.env() });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--status');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });

    it('are not shown for an internal error without --debug', async () => {
      const result = await runIpctl(['orgs', 'get', 'org_demo'], { env: fixture.env({ NODE_OPTIONS: refusingStdout }) });
      expect(result.code).toBe(70);
      expect(result.stderr).toContain('ipctl failed unexpectedly; this is a bug: planted: stdout refuses writes');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });

    it('point into src/*.ts for an internal error under --debug', async () => {
      const result = await runIpctl(['--debug', 'orgs', 'get', 'org_demo'], { env: fixture.env({ NODE_OPTIONS: refusingStdout }) });
      expect(result.code).toBe(70);
      expect(result.stderr).toMatch(sourceFrame);
      expect(result.stderr).not.toMatch(/dist\/b-\w+\/chunks\//);
    });

    it('point into src/*.ts under IPCTL_DEBUG', async () => {
      const result = await runIpctl(['orgs', 'get', 'org_demo'], { env: fixture.env({ NODE_OPTIONS: refusingStdout, IPCTL_DEBUG: '1' }) });
      expect(result.code).toBe(70);
      expect(result.stderr).toMatch(sourceFrame);
    });

    it('point into src/*.ts under NODE_OPTIONS=--enable-source-maps too', async () => {
      const result = await runIpctl(['orgs', 'get', 'org_demo'], { env: fixture.env({ NODE_OPTIONS: `--enable-source-maps ${refusingStdout}`, IPCTL_DEBUG: '1' }) });
      expect(result.code).toBe(70);
      expect(result.stderr).toMatch(sourceFrame);
    });
  });
});

describe('the built ipctl: node versions', () => {
  // process.getBuiltinModule came with Node 20.16 and 22.3; ipctl supports 20.19 and every newer Node.
  const withoutGetBuiltinModule = join(repoRoot, 'test/helpers/without-get-builtin-module.cjs');

  const fixture = useFixture();

  function runAsOnNode22_0(args: string[]) {
    return runProcess(process.execPath, ['-r', withoutGetBuiltinModule, ipctlBin, ...args], { env: fixture.env() });
  }

  describe('on a Node without process.getBuiltinModule (21.x, 22.0 to 22.2)', () => {
    it('answers --version', async () => {
      const result = await runAsOnNode22_0(['--version']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    });

    it('runs an API command, and reports an API error', async () => {
      const list = await runAsOnNode22_0(['invites', 'list', '-o', 'json']);
      expect(list.stderr).toBe('');
      expect(list.code).toBe(0);
      expect(JSON.parse(list.stdout).length).toBeGreaterThan(0);
      const missing = await runAsOnNode22_0(['orgs', 'get', 'org_unknown']);
      expect(missing.code).toBe(3);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toContain('org_unknown');
    });

    it('writes and reads the profile store', async () => {
      const added = await runAsOnNode22_0(['profile', 'add', 'old-node', '--org', 'org_demo']);
      expect(added.stderr).toMatch(/^Added profile "old-node" in .*config\.json/);
      expect(added.code).toBe(0);
      const listed = await runAsOnNode22_0(['profile', 'list', '-o', 'json']);
      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('old-node');
    });
  });
});

describe('the built ipctl: code cache', () => {
  // ipctl turns on Node's compile cache (module.enableCompileCache(), Node 22.1 and newer) in
  // IPCTL_CACHE_DIR/compile-cache before it loads a command; Node 20 has none, and gets none.
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  const nodeHasCompileCache = major > 22 || (major === 22 && minor >= 1);

  const fixture = useFixture();
  let work: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'ipctl-code-cache-'));
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  /** Every file under dir, with its modification time. */
  function cacheFiles(dir: string): Map<string, number> {
    const files = new Map<string, number>();
    if (!existsSync(dir)) return files;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.set(join(entry.parentPath, entry.name), statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
    return files;
  }

  function getProvider(cacheDir: string, extra: Record<string, string> = {}) {
    return runIpctl(['providers', 'get', 'salesforce', '-o', 'json'], { env: fixture.env({ IPCTL_CACHE_DIR: cacheDir, ...extra }) });
  }

  describe(`Node's compile cache (Node ${process.version}: ${nodeHasCompileCache ? 'has one' : 'has none'})`, () => {
    it('is written by a first run where Node has one, and read, not rewritten, by the next', async () => {
      const cacheDir = join(work, 'fresh');
      const first = await getProvider(cacheDir);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout).name).toBe('salesforce');
      const written = cacheFiles(join(cacheDir, 'compile-cache'));
      expect(written.size > 0).toBe(nodeHasCompileCache);

      const second = await getProvider(cacheDir);
      expect(second.stderr).toBe('');
      expect(second.code).toBe(0);
      expect(second.stdout).toBe(first.stdout);
      // Node accepted every cached entry: nothing was written again.
      expect(cacheFiles(join(cacheDir, 'compile-cache'))).toEqual(written);
    });

    it('is not touched by --version, which loads no command', async () => {
      const cacheDir = join(work, 'version');
      const result = await runIpctl(['--version'], { env: { IPCTL_CACHE_DIR: cacheDir } });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
      expect(existsSync(cacheDir)).toBe(false);
    });

    it('is left alone with NODE_DISABLE_COMPILE_CACHE, as Node documents', async () => {
      const cacheDir = join(work, 'disabled');
      const result = await getProvider(cacheDir, { NODE_DISABLE_COMPILE_CACHE: '1' });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(cacheFiles(cacheDir).size).toBe(0);
    });

    it('goes on as if there were none when its files are damaged', async () => {
      const cacheDir = join(work, 'damaged');
      const clean = await getProvider(cacheDir);
      for (const file of cacheFiles(cacheDir).keys()) writeFileSync(file, 'not a compile cache');
      const damaged = await getProvider(cacheDir);
      expect(damaged.stderr).toBe('');
      expect(damaged.code).toBe(0);
      expect(damaged.stdout).toBe(clean.stdout);
    });

    it('only costs speed when it cannot be written', async () => {
      const notADirectory = join(work, 'a-file');
      writeFileSync(notADirectory, '');
      const result = await getProvider(notADirectory);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).name).toBe('salesforce');
    });
  });
});

describe('the built ipctl: a build while it runs', () => {
  // `npm run build` while ipctl runs: an ipctl that starts at any moment of a build runs, and one
  // that started before it still loads its lazy chunks after the build has switched to the new one.
  // A real build (scripts/build.mjs --out) into a copy of bin/ and dist/, never into the project's
  // dist/, which the other test files run meanwhile.
  const fixture = useFixture();
  let copy: ReturnType<typeof tempDir>;
  let dist: string;

  beforeAll(() => {
    copy = tempDir('ipctl-rebuild-');
    dist = join(copy.path, 'dist');
    cpSync(join(repoRoot, 'bin'), join(copy.path, 'bin'), { recursive: true });
    // The project's current build, under a name no build gives, so that the build below switches to a folder of its own.
    mkdirSync(dist);
    cpSync(currentBuildDir(), join(dist, 'b-before'), { recursive: true });
    writeFileSync(join(dist, 'current.json'), JSON.stringify({ build: 'b-before' }));
  });
  afterAll(() => {
    copy?.remove();
  });

  function copiedIpctl(args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<RunResult> {
    return runProcess(process.execPath, [join(copy.path, 'bin/ipctl.cjs'), ...args], { env, timeoutMs });
  }

  /** scripts/build.mjs run as `npm run build` runs it, into the copy; resolves with its exit code and output once it ends. */
  function build(): { result: Promise<{ code: number | null; output: string }> } {
    const child = spawn(process.execPath, ['scripts/build.mjs', '--out', dist], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    return { result: new Promise((resolve) => child.on('close', (code) => resolve({ code, output }))) };
  }

  /** A server between ipctl and the sandbox that holds every request until release(), then passes it on. */
  async function startHoldingServer(target: string) {
    let arrived!: () => void;
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const server = createServer(async (request, response) => {
      arrived();
      await released;
      try {
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection'].includes(name))) as Record<string, string>;
        const answer = await fetch(new URL(request.url ?? '/', target), { method: request.method, headers });
        const answerHeaders = Object.fromEntries([...answer.headers].filter(([name]) => !['connection', 'content-length', 'transfer-encoding', 'content-encoding', 'keep-alive'].includes(name)));
        response.writeHead(answer.status, answerHeaders).end(Buffer.from(await answer.arrayBuffer()));
      } catch (error) {
        // Shown by ipctl's output, which the test checks.
        response.writeHead(502).end(String(error));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      arrival,
      release,
      close: () => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  interface Run {
    args: string[];
    result: RunResult;
  }

  /** What each run must print: the package's version, and the provider asked for (sandbox seed data). */
  function failures(runs: Run[]): Run[] {
    const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version as string;
    return runs.filter(({ args, result }) => {
      if (result.code !== 0 || result.stderr !== '') return true;
      if (args[0] === '--version') return result.stdout !== `${version}\n`;
      return !/^name: salesforce$/m.test(result.stdout);
    });
  }

  describe('npm run build while ipctl runs', () => {
    it('never leaves a broken ipctl: every run during the build succeeds, and a run started before it loads its lazy chunks after the switch', async () => {
      const holder = await startHoldingServer(new URL(fixture.sandbox.baseUrl).origin);
      // Waiting as long as the build takes: no timeout on a busy machine, and no second attempt.
      const heldEnv = fixture.env({ IPCTL_BASE_URL: `${holder.origin}/v1`, IPCTL_TIMEOUT: '3600', IPCTL_RETRIES: '0' });
      try {
        // Started before the build: it has loaded the command and waits for its answer, before it renders YAML.
        const early = copiedIpctl(['providers', 'get', 'salesforce', '-o', 'yaml'], heldEnv, 540_000);
        await holder.arrival;

        // Runs start at each step of the build, as it shows in the copy: whenever an entry of dist/ (or dist/
        // itself) is made, changed, renamed or removed, such as the build's work folders, the new build's
        // folder, current.json and .npmignore written aside and renamed into place, and an old build removed;
        // and once as it starts and once after its end. Each entry's first event of each kind starts a pair of
        // runs at that moment, rather than runs back to back for the whole build, which slowed the build.
        const runs: Promise<Run>[] = [];
        const commands = [['--version'], ['providers', 'get', 'salesforce', '-o', 'yaml']];
        const startRuns = () => {
          for (const args of commands) runs.push(copiedIpctl(args, fixture.env()).then((result) => ({ args, result })));
        };
        const steps = new Set<string>();
        const onStep = (where: string) => (kind: string, entry: string | null) => {
          const step = `${where}/${entry} ${kind}`;
          if (steps.has(step)) return;
          steps.add(step);
          startRuns();
        };
        const watchers = [watch(dist, onStep('dist')), watch(copy.path, onStep('.'))];
        // A watched folder that is removed reports an error; what its removal broke the runs show.
        for (const watcher of watchers) watcher.on('error', () => {});
        const building = build();
        startRuns();
        const built = await building.result;
        for (const watcher of watchers) watcher.close();
        startRuns();
        const finished = await Promise.all(runs);

        holder.release();
        const late = await early;

        expect(built.code, built.output).toBe(0);
        console.log(`rebuild: ${finished.length} runs of ipctl at ${steps.size} steps of the build, its start and after its end`);
        expect([...steps].filter((step) => step.startsWith('dist/current.json')).length).toBeGreaterThan(0);
        expect(failures(finished)).toEqual([]);
        expect(late.stderr).toBe('');
        expect(late.code).toBe(0);
        expect(late.stdout).toMatch(/^name: salesforce$/m);

        // The build switched to a folder of its own and kept the one before it for the run above.
        const current = JSON.parse(readFileSync(join(dist, 'current.json'), 'utf8')) as { build: string };
        expect(current.build).toMatch(/^b-[0-9a-f]+$/);
        expect(readdirSync(dist).sort()).toEqual(['.npmignore', 'b-before', current.build, 'current.json'].sort());
      } finally {
        holder.release();
        await holder.close();
      }
    }, 600_000);
  });
});

describe('the built ipctl: installed from its npm package', () => {
  const fixture = useFixture();
  let prefix: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    prefix = tempDir('ipctl-install-');
    // --ignore-scripts: dist/ is already built, and rebuilding it would pull it from under tests running in parallel.
    execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', prefix.path], { cwd: repoRoot, stdio: 'pipe' });
    const tarball = readdirSync(prefix.path).find((name) => name.endsWith('.tgz'))!;
    // The package bundles everything it runs (dist/) but the keychain module, whose compiled binary
    // npm picks for the platform: its tarballs come from the npm cache that `npm ci` filled, and its
    // package metadata, which `npm ci` does not fetch, from the registry.
    execFileSync('npm', ['install', '--global', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', join(prefix.path, 'global'), join(prefix.path, tarball)], {
      cwd: prefix.path,
      stdio: 'pipe',
    });
  }, 120_000);

  /** The suffix of the @napi-rs/keyring package built for this machine, as linux-x64-gnu. */
  function nativeTarget(): string {
    if (process.platform !== 'linux') return `${process.platform}-${process.arch}`;
    const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
    return `linux-${process.arch}-${glibc ? 'gnu' : 'musl'}`;
  }

  afterAll(() => {
    prefix.remove();
  });

  describe('the npm package', () => {
    it('installs globally from the tarball and runs', async () => {
      const bin = join(prefix.path, 'global', 'bin', 'ipctl');
      const version = await runProcess(bin, ['--version']);
      expect(version.code).toBe(0);
      expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
      const provider = await runProcess(bin, ['providers', 'get', 'hubspot', '--json'], { env: fixture.env() });
      expect(provider.stderr).toBe('');
      expect(provider.code).toBe(0);
      expect(JSON.parse(provider.stdout).name).toBe('hubspot');
      // The profile store (conf, with its schema validation) runs from the bundle too.
      const configDir = join(prefix.path, 'config');
      const added = await runProcess(bin, ['profile', 'add', 'installed', '--org', 'org_demo'], { env: { IPCTL_CONFIG_DIR: configDir } });
      expect(added.code).toBe(0);
      const listed = await runProcess(bin, ['profile', 'list', '-o', 'json'], { env: { IPCTL_CONFIG_DIR: configDir } });
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('installed');
    });

    it('declares one dependency, the keychain module pinned to one version; everything else is bundled in dist/', () => {
      const installed = join(prefix.path, 'global', 'lib', 'node_modules', 'ipctl');
      const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
      expect(manifest.dependencies).toEqual({ '@napi-rs/keyring': expect.stringMatching(/^\d+\.\d+\.\d+$/) });
      expect(readdirSync(join(installed, 'node_modules'))).toEqual(['@napi-rs']);
      // The module and the binary for this machine: npm installs only the optional package that fits.
      expect(readdirSync(join(installed, 'node_modules', '@napi-rs')).sort()).toEqual(['keyring', `keyring-${nativeTarget()}`]);
    });

    it('holds the current build alone: dist/current.json and the folder it names, not the build kept beside it', () => {
      const dist = join(prefix.path, 'global', 'lib', 'node_modules', 'ipctl', 'dist');
      const { build } = JSON.parse(readFileSync(join(dist, 'current.json'), 'utf8'));
      expect(readdirSync(dist).sort()).toEqual([build, 'current.json'].sort());
      expect(readdirSync(join(dist, build))).toContain('main.cjs');
    });

    it('falls back to the profile file with the installed keychain module where there is no D-Bus session', async () => {
      const bin = join(prefix.path, 'global', 'bin', 'ipctl');
      const env = { IPCTL_CONFIG_DIR: join(prefix.path, 'config-keychain') };
      const stored = await runProcess(bin, ['auth', 'set-key'], { env, input: 'installed-key-0123456789' });
      expect(stored.code).toBe(0);
      expect(stored.stderr).toContain('No OS keychain is usable here (no D-Bus session)');
      const status = await runProcess(bin, ['auth', 'status', '--json'], { env });
      expect(JSON.parse(status.stdout).apiKey).toMatchObject({ value: '****6789', storage: 'file' });
    });

    it('ships the completion scripts, the same as the installed ipctl prints', async () => {
      const installed = join(prefix.path, 'global', 'lib', 'node_modules', 'ipctl', 'completions');
      expect(readdirSync(installed).sort()).toEqual(['_ipctl', 'ipctl.bash', 'ipctl.fish', 'ipctl.ps1']);
      const bash = await runProcess(join(prefix.path, 'global', 'bin', 'ipctl'), ['completion', 'bash']);
      expect(bash.code).toBe(0);
      expect(bash.stdout).toBe(readFileSync(join(installed, 'ipctl.bash'), 'utf8'));
    });
  });
});

describe('the standalone executable', () => {
  // The standalone executable that `npm run package` builds (.ci/run builds it once, before the tests).
  // Building it takes a while and fetches Node 24, so the tests do not: without it they skip, saying why.
  const name = `ipctl-${packageJson.version}-${process.platform}-${process.arch}`;
  const executable = join(repoRoot, 'release', name);
  const built = existsSync(executable);
  if (!built) console.warn(`skipping the standalone executable's tests: ${executable} is not built (npm run package builds it)`);
  else if (statSync(executable).mtimeMs < newestSource()) console.warn(`${executable} was built before the latest change to src/: npm run package rebuilds it`);

  function newestSource(): number {
    const src = join(repoRoot, 'src');
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => !file.endsWith('.test.ts'));
    return Math.max(...sources.map((file) => statSync(join(src, file)).mtimeMs));
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
});
