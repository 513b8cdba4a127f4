// Writes that the system cuts short, for real: a file-size limit (RLIMIT_FSIZE,
// set by python3's resource module before ipctl starts) makes a write store
// only the bytes below the limit and the next one fail with EFBIG, as a full
// disk does. A results record cut short must stop the run before its request;
// a profile file must never be replaced by a cut copy. Only the runs under a
// limit need a process of their own; the others run main() in this process.
import { chmodSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ipctlBin, type RunResult, runProcess, tempDir } from '../helpers/cli.js';
import { ipctl } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
const files = tempDir('ipctl-durable-');
let run = 0;

afterAll(() => {
  files.remove();
});

const limitScript = 'import os, resource, sys\nlimit = int(sys.argv[1])\nresource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))\nos.execv(sys.argv[2], sys.argv[2:])';

/** ipctl with every file it writes limited to `bytes` (the compile cache off, so that only ipctl's own files are written). */
function ipctlLimited(bytes: number, args: string[], env: Record<string, string | undefined>, input?: string): Promise<RunResult> {
  return runProcess('python3', ['-c', limitScript, String(bytes), process.execPath, ipctlBin, ...args], { env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' }, input, timeoutMs: 60_000 });
}

/** Rows whose records all have the same length, whatever the prefix (of one length). */
function rows(prefix: string, count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    return JSON.stringify({ groupRef: `${prefix}-${n}`, consumerRef: `user-${n}`, provider: 'pipedrive', providerWorkspaceRef: `ws${n}`, apiKey: `pk_durable_CANARY_${prefix}_${n}` });
  }).join('\n') + '\n';
}

function file(name: string, text: string): string {
  const path = join(files.path, `${run}-${name}`);
  writeFileSync(path, text);
  return path;
}

async function groupRefs(prefix: string): Promise<string[]> {
  const response = await fetch(new URL('/_sandbox/projects/demo/connections', fixture.sandbox.baseUrl));
  const { connections } = (await response.json()) as { connections: Array<{ groupRef: string }> };
  return connections.map((connection) => connection.groupRef).filter((ref) => ref.startsWith(`${prefix}-`)).sort();
}

const refsOf = (prefix: string, lines: number[]) => lines.map((line) => `${prefix}-${String(line).padStart(2, '0')}`);
const generate = ['connections', 'generate', '--project', 'demo', '--concurrency', '1', '-o', 'json'];

describe('a results record cut short by a file-size limit', { timeout: 120_000 }, () => {
  it('stops the run before that row is sent (exit 1, with the summary), and --resume creates every row once', async () => {
    run += 1;
    // The same rows under another prefix of the same length, to learn where each record starts.
    const reference = file('reference.jsonl', rows(`rf${run}`, 6));
    const measured = await ipctl([...generate, '--from-file', reference], { env: fixture.env() });
    expect(measured.code).toBe(0);
    const records = readFileSync(reference.replace(/\.jsonl$/, '.results.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(records.map((line) => JSON.parse(line).status)).toEqual(['started', 'created', 'started', 'created', 'started', 'created', 'started', 'created', 'started', 'created', 'started', 'created']);
    // The limit falls 20 bytes into line 3's "started" record.
    const limit = records.slice(0, 4).reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0) + 20;

    const prefix = `ct${run}`;
    const input = file('cut.jsonl', rows(prefix, 6));
    const resultsPath = input.replace(/\.jsonl$/, '.results.jsonl');
    await fixture.clearRequests();
    const stopped = await ipctlLimited(limit, [...generate, '--from-file', input], fixture.env());
    expect(stopped.stderr).not.toMatch(/this is a bug|\n\s+at /);
    expect(stopped.code).toBe(1);
    expect(JSON.parse(stopped.stdout)).toMatchObject({ rows: 6, created: 2, uncertain: 0, failed: 0, notSent: 4, results: resultsPath });
    expect(stopped.stderr).toContain(`Stopped: Cannot write the results file ${resultsPath}: the file would exceed the file-size limit (EFBIG). No request was sent after it.`);
    expect(stopped.stderr).toContain('then run the same command with --resume');
    // Line 3 was never sent, and the file holds whole records only.
    expect(await groupRefs(prefix)).toEqual(refsOf(prefix, [1, 2]));
    expect((await fixture.requests()).filter((request) => request.operation === 'generateConnection')).toHaveLength(2);
    expect(readFileSync(resultsPath, 'utf8').split('\n')).toHaveLength(5);

    const resumed = await ipctl([...generate, '--from-file', input, '--resume'], { env: fixture.env() });
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 6, created: 4, alreadyCreated: 2, uncertain: 0, notSent: 0 });
    expect(await groupRefs(prefix)).toEqual(refsOf(prefix, [1, 2, 3, 4, 5, 6]));
    for (const text of [stopped.stdout, stopped.stderr, resumed.stdout, resumed.stderr, readFileSync(resultsPath, 'utf8')]) expect(text).not.toMatch(/canary/i);
  });
});

