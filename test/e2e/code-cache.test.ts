import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIpctl } from '../helpers/cli.js';
import { useFixture } from '../helpers/sandbox.js';

// ipctl turns on Node's compile cache (module.enableCompileCache(), Node 22.1 and newer) in
// IPCTL_CACHE_DIR/compile-cache before it loads a command; Node 20 has none, and gets none.
const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
const nodeHasCompileCache = major > 22 || (major === 22 && minor >= 1);

const fixture = useFixture();
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'ipctl-code-cache-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Every file under dir, with its modification time. */
function cacheFiles(dir: string): Map<string, number> {
  const files = new Map<string, number>();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name), statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return files;
}

function getProvider(cacheDir: string, extra: Record<string, string> = {}) {
  return runIpctl(['providers', 'get', 'salesforce', '-o', 'json'], { env: fixture.env({ IPCTL_CACHE_DIR: cacheDir, ...extra }) });
}

describe(`Node's compile cache (Node ${process.version}: ${nodeHasCompileCache ? 'has one' : 'has none'})`, () => {
  it('is written by a first run where Node has one, and read, not rewritten, by the next', async () => {
    const cacheDir = join(work, 'fresh');
    const first = await getProvider(cacheDir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).name).toBe('salesforce');
    const written = cacheFiles(join(cacheDir, 'compile-cache'));
    expect(written.size > 0).toBe(nodeHasCompileCache);

    const second = await getProvider(cacheDir);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    // Node accepted every cached entry: nothing was written again.
    expect(cacheFiles(join(cacheDir, 'compile-cache'))).toEqual(written);
  });

  it('is not touched by --version, which loads no command', async () => {
    const cacheDir = join(work, 'version');
    const result = await runIpctl(['--version'], { env: { IPCTL_CACHE_DIR: cacheDir } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(existsSync(cacheDir)).toBe(false);
  });

  it('is left alone with NODE_DISABLE_COMPILE_CACHE, as Node documents', async () => {
    const cacheDir = join(work, 'disabled');
    const result = await getProvider(cacheDir, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(cacheFiles(cacheDir).size).toBe(0);
  });

  it('goes on as if there were none when its files are damaged', async () => {
    const cacheDir = join(work, 'damaged');
    const clean = await getProvider(cacheDir);
    for (const file of cacheFiles(cacheDir).keys()) writeFileSync(file, 'not a compile cache');
    const damaged = await getProvider(cacheDir);
    expect(damaged.stderr).toBe('');
    expect(damaged.code).toBe(0);
    expect(damaged.stdout).toBe(clean.stdout);
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
