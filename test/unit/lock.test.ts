import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/config/lock.js';
import { UserError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';

let dir: ReturnType<typeof tempDir>;
let file: string;
beforeEach(() => {
  dir = tempDir();
  file = join(dir.path, 'config.json');
});
afterEach(() => dir.remove());

describe('the profile file lock', () => {
  it('is held while the work runs and removed after it, even when the work throws', () => {
    expect(withFileLock(file, () => existsSync(`${file}.lock`))).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(() => withFileLock(file, () => { throw new Error('boom'); })).toThrow('boom');
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('waits for a live holder, then gives up with exit 5 naming it', () => {
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString() }));
    let error: unknown;
    try {
      withFileLock(file, () => 'never', { waitMs: 150 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(5);
    expect((error as UserError).message).toBe(`The profile file is locked by process ${process.pid}, which has not finished changing it.`);
    expect((error as UserError).hint).toContain(`${file}.lock`);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });

  it('takes over a lock older than the stale age, whoever holds it', () => {
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: 'elsewhere', time: '2020-01-01T00:00:00Z' }));
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    expect(withFileLock(file, () => 'done', { waitMs: 5000 })).toBe('done');
  });

  it('does not take over a fresh lock from another machine, whose process it cannot check', () => {
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: 'another-host.example', time: new Date().toISOString() }));
    expect(() => withFileLock(file, () => 'never', { waitMs: 100 })).toThrow(/locked by process 1 on another-host\.example/);
  });
});
