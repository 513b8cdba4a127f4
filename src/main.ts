import { enableCompileCache } from './compile-cache.js';
import type { Registry } from './commands/registry.js';
import { type Deps, processDeps } from './deps.js';
import { exitCodes } from './errors.js';
import { standaloneExecutable } from './installation.js';
import { version } from './version.js';

export { processDeps };

/**
 * Runs ipctl with argv (as in process.argv) and returns the exit code. What
 * needs no command tree is answered here, from this one small module; the rest
 * is src/run.ts, loaded only when needed. `registry` replaces ipctl's own
 * registry (a test's fixture command); the overview saved at build time then
 * does not describe them, and is not used.
 */
export async function main(argv: string[], deps: Deps = processDeps(), registry?: Registry): Promise<number> {
  // No command at all: the overview, on stdout, as --help gives it.
  const args = argv.length > 2 ? argv.slice(2) : ['--help'];
  // The commonest question a script asks.
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    deps.stdout.write(`${version}\n`);
    return exitCodes.ok;
  }
  const overview = !registry && args.length === 1 && (args[0] === '--help' || args[0] === '-h') ? renderedOverview(deps) : undefined;
  if (overview) {
    deps.stdout.write(overview);
    return exitCodes.ok;
  }
  // Everything from here on is compiled once and then read from Node's cache.
  enableCompileCache(deps.env);
  const { run } = await import('./run.js');
  return run(args, deps, registry);
}

/**
 * `ipctl --help` as it is rendered for a pipe or a file (80 columns),
 * saved at build time as overview.txt beside main.cjs (dist/b-…/) by scripts/build.mjs (an asset of
 * the standalone executable, which has no files beside it). On a terminal,
 * where the width varies, commander renders it afresh.
 */
function renderedOverview(deps: Deps): string | undefined {
  // It is 80 columns and plain: not what COLUMNS or FORCE_COLOR ask for.
  if (deps.stdout.isTTY !== false || deps.env.COLUMNS !== undefined || deps.env.FORCE_COLOR !== undefined) return undefined;
  const { readFileSync } = process.getBuiltinModule('node:fs');
  try {
    return standaloneExecutable()?.getAsset('overview.txt', 'utf8') ?? readFileSync(`${import.meta.dirname}/overview.txt`, 'utf8');
  } catch {
    return undefined; // not built yet (the build renders it through commander)
  }
}
