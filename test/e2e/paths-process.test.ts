// Paths where a process is the point: a shell's process substitution `<(...)`,
// /dev/stdin, and SIGTERM while ipctl waits on a real FIFO (docs/reliability.md,
// "Any kind of path, one rule"; README exit codes 2 and 143). The same rule for
// every flag and every kind of path, in-process: test/fuzz/paths-read.test.ts
// and paths-write.test.ts.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ipctlBin, runProcess, startIpctl, tempDir } from '../helpers/cli.js';
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
      await untilOpen(running.child.pid!, realpathSync(fifo));
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

/** Resolves once process `pid` holds `path` open (Linux's /proc); gives up after 15 s. */
async function untilOpen(pid: number, path: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!holds(pid, path)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} never opened ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

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
