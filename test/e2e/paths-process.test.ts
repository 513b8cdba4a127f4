// Paths where a process is the point: a shell's process substitution `<(...)`,
// /dev/stdin, and SIGTERM while ipctl waits on a real FIFO (docs/reliability.md,
// "Any kind of path, one rule"; README exit codes 2 and 143). The same rule for
// every flag and every kind of path, in-process: test/fuzz/paths-read.test.ts
// and paths-write.test.ts. Below, what scripts do with ipctl's output: --query,
// YAML, a closed stdout, a slow reader, /dev/full, and prompts off.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/until.js';
import { ipctlBin, runIpctl, runProcess, startIpctl, tempDir } from '../helpers/cli.js';
import { ipctl } from '../helpers/in-process.js';
import { keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
const dir = tempDir('ipctl-paths-process-');
afterAll(() => dir.remove());

const generate = ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'acme-corp', '--consumer-ref', 'u-paths', '--workspace', 'acme', '--dry-run', '-o', 'json'];
const record = `${JSON.stringify({ line: 1, status: 'created', provider: 'pipedrive', groupRef: 'g', consumerRef: 'c', connectionId: 'conn_paths_process', projectId: 'proj_demo', time: '2026-11-22T00:00:00.000Z' })}\n`;

/** Runs `script` in bash with ipctl as "$IPCTL" (the built one, by node). */
function bash(script: string, input = '') {
  return runProcess('bash', ['-c', script], { env: fixture.env({ IPCTL: `${process.execPath} ${ipctlBin}` }), input, timeoutMs: 30_000 });
}

describe('a shell hands ipctl a pipe', () => {
  it('reads a key file given as <(command): the request carries it, nothing sent (--dry-run)', async () => {
    const result = await bash(`$IPCTL ${generate.join(' ')} --api-key-file <(printf '%s\\n' sk_paths_process_0123456789)`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ body: { provider: 'pipedrive', groupRef: 'acme-corp' } });
    // --dry-run reads what pipedrive needs (a GET), and sends no connection.
    expect((await fixture.requests()).filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it("reads report's results files given as <(command), named as given", async () => {
    const file = join(dir.path, 'results.jsonl');
    writeFileSync(file, record);
    const result = await bash(`$IPCTL connections report <(cat ${file}) -o json`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as { rows: number; created: number; byFile: Array<{ file: string }> };
    expect(summary).toMatchObject({ rows: 1, created: 1 });
    expect(summary.byFile[0]!.file).toMatch(/^\/dev\/fd\/\d+$/);
  });

  it('reads /dev/stdin as the file flag it is given to, and refuses it as a results file (exit 2, nothing sent)', async () => {
    // Through a shell's pipe: a process spawned by Node gets a socket for stdin, which no path opens.
    const read = await bash(`printf '%s\\n' sk_paths_stdin_0123456789 | $IPCTL ${generate.join(' ')} --api-key-file /dev/stdin`);
    expect(read.stderr).toBe('');
    expect(read.code).toBe(0);
    const rows = join(dir.path, 'rows.jsonl');
    writeFileSync(rows, `${JSON.stringify({ provider: 'pipedrive', groupRef: 'paths-stdin', consumerRef: 'c', apiKey: 'sk_paths_0123456789' })}\n`);
    await fixture.clearRequests();
    const written = await bash(`echo not a file | $IPCTL connections generate --project demo --from-file ${rows} --results /dev/stdin`);
    expect(written.code).toBe(2);
    expect(written.stderr).toContain('--results: /dev/stdin is');
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('a FIFO whose writer sends nothing', () => {
  it.each([
    ['--api-key-file', (fifo: string) => [...generate, '--api-key-file', fifo]],
    ['--from-file', (fifo: string) => ['connections', 'generate', '--project', 'demo', '--from-file', fifo, '--format', 'jsonl', '--dry-run']],
    ['report', (fifo: string) => ['connections', 'report', fifo]],
  ])('%s: SIGTERM ends the wait (exit 143), nothing sent', async (name, args) => {
    const fifo = join(dir.path, `silent-${name}`);
    execFileSync('mkfifo', [fifo]);
    // Opened read-write, the test's descriptor is a writer that never blocks, and never writes.
    const writer = openSync(fifo, 'r+');
    try {
      const running = startIpctl(args(fifo), { env: fixture.env() });
      // ipctl is waiting once it holds the pipe open; the wait itself says nothing.
      await until(() => holds(running.child.pid!, realpathSync(fifo)), `ipctl opening ${fifo}`);
      const signalled = Date.now();
      running.child.kill('SIGTERM');
      const result = await running.result();
      // Ended, not hung: a wait that ignored the signal would last until the test's 20 s limit kills it.
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(result.code).toBe(143);
      expect(await fixture.requests()).toEqual([]);
    } finally {
      closeSync(writer);
    }
  });
});

/** Whether process `pid` holds `path` open (Linux's /proc). */
function holds(pid: number, path: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

describe("what scripts do with ipctl's output", () => {
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
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('--query');
      expect(result.stderr).toContain('not a valid JMESPath expression');
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
});
