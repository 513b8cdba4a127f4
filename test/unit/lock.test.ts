import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realFs, realHost } from '../helpers/host.js';
import { withFileLock } from '../../src/config/lock.js';
import type { FileSystem } from '../../src/host-fs.js';
import { takeRunLock } from '../../src/config/run-lock.js';
import { InterruptedError, UserError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';

let dir: ReturnType<typeof tempDir>;
let file: string;
beforeEach(() => {
  dir = tempDir();
  file = join(dir.path, 'config.json');
});
afterEach(() => dir.remove());

async function failure(promise: Promise<unknown>): Promise<UserError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return error as UserError;
  }
  throw new Error('expected a failure');
}

describe('the profile file lock', () => {
  it('is held while the work runs and removed after it, even when the work throws', async () => {
    expect(await withFileLock(realHost, file, () => existsSync(`${file}.lock`))).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
    await expect(withFileLock(realHost, file, () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('waits for a live holder, then gives up with exit 5 naming it', async () => {
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString() }));
    const said: string[] = [];
    const error = await failure(withFileLock(realHost, file, () => 'never', { waitMs: 150, waiting: (line) => said.push(line) }));
    expect(error.exitCode).toBe(5);
    expect(error.message).toBe(`The profile file is locked by process ${process.pid}, which has not finished changing it.`);
    expect(error.hint).toContain(`${file}.lock`);
    expect(said).toEqual([`waiting for process ${process.pid}, which holds ${file}.lock`]);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });

  it('ends the wait for a live holder as soon as the signal aborts: exit 130, the lock left alone', async () => {
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString() }));
    const interrupt = new AbortController();
    const waiting = withFileLock(realHost, file, () => 'never', { waitMs: 60_000, signal: interrupt.signal, waiting: () => setTimeout(() => interrupt.abort('SIGINT'), 50) });
    const error = await failure(waiting);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(error.exitCode).toBe(130);
    expect(error.message).toContain(`${file}.lock`);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });

  it('waits on when the lock is released and taken by a third process while it is read (not a dangling link, exit 2)', async () => {
    const lockPath = `${file}.lock`;
    const live = () => JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString() });
    writeFileSync(lockPath, live());
    let raced = false;
    // The holder releases it between this process's attempt to create it and its read, and a third process takes it.
    const racing: FileSystem = {
      ...realFs,
      statSync: ((path: string) => {
        if (path === lockPath && !raced) {
          raced = true;
          rmSync(lockPath);
          writeFileSync(lockPath, live());
          setTimeout(() => rmSync(lockPath, { force: true }), 50);
          throw Object.assign(new Error(`ENOENT: no such file or directory, stat '${path}'`), { code: 'ENOENT' });
        }
        return realFs.statSync(path);
      }) as FileSystem['statSync'],
    };
    expect(await withFileLock({ ...realHost, fs: racing }, file, () => 'changed', { waitMs: 10_000 })).toBe('changed');
    expect(raced).toBe(true);
  });

  it('takes over a lock older than the stale age, whoever holds it', async () => {
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: 'elsewhere', time: '2020-01-01T00:00:00Z' }));
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    expect(await withFileLock(realHost, file, () => 'done', { waitMs: 5000 })).toBe('done');
  });

  it('does not take over a fresh lock from another machine, whose process it cannot check', async () => {
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: 'another-host.example', time: new Date().toISOString() }));
    await expect(withFileLock(realHost, file, () => 'never', { waitMs: 100 })).rejects.toThrow(/locked by process 1 on another-host\.example/);
  });

  it('waits for an empty lock (its writer is starting), and takes it over once it is a second old', async () => {
    writeFileSync(`${file}.lock`, '');
    const old = new Date(Date.now() - 5000);
    utimesSync(`${file}.lock`, old, old);
    expect(await withFileLock(realHost, file, () => 'done', { waitMs: 5000 })).toBe('done');
  });

  // docs/reliability.md, "Safe profile writes": "one holding only the start of a name is a writer
  // killed while writing it; either is waited for, and taken over after a second".
  it.each([['{"pid":'], ['{"pi'], ['{"pid":4242,"ho']])('takes over a lock holding only the start of its owner (%s) once it is a second old', async (start) => {
    writeFileSync(`${file}.lock`, start);
    const old = new Date(Date.now() - 5000);
    utimesSync(`${file}.lock`, old, old);
    expect(await withFileLock(realHost, file, () => 'done', { waitMs: 5000 })).toBe('done');
  });
});

/** A lock that exists and cannot be read or understood: made by `make` at `lockPath`, with what the error must say. */
const unusableLocks: Array<[string, (lockPath: string) => void, string, string]> = [
  ['a directory', (lockPath) => mkdirSync(lockPath), 'it is a directory', 'rm -r'],
  ['a dangling symbolic link', (lockPath) => symlinkSync(join(dir.path, 'nowhere'), lockPath), 'it is a symbolic link to nothing', 'rm'],
  ['a named pipe', (lockPath) => execFileSync('mkfifo', [lockPath]), 'it is not a regular file', 'rm'],
  ['text that names no process', (lockPath) => writeFileSync(lockPath, 'garbage\n'), 'it does not name the process that holds it', 'rm'],
  ['JSON without a process ID', (lockPath) => writeFileSync(lockPath, '{"host":"h"}'), 'it does not name the process that holds it', 'rm'],
];

// As root every file is readable; the unreadable file is tried where the tests run as another user (CI).
const asRoot = process.getuid?.() === 0;
if (!asRoot) unusableLocks.push(['a file that cannot be read', (lockPath) => { writeFileSync(lockPath, '{}'); chmodSync(lockPath, 0); }, 'permission denied', 'rm']);

describe.each(unusableLocks)('a lock that is %s', (_, make, reason, remove) => {
  it('stops a profile change at once with exit 2, naming the lock and how to remove it', async () => {
    const lockPath = `${file}.lock`;
    make(lockPath);
    const started = Date.now();
    const error = await failure(withFileLock(realHost, file, () => 'never', { waitMs: 60_000 }));
    // At once: no wait for a holder that could never be judged.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(`The lock file ${lockPath} cannot be used (${reason}`);
    expect(error.hint).toBe(`If no ipctl is running, remove it (${remove} ${lockPath}) and try again.`);
    // Left where it is: only a person can tell whether it may go.
    expect(() => lstatSync(lockPath)).not.toThrow();
  });

  it('stops a bulk import from taking the results lock, with exit 2 naming it', async () => {
    const results = join(dir.path, 'import.results.jsonl');
    make(`${results}.lock`);
    let error: unknown;
    try {
      await takeRunLock(realHost, results);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(2);
    expect((error as UserError).message).toContain(`The lock file ${results}.lock cannot be used (${reason}`);
  });
});
