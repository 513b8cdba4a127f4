// How the built ipctl starts: what its bundle loads first, Node's compile cache,
// the NODE_OPTIONS a user may set, a Node without process.getBuiltinModule, and
// stack traces. The process and the bundle are the point: the built CLI runs.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBuildDir, ipctlBin, repoRoot, runIpctl, runProcess } from '../helpers/cli.js';
import { fileHolding, readMetafile, staticallyLoadedInputs } from '../helpers/metafile.js';
import { useFixture } from '../helpers/sandbox.js';

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
    expect(Object.keys(metafile.inputs)).toContain('src/output/pager.ts');
    expect(staticallyLoadedInputs(metafile, 'main.cjs')).not.toContain('src/output/pager.ts');
    expect(staticallyLoadedInputs(metafile, runChunk!)).toContain('src/output/paging.ts');
    expect(staticallyLoadedInputs(metafile, runChunk!)).not.toContain('src/output/pager.ts');
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
  const runTime = ['src/api/client.ts', 'src/api/operations.ts', 'src/config/store.ts', 'src/connections/bulk/import.ts', 'src/commands/connections/generate-one.ts', 'src/sandbox/server.ts', 'src/completion/scripts/index.ts', 'src/prompts/inquirer.ts', 'src/config/keychain.ts', 'src/config/credentials.ts'];

  it('builds the tree from the registry alone: no command\'s declaration loads with it, and zod/mini gives the global flags their rules', () => {
    const inputs = staticallyLoadedInputs(metafile, runChunk!);
    expect(inputs).toContain('src/commands/registry.ts');
    expect(inputs).toContain('src/commands/globals.ts');
    expect(inputs).toContain('src/context.ts');
    expect(inputs.filter((input) => /^src\/commands\/(orgs|invites|providers|destinations|connections|profile|auth)\//.test(input))).toEqual([]);
    expect(inputs).not.toContain('src/commands/search.ts');
    expect(inputs.some((input) => input.includes('node_modules/zod/v4/mini/'))).toBe(true);
    expect(inputs.filter((input) => runTime.includes(input))).toEqual([]);
    expect(inputs.filter((input) => input.includes('node_modules/commander/'))).toEqual([]);
    expect(Object.keys(metafile.inputs)).toContain('node_modules/commander/index.js');
  });

  const declarations = ['src/commands/orgs/get.ts', 'src/commands/invites/list.ts', 'src/commands/providers/get.ts', 'src/commands/connections/generate.ts', 'src/commands/search.ts', 'src/commands/profile/add.ts', 'src/commands/api.ts', 'src/commands/auth/migrate.ts'];
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
