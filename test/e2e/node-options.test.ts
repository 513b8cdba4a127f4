import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { repoRoot, runIpctl } from '../helpers/cli.js';
import { useFixture } from '../helpers/sandbox.js';

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
