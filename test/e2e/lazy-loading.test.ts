import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentBuildDir, repoRoot, runIpctl } from '../helpers/cli.js';
import { fileHolding, readMetafile, staticallyLoadedInputs } from '../helpers/metafile.js';

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
