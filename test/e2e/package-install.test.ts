import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runProcess, tempDir } from '../helpers/cli.js';
import { type SandboxFixture, startFixture } from '../helpers/sandbox.js';

let fixture: SandboxFixture;
let prefix: ReturnType<typeof tempDir>;

beforeAll(async () => {
  fixture = await startFixture();
  prefix = tempDir('ipctl-install-');
  // --ignore-scripts: dist/ is already built, and rebuilding it would pull it from under tests running in parallel.
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', prefix.path], { cwd: repoRoot, stdio: 'pipe' });
  const tarball = readdirSync(prefix.path).find((name) => name.endsWith('.tgz'))!;
  // The package bundles everything it runs (dist/), so it has no dependencies to fetch: installed
  // from the file, offline, with an empty npm cache of its own, it needs no registry at all.
  const cache = join(prefix.path, 'npm-cache');
  execFileSync('npm', ['install', '--global', '--offline', '--no-audit', '--no-fund', '--prefix', join(prefix.path, 'global'), join(prefix.path, tarball)], {
    cwd: prefix.path,
    stdio: 'pipe',
    env: { ...process.env, npm_config_cache: cache },
  });
}, 120_000);

afterAll(async () => {
  await fixture.close();
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

  it('declares no dependencies to install: everything it runs is bundled in dist/', () => {
    const manifest = JSON.parse(readFileSync(join(prefix.path, 'global', 'lib', 'node_modules', 'ipctl', 'package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    expect(readdirSync(join(prefix.path, 'global', 'lib', 'node_modules', 'ipctl'))).not.toContain('node_modules');
  });

  it('ships the completion scripts, the same as the installed ipctl prints', async () => {
    const installed = join(prefix.path, 'global', 'lib', 'node_modules', 'ipctl', 'completions');
    expect(readdirSync(installed).sort()).toEqual(['_ipctl', 'ipctl.bash', 'ipctl.fish', 'ipctl.ps1']);
    const bash = await runProcess(join(prefix.path, 'global', 'bin', 'ipctl'), ['completion', 'bash']);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toBe(readFileSync(join(installed, 'ipctl.bash'), 'utf8'));
  });
});
