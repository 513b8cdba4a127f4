import type { Buffer } from 'node:buffer';
import { cacheDir } from './config/paths.js';

/*
 * How ipctl's built files are loaded (dist/boot.cjs; bin/ipctl.cjs starts here).
 *
 * dist/ holds CommonJS files: main.cjs, the chunks it loads as commands need
 * them, and the large dependencies in vendor/. They need nothing of Node's
 * module resolution: a file asks for another by a relative path, for a
 * dependency by `ipctl-vendor:NAME`, or for a Node builtin. So they are loaded
 * here, with V8's code cache kept per user (see cacheDir in config/paths.ts:
 * ~/.cache/ipctl, or $XDG_CACHE_HOME/ipctl, or $IPCTL_CACHE_DIR). Measured on Node 20, Node's own
 * require() costs about a quarter of a millisecond per file (resolution, package
 * scope, compilation), and a command loads a few dozen; after the first run,
 * starting a file from the cache costs a fraction of compiling it. This is what
 * Node 22's module.enableCompileCache() does, done in a way Node 20 has too.
 */

// process.getBuiltinModule came with Node 20.16 and 22.3: on 21.x and 22.0 to 22.2,
// require() gives the builtins instead, to ipctl's modules as to this one.
if (typeof process.getBuiltinModule !== 'function') {
  const { isBuiltin } = require('node:module') as typeof import('node:module');
  process.getBuiltinModule = ((id: string) => (isBuiltin(id) ? require(id) : undefined)) as typeof process.getBuiltinModule;
}

const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { dirname, join, resolve } = process.getBuiltinModule('node:path');
const { Script } = process.getBuiltinModule('node:vm');

interface LoadedModule {
  exports: unknown;
}

const loaded = new Map<string, LoadedModule>();
const vendorPrefix = 'ipctl-vendor:';
// This file is dist/boot.cjs.
const distDir = __dirname;
// Set by scripts/build.mjs from package.json.
declare const IPCTL_VERSION: string;
const ipctlVersion = IPCTL_VERSION;

let started = false;
let caching = false;
/** Where this Node's caches go, once caching is on; undefined when there is nowhere to put them. */
let cacheBase: string | undefined;

/**
 * The exports of dist/main.cjs. It and what it requires up front are small and
 * are compiled without the cache (whose set-up would cost `ipctl --version` more
 * than it saves); what main loads later comes through the cache.
 */
export function startMain(file: string): unknown {
  const exports = loadModule(file);
  started = true;
  return exports;
}

function enableCache(): void {
  // undici parses HTTP with llhttp compiled to WebAssembly. V8's optimising tier
  // would recompile it in the background: for a CLI's few requests that gains
  // nothing (measured: `providers get` takes twice as long, with 88 MB at its peak
  // instead of 53 MB). Set before any cached code is read, since V8 checks its
  // flags against each cache, so each file is always cached with the same flags.
  process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');
  caching = true;
  try {
    cacheBase = join(cacheDir(process.env), `v8-${process.version}-${process.arch}`);
  } catch {
    cacheBase = undefined; // no HOME and no user entry: run without a cache
  }
}

/** The exports of a file in dist/, loaded once (through the code cache, once main has started). */
function loadModule(file: string): unknown {
  let module = loaded.get(file);
  if (!module) {
    if (started && !caching) enableCache();
    module = { exports: {} };
    // Registered before it runs, so that a cycle sees the exports built so far, as in Node.
    loaded.set(file, module);
    evaluate(file, module);
  }
  return module.exports;
}

function evaluate(file: string, module: LoadedModule): void {
  const source = readFileSync(file, 'utf8');
  const cacheFile = cachePath(file);
  const cachedData = readCache(cacheFile);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  if (cacheFile && (!cachedData || script.cachedDataRejected)) cacheAtExit(cacheFile, script);
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, requireFrom(file), module, file, dirname(file));
}

/** The require() a file in dist/ is given. */
function requireFrom(file: string): (id: string) => unknown {
  return (id) => {
    if (id.startsWith('./') || id.startsWith('../')) return loadModule(resolve(dirname(file), id));
    if (id.startsWith(vendorPrefix)) return loadModule(join(distDir, 'vendor', `${id.slice(vendorPrefix.length)}.cjs`));
    const builtin = process.getBuiltinModule(id);
    if (builtin === undefined) throw new Error(`${file} requires "${id}", which is not part of ipctl's build.`);
    return builtin;
  };
}

const toCache = new Map<string, InstanceType<typeof Script>>();

function cacheAtExit(cacheFile: string, script: InstanceType<typeof Script>): void {
  // At exit the cache holds every function this run compiled, not just the top level.
  if (toCache.size === 0) process.once('exit', () => toCache.forEach((pending, file) => writeCache(file, pending.createCachedData())));
  toCache.set(cacheFile, script);
}

function cachePath(file: string): string | undefined {
  if (!cacheBase) return undefined;
  const name = file.split(/[/\\]/).pop()!.replace(/\.cjs$/, '');
  // ipctl's version, the file's size and its modification time: a rebuilt file never meets an
  // old cache (hashing the source costs more). npm gives every installed file the same time,
  // so the version tells releases apart; a local build has times of its own.
  const { size, mtimeMs } = statSync(file);
  return join(cacheBase, `${name}-${ipctlVersion}-${size}-${Math.trunc(mtimeMs).toString(36)}.bin`);
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
