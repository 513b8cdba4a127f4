import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ipctlBin, repoRoot, runIpctl, runProcess, startIpctl } from '../helpers/cli.js';
import { ipctl as inProcess } from '../helpers/in-process.js';
import { useFreshDir } from '../helpers/workspace.js';

const config = useFreshDir();
const file = () => join(config.path, 'config.json');
const ipctl = (args: string[], input?: string) => runIpctl(args, { env: { IPCTL_CONFIG_DIR: config.path }, input, timeoutMs: 60_000 });
/** The same run in this process: where how ipctl treats the file is the point, and nothing can block on a lock or a pipe. */
const ipctlHere = (args: string[], input?: string) => inProcess(args, { env: { IPCTL_CONFIG_DIR: config.path }, input });
const stored = () => JSON.parse(readFileSync(file(), 'utf8')) as { current?: string; profiles: Record<string, Record<string, string>> };

describe('concurrent writers', () => {
  it('twenty `profile add` started at once leave twenty profiles in a valid 0600 file', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `p${String(index + 1).padStart(2, '0')}`);
    const results = await Promise.all(names.map((name) => ipctl(['profile', 'add', name, '--org', `org_${name}`])));
    for (const result of results) {
      expect(result.stderr).toMatch(/^Added profile "p\d\d" in /);
      expect(result.code).toBe(0);
    }
    const { profiles, current } = stored();
    expect(Object.keys(profiles).sort()).toEqual(names);
    for (const name of names) expect(profiles[name]).toEqual({ org: `org_${name}` });
    expect(names).toContain(current);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    // No lock or temporary file is left behind.
    expect(readdirSync(config.path)).toEqual(['config.json']);
  }, 90_000);

  it('keeps every change when profile and credential writers run at once', async () => {
    const runs = Array.from({ length: 10 }, (_, index) => [
      ipctl(['profile', 'add', `a${index}`, '--project', `proj_${index}`]),
      ipctl(['auth', 'set-key', '--profile', `k${index}`, '--no-verify'], `sk_concurrent_CANARY_${index}_0123456789\n`),
    ]).flat();
    const results = await Promise.all(runs);
    expect(results.map((result) => result.code)).toEqual(results.map(() => 0));
    const { profiles } = stored();
    for (let index = 0; index < 10; index += 1) {
      expect(profiles[`a${index}`]).toEqual({ project: `proj_${index}` });
      expect(profiles[`k${index}`]).toEqual({ apiKey: `sk_concurrent_CANARY_${index}_0123456789` });
    }
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(readdirSync(config.path)).toEqual(['config.json']);
  }, 90_000);

  it('takes over a lock left behind by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const pid = Number(dead.stdout.toString());
    writeFileSync(`${file()}.lock`, JSON.stringify({ pid, host: (await import('node:os')).hostname(), time: new Date().toISOString() }));
    const result = await ipctl(['profile', 'add', 'after-crash']);
    expect(result.code).toBe(0);
    expect(Object.keys(stored().profiles)).toEqual(['after-crash']);
    expect(readdirSync(config.path)).toEqual(['config.json']);
  });
});

