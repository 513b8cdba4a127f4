import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIpctl } from '../helpers/cli.js';
import { type SandboxFixture, startFixture } from '../helpers/sandbox.js';

// src/boot.ts loads dist/ through V8's code cache, kept in IPCTL_CACHE_DIR.

let fixture: SandboxFixture;
let work: string;

beforeAll(async () => {
  fixture = await startFixture();
  work = mkdtempSync(join(tmpdir(), 'ipctl-code-cache-'));
});
afterAll(async () => {
  await fixture.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every cache file under dir, with its modification time. */
function cacheFiles(dir: string): Map<string, number> {
  const files = new Map<string, number>();
  if (!existsSync(dir)) return files;
  for (const version of readdirSync(dir)) {
    for (const name of readdirSync(join(dir, version))) files.set(join(dir, version, name), statSync(join(dir, version, name)).mtimeMs);
  }
  return files;
}

function getProvider(cacheDir: string) {
  return runIpctl(['providers', 'get', 'salesforce', '-o', 'json'], { env: fixture.env({ IPCTL_CACHE_DIR: cacheDir }) });
}

describe('the code cache', () => {
  it('is written by a first run, then read, not rewritten, by the next', async () => {
    const cacheDir = join(work, 'fresh');
    const first = await getProvider(cacheDir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).name).toBe('salesforce');
    const written = cacheFiles(cacheDir);
    expect([...written.keys()].some((file) => /[/\\]v8-v[\d.]+-\w+[/\\]undici-\d+\.\d+\.\d+-\d+-\w+\.bin$/.test(file))).toBe(true);
    expect([...written.keys()].some((file) => /[/\\]get-\w+-\d+\.\d+\.\d+-\d+-\w+\.bin$/.test(file))).toBe(true);

    const second = await getProvider(cacheDir);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    // V8 accepted every cache: none was written again.
    expect(cacheFiles(cacheDir)).toEqual(written);
  });

  it('is not touched by --version, which loads nothing through it', async () => {
    const cacheDir = join(work, 'version');
    const result = await runIpctl(['--version'], { env: { IPCTL_CACHE_DIR: cacheDir } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(existsSync(cacheDir)).toBe(false);
  });

  it('replaces a damaged cache file, and the run goes on as if there were none', async () => {
    const cacheDir = join(work, 'damaged');
    const clean = await getProvider(cacheDir);
    for (const file of cacheFiles(cacheDir).keys()) writeFileSync(file, 'not a V8 code cache');
    const damaged = await getProvider(cacheDir);
    expect(damaged.stderr).toBe('');
    expect(damaged.code).toBe(0);
    expect(damaged.stdout).toBe(clean.stdout);
    const rewritten = cacheFiles(cacheDir);
    expect(rewritten.size).toBeGreaterThan(0);
    for (const file of rewritten.keys()) expect(statSync(file).size).toBeGreaterThan('not a V8 code cache'.length);
  });

  it('only costs speed when it cannot be written', async () => {
    const notADirectory = join(work, 'a-file');
    writeFileSync(notADirectory, '');
    const result = await getProvider(notADirectory);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).name).toBe('salesforce');
  });
});
