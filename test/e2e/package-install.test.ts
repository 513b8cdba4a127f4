import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runProcess, tempDir } from '../helpers/cli.js';
import { useFixture } from '../helpers/sandbox.js';

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
