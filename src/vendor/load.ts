import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/*
 * The large dependencies (commander, undici) are built into CommonJS files
 * in dist/vendor/ and loaded here with V8's code cache, kept per user in
 * ~/.cache/ipctl (or $XDG_CACHE_HOME/ipctl, or $IPCTL_CACHE_DIR). After the first
 * run, starting them costs a fraction of compiling them: what Node 22's
 * module.enableCompileCache() does, done in a way that works on Node 20 too.
 */

// undici parses HTTP with llhttp compiled to WebAssembly. V8's optimising tier
// would recompile it in the background: for a CLI's few requests that costs
// about 35 MB and tens of milliseconds, and gains nothing measurable. Set before
// any cached code is read, since V8 checks its flags against each cache.
setFlagsFromString('--liftoff-only');

// Required, not imported: an ES import of node:fs builds its whole namespace,
// fs/promises and readline included, which this start-up path never uses.
const { mkdirSync, readFileSync, renameSync, writeFileSync } = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');

const vendorDir = join(dirname(fileURLToPath(import.meta.url)).replace(/[/\\]chunks$/, ''), 'vendor');
const loaded = new Map<string, unknown>();

/** The exports of dist/vendor/<name>.cjs, through the code cache. */
export function loadVendor<Exports>(name: string): Exports {
  if (!loaded.has(name)) loaded.set(name, evaluate(join(vendorDir, `${name}.cjs`)));
  return loaded.get(name) as Exports;
}

function evaluate(file: string): unknown {
  const source = readFileSync(file, 'utf8');
  const cacheFile = cachePath(file, source);
  const cachedData = readCache(cacheFile);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    // At exit the cache holds every function this run compiled, not just the top level.
    process.once('exit', () => writeCache(cacheFile, script.createCachedData()));
  }
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

function cachePath(file: string, source: string): string | undefined {
  const env = process.env;
  const base = env.IPCTL_CACHE_DIR || join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'ipctl');
  if (!base) return undefined;
  const name = file.split(/[/\\]/).pop()!.replace(/\.cjs$/, '');
  return join(base, `v8-${process.version}-${process.arch}`, `${name}-${source.length}-${checksum(source)}.bin`);
}

/** A cheap fingerprint of the source, so a rebuilt vendor file never meets an old cache. */
function checksum(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 7) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

function readCache(cacheFile: string | undefined): Buffer | undefined {
  if (!cacheFile) return undefined;
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

/** Best effort: a cache that cannot be written (read-only home, say) only costs speed. */
function writeCache(cacheFile: string, data: Buffer): void {
  try {
    mkdirSync(dirname(cacheFile), { recursive: true, mode: 0o700 });
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, cacheFile);
  } catch {
    // Nothing to do: the next run compiles again.
  }
}