describe('a results file damaged inside', { timeout: 120_000 }, () => {
  it('stops --resume when a damaged line names no row (exit 2, nothing sent); --retry-uncertain goes on', async () => {
    run += 1;
    const prefix = `dm${run}`;
    const input = file('damaged.jsonl', rows(prefix, 3));
    const resultsPath = input.replace(/\.jsonl$/, '.results.jsonl');
    const created = (line: number) => JSON.stringify({ line, status: 'created', provider: 'pipedrive', groupRef: `${prefix}-0${line}`, consumerRef: `user-0${line}`, time: '2026-01-01T00:00:00.000Z' });
    writeFileSync(resultsPath, `${created(1)}\n{"li\u0000\u0000\n`);
    await fixture.clearRequests();
    const refused = await ipctl([...generate, '--from-file', input, '--resume'], { env: fixture.env() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--resume: 1 line of ${resultsPath} is damaged and names no row (line 2); a row it was about may have been sent. Nothing was sent.`);
    expect(await fixture.requests()).toEqual([]);
    const retried = await ipctl([...generate, '--from-file', input, '--resume', '--retry-uncertain'], { env: fixture.env() });
    expect(retried.code).toBe(0);
    expect(JSON.parse(retried.stdout)).toMatchObject({ rows: 3, created: 2, alreadyCreated: 1 });
    expect(await groupRefs(prefix)).toEqual(refsOf(prefix, [2, 3]));
  });
});

describe('the profile file under a file-size limit', { timeout: 120_000 }, () => {
  /** A profile file larger than the limit, with a credential in it. */
  function seeded(): { dir: ReturnType<typeof tempDir>; text: string } {
    const dir = tempDir();
    const profiles = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`p${index}`, { org: `org_${'x'.repeat(60)}_${index}`, apiKey: `sk_profile_CANARY_${index}_0123456789` }]));
    const text = `${JSON.stringify({ current: 'p0', profiles }, undefined, '\t')}\n`;
    writeFileSync(join(dir.path, 'config.json'), text, { mode: 0o600 });
    return { dir, text };
  }

  it.each([
    ['profile add', ['profile', 'add', 'extra', '--org', 'org_extra'], undefined],
    ['auth set-key, falling back from the keychain to the file', ['auth', 'set-key', '--profile', 'extra', '--no-verify'], 'sk_new_CANARY_key_0123456789\n'],
  ])('%s: exit 1 naming the limit; the file is left as it was, and no copy stays', async (_name, args, input) => {
    const { dir, text } = seeded();
    try {
      const result = await ipctlLimited(1024, args, { IPCTL_CONFIG_DIR: dir.path }, input);
      expect(result.stderr).not.toMatch(/this is a bug|\n\s+at /);
      expect(result.code).toBe(1);
      // conf, which writes the profile file, does not see its write end short; ipctl finds it reading the file back.
      expect(result.stderr).toContain(`Cannot write the profile file ${join(dir.path, 'config.json')}: the file was written only in part (a full disk, a quota or a file-size limit) (ESHORT); it was left as it was.`);
      expect(readFileSync(join(dir.path, 'config.json'), 'utf8')).toBe(text);
      expect(readdirSync(dir.path)).toEqual(['config.json']);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/canary/i);
      // Without the limit, the same command works.
      const again = await ipctl(args, { env: { IPCTL_CONFIG_DIR: dir.path }, input });
      expect(again.code).toBe(0);
      expect(Object.keys(JSON.parse(readFileSync(join(dir.path, 'config.json'), 'utf8')).profiles)).toContain('extra');
    } finally {
      dir.remove();
    }
  });
});

describe('an existing results file', { timeout: 120_000 }, () => {
  it('that is a symbolic link is refused (exit 2, nothing sent), its target untouched', async () => {
    run += 1;
    const input = file('link.jsonl', rows(`ln${run}`, 2));
    const target = file('target.txt', '');
    chmodSync(target, 0o644);
    const link = join(files.path, `${run}-link.results.jsonl`);
    symlinkSync(target, link);
    await fixture.clearRequests();
    for (const extra of [[], ['--resume']]) {
      const result = await ipctl([...generate, '--from-file', input, '--results', link, ...extra], { env: fixture.env() });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--results: ${link} is a symbolic link; ipctl does not follow one there.`);
    }
    expect(await fixture.requests()).toEqual([]);
    expect(readFileSync(target, 'utf8')).toBe('');
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });

  it('that another program made readable to others ends 0600, on a new run and on --resume', async () => {
    run += 1;
    const input = file('mode.jsonl', rows(`md${run}`, 2));
    const resultsPath = file('mode.results.jsonl', '');
    chmodSync(resultsPath, 0o644);
    expect((await ipctl([...generate, '--from-file', input, '--results', resultsPath], { env: fixture.env() })).code).toBe(0);
    expect(statSync(resultsPath).mode & 0o777).toBe(0o600);
    chmodSync(resultsPath, 0o664);
    expect((await ipctl([...generate, '--from-file', input, '--results', resultsPath, '--resume'], { env: fixture.env() })).code).toBe(0);
    expect(statSync(resultsPath).mode & 0o777).toBe(0o600);
  });
});
