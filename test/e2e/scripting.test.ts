import { describe, expect, it } from 'vitest';
import { ipctlBin, runIpctl, runProcess } from '../helpers/cli.js';
import { expectFailed, ipctl } from '../helpers/in-process.js';
import { keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();

describe('--query', () => {
  it('applies a JMESPath expression to the JSON output', async () => {
    const result = await ipctl(['invites', 'list', '--query', "[?status=='pending'].invitedEmail"], { env: fixture.env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(['ana.silva@example.com', 'raj.patel@example.com']);
  });

  it('works with yaml output', async () => {
    const result = await ipctl(['orgs', 'get', '-o', 'yaml', '--query', '{id: id, label: label}'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('id: org_demo\nlabel: Acme Demo\n');
  });

  it('rejects an invalid expression with exit 2 before sending anything', async () => {
    await fixture.clearRequests();
    const result = await ipctl(['orgs', 'get', '--query', 'label['], { env: fixture.env() });
    expectFailed(result, 2, '--query', 'not a valid JMESPath expression');
    expect(await fixture.requests()).toEqual([]);
  });

  it('refuses to combine with a table', async () => {
    const result = await ipctl(['orgs', 'get', '-o', 'table', '--query', 'id'], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--query works on documents');
  });
});

describe('-o yaml', () => {
  it('prints the API object as YAML', async () => {
    const result = await ipctl(['invites', 'list', '-o', 'yaml'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^- id: inv_demo_/);
    expect(result.stdout).toContain('  invitedEmail: li.wei@example.com');
  });

  it('prints problems as YAML on stderr', async () => {
    const result = await ipctl(['orgs', 'get', 'org_missing', '-o', 'yaml'], { env: fixture.env() });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^status: 404$/m);
    expect(result.stderr).toMatch(/^exitCode: 3$/m);
  });
});

describe('version', () => {
  it('prints the version, how ipctl was installed, and Node and platform details', async () => {
    const result = await runIpctl(['version', '--json']);
    expect(result.code).toBe(0);
    const details = JSON.parse(result.stdout);
    expect(details).toMatchObject({ installedAs: 'npm package', node: process.versions.node, platform: process.platform, arch: process.arch });
    expect((await runIpctl(['--version'])).stdout).toBe(`${details.version}\n`);
  });
});

describe('a closed stdout', () => {
  it('ends quietly, without a stack trace', async () => {
    // `true` exits at once, so ipctl writes into a pipe nobody reads.
    const script = `set -o pipefail; "${process.execPath}" "${ipctlBin}" invites list --json | true`;
    const result = await runProcess('bash', ['-c', script], { env: fixture.env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('a slow reader', () => {
  // A 4 KiB non-blocking pipe that is read only after half a second: writes to it would block,
  // so ipctl must hand the rest to Node's stream and still deliver every byte, in order.
  const slowReader = `
import fcntl, os, subprocess, sys, time
r, w = os.pipe()
fcntl.fcntl(w, 1031, 4096)  # F_SETPIPE_SZ
fcntl.fcntl(w, fcntl.F_SETFL, fcntl.fcntl(w, fcntl.F_GETFL) | os.O_NONBLOCK)
child = subprocess.Popen(sys.argv[1:], stdout=w)
os.close(w)
time.sleep(0.5)
while True:
    chunk = os.read(r, 65536)
    if not chunk: break
    sys.stdout.buffer.write(chunk)
sys.exit(child.wait())
`;

  it('of a small non-blocking pipe gets all the output', async () => {
    const direct = await runIpctl(['completion', 'zsh']);
    expect(direct.code).toBe(0);
    expect(direct.stdout.length).toBeGreaterThan(16 * 1024);
    const slow = await runProcess('python3', ['-c', slowReader, process.execPath, ipctlBin, 'completion', 'zsh']);
    expect(slow.stderr).toBe('');
    expect(slow.code).toBe(0);
    expect(slow.stdout).toBe(direct.stdout);
  });
});

describe('an output that cannot be written', () => {
  it.each([[['--version']], [['invites', 'list', '--json']]])('ends %j with one line on stderr and exit 1, without a stack trace', async (args) => {
    const script = `"${process.execPath}" "${ipctlBin}" ${args.join(' ')} > /dev/full`;
    const result = await runProcess('bash', ['-c', script], { env: fixture.env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('Error: cannot write the output: ENOSPC: no space left on device, write\n');
  });
});

describe('prompts are off with --no-input, IPCTL_NO_INPUT or CI, and without a terminal', () => {
  // In a pseudo-terminal, where ipctl would otherwise ask: each rule alone must stop the prompt.
  it.each([
    ['--no-input', {}],
    ['IPCTL_NO_INPUT=1', { IPCTL_NO_INPUT: '1' }],
    ['CI=true', { CI: 'true' }],
  ])('%s: in a terminal, no prompt; an error naming the alternative, exit 2', async (flag, env) => {
    const session = new PtySession(['auth', 'login', ...(flag === '--no-input' ? [flag] : [])], fixture.env(env));
    expect(await session.finish()).toBe(2);
    expect(session.screen).toContain('ipctl auth set-key');
    expect(session.screen).not.toContain('API key (Enter to skip)');
  });

  it('without any of them, in a terminal, ipctl asks (so the rows above can fail)', async () => {
    const session = new PtySession(['auth', 'login'], fixture.env());
    await session.expect('API key (Enter to skip)');
    session.send(keys.ctrlC);
    expect(await session.finish()).toBe(130);
  });

  it('without a terminal: no prompt, exit 2', async () => {
    const result = await ipctl(['auth', 'login'], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ipctl auth set-key');
  });
});
