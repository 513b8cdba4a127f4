import { join } from 'node:path';
import { cacheDir } from './config/paths.js';
import { standaloneExecutable } from './installation.js';

type Env = Record<string, string | undefined>;

/** node:module's enableCompileCache, which Node has from 22.1 on (@types/node is Node 20's). */
type EnableCompileCache = (directory?: string) => unknown;

/**
 * Turns on Node's compile cache (module.enableCompileCache(), Node 22.1 and
 * newer) for every module loaded after this call, kept per user in
 * cacheDir()/compile-cache. Node checks each cached entry against the file's
 * contents, so a rebuilt or upgraded ipctl never runs stale code. On Node 20
 * there is no such cache, and nothing happens. A cache that cannot be written
 * only costs speed; NODE_COMPILE_CACHE or NODE_DISABLE_COMPILE_CACHE, if set,
 * win, as Node documents. The standalone executable loads no module from
 * disk: its one script comes with its own code cache.
 */
export function enableCompileCache(env: Env): void {
  if (standaloneExecutable()) return;
  const enable = (process.getBuiltinModule('node:module') as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  try {
    // Node makes the folder and writes the cache itself; a failure there only costs speed.
    if (typeof enable === 'function') enable(join(cacheDir(env), 'compile-cache'));
  } catch {
    // No home directory to find, or no room for the cache: run without it.
  }
}
