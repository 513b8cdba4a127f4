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
  // --offline: the dependencies come from the npm cache that `npm ci` filled, never the network.
  execFileSync('npm', ['install', '--global', '--offline', '--no-audit', '--no-fund', '--prefix', join(prefix.path, 'global'), join(prefix.path, tarball)], {
    cwd: prefix.path,
    stdio: 'pipe',
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
  });

  it('ships the completion scripts, the same as the installed ipctl prints', async () => {
    const installed = join(prefix.path, 'global', 'lib', 'node_modules', 'ipctl', 'completions');
    expect(readdirSync(installed).sort()).toEqual(['_ipctl', 'ipctl.bash', 'ipctl.fish', 'ipctl.ps1']);
    const bash = await runProcess(join(prefix.path, 'global', 'bin', 'ipctl'), ['completion', 'bash']);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toBe(readFileSync(join(installed, 'ipctl.bash'), 'utf8'));
  });
});
