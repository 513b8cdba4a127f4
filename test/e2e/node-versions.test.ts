import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ipctlBin, repoRoot, runProcess } from '../helpers/cli.js';
import { useFixture } from '../helpers/sandbox.js';

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