describe('a corrupt profile file', () => {
  const corrupt = '{"profiles": {"a": {"apiKey": "sk_corrupt_CANARY_4711"';

  beforeEach(() => {
    writeFileSync(file(), corrupt, { mode: 0o600 });
  });

  it.each([
    [['profile', 'add', 'b']],
    [['profile', 'use', 'a']],
    [['profile', 'remove', 'a']],
    [['auth', 'set-key']],
    [['auth', 'set-token']],
    [['profile', 'list']],
    [['auth', 'status']],
  ])('is reported by `%j`, kept, and not overwritten (exit 2)', async (args) => {
    const result = await ipctlHere(args, 'sk_new_key_value_0123456789\n');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`The profile file ${file()} is not valid JSON`);
    expect(result.stderr).toContain('--force');
    expect(result.stderr).not.toContain('sk_corrupt_CANARY_4711');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file(), 'utf8')).toBe(corrupt);
    expect(readdirSync(config.path)).toEqual(['config.json']);
  });

  it.each([
    ['profile add --force', ['profile', 'add', 'fresh', '--org', 'org_1', '--force'], undefined, { org: 'org_1' }],
    ['auth set-key --force', ['auth', 'set-key', '--profile', 'fresh', '--force', '--no-verify'], 'sk_after_force_0123456789\n', { apiKey: 'sk_after_force_0123456789' }],
  ])('with %s, is moved aside (kept, 0600) and a new file started', async (_name, args, input, profile) => {
    chmodSync(file(), 0o600);
    const result = await ipctlHere(args, input);
    expect(result.code).toBe(0);
    const [aside] = readdirSync(config.path).filter((name) => name.startsWith('config.json.corrupt-'));
    expect(aside).toMatch(/^config\.json\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
    expect(result.stderr).toContain(`The profile file could not be used; moved it to ${join(config.path, aside!)} and started a new one.`);
    expect(readFileSync(join(config.path, aside!), 'utf8')).toBe(corrupt);
    expect(statSync(join(config.path, aside!)).mode & 0o777).toBe(0o600);
    expect(stored().profiles).toEqual({ fresh: profile });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('that breaks the schema is moved aside by --force too; a valid file never is', async () => {
    writeFileSync(file(), JSON.stringify({ profiles: { a: { baseUrl: 42 } } }));
    expect((await ipctlHere(['profile', 'add', 'b'])).code).toBe(2);
    expect((await ipctlHere(['profile', 'add', 'b', '--force'])).code).toBe(0);
    expect(readdirSync(config.path).filter((name) => name.includes('corrupt'))).toHaveLength(1);

    const again = await ipctlHere(['profile', 'add', 'c', '--force']);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('moved it');
    expect(Object.keys(stored().profiles).sort()).toEqual(['b', 'c']);
    expect(readdirSync(config.path).filter((name) => name.includes('corrupt'))).toHaveLength(1);
  });
});

describe('a lock file that cannot be used', () => {
  const lock = () => `${file()}.lock`;
  const before = JSON.stringify({ current: 'a', profiles: { a: { org: 'org_a' } } });
  beforeEach(() => writeFileSync(file(), before, { mode: 0o600 }));

  /** exit 2 at once, naming the lock file and how to remove it; the profile file and the lock stay as they were. */
  function expectRefused(result: { code: number | null; stdout: string; stderr: string }, reason: string, remove = 'rm'): void {
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Error: The lock file ${lock()} cannot be used (${reason}), so ipctl cannot tell whether another ipctl holds it.\nIf no ipctl is running, remove it (${remove} ${lock()}) and try again.\n`,
    );
    expect(readFileSync(file(), 'utf8')).toBe(before);
    expect(() => lstatSync(lock())).not.toThrow();
  }

  it.each([
    ['a directory', () => mkdirSync(lock()), 'it is a directory', 'rm -r'],
    ['a dangling symbolic link', () => symlinkSync(join(config.path, 'nowhere'), lock()), 'it is a symbolic link to nothing', 'rm'],
    ['a named pipe', () => execFileSync('mkfifo', [lock()]), 'it is not a regular file', 'rm'],
    ['text naming no process', () => writeFileSync(lock(), 'locked by bob\n'), 'it does not name the process that holds it', 'rm'],
  ])('that is %s: exit 2 at once for every command that changes the profile file', async (_name, make, reason, remove) => {
    make();
    for (const args of [['profile', 'add', 'b'], ['profile', 'use', 'a'], ['profile', 'remove', 'a', '--yes']]) expectRefused(await ipctl(args), reason, remove);
    // Read-only commands do not take the lock, and still work.
    expect((await ipctl(['profile', 'list'])).code).toBe(0);
  });

  it('that another user owns and only they can read: exit 2 at once', async () => {
    writeFileSync(lock(), JSON.stringify({ pid: 1, host: hostname(), time: new Date().toISOString() }), { mode: 0o600 });
    if (process.getuid?.() !== 0) {
      // Not root: this user cannot read a file of mode 000 either.
      chmodSync(lock(), 0);
      expectRefused(await ipctl(['profile', 'add', 'b']), 'permission denied: it belongs to another user, or its mode forbids reading');
      return;
    }
    // Root reads every file: ipctl runs as nobody, in a folder of its own, beside root's lock.
    chownSync(config.path, 65534, 65534);
    chownSync(file(), 65534, 65534);
    const [node, bin] = runnableByNobody();
    const result = await runProcess('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', node, bin, 'profile', 'add', 'b'], { env: { IPCTL_CONFIG_DIR: config.path } });
    expectRefused(result, 'permission denied: it belongs to another user, or its mode forbids reading');
  });
});

/**
 * Node and the built ipctl where user nobody can run them: as they are, or, where
 * a folder on their path is private (a checkout in a 0700 folder), copied to a
 * folder anyone can read.
 */
function runnableByNobody(): [string, string] {
  const asNobody = (node: string, bin: string) => spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', node, bin, '--version'], { encoding: 'utf8' }).status === 0;
  if (asNobody(process.execPath, ipctlBin)) return [process.execPath, ipctlBin];
  const copy = mkdtempSync(join(tmpdir(), 'ipctl-nobody-'));
  chmodSync(copy, 0o755);
  for (const part of ['bin', 'dist', 'package.json']) cpSync(join(repoRoot, part), join(copy, part), { recursive: true });
  cpSync(process.execPath, join(copy, 'node'));
  chmodSync(join(copy, 'node'), 0o755);
  const bin = join(copy, 'bin', 'ipctl.cjs');
  expect(asNobody(join(copy, 'node'), bin), 'user nobody cannot run the copied ipctl').toBe(true);
  return [join(copy, 'node'), bin];
}

describe('a profile file locked by a live process', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('is waited for until %s, which ends the wait at once with exit %i, changing nothing', async (signal, code) => {
    const before = JSON.stringify({ current: 'a', profiles: { a: { org: 'org_a' } } });
    writeFileSync(file(), before, { mode: 0o600 });
    // This test's own process holds the lock: alive, on this machine, and never letting go.
    writeFileSync(`${file()}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString() }));
    const running = startIpctl(['profile', 'add', 'b', '--debug'], { env: { IPCTL_CONFIG_DIR: config.path } });
    await running.waitForStderr(new RegExp(`debug: waiting for process ${process.pid}, which holds `));
    running.child.kill(signal);
    const result = await running.result();
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(`Error: Interrupted while waiting for ${file()}.lock; nothing was changed.`);
    expect(readFileSync(file(), 'utf8')).toBe(before);
    expect(readFileSync(`${file()}.lock`, 'utf8')).toContain(`"pid":${process.pid}`);
  });
});
