// Runs the bulk-import simulation (test/simulation/) outside the test runner:
// bundles its entry with esbuild (the TypeScript sources as they are), then
// runs it with the arguments given: --scenarios N --seed S.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'node_modules', '.cache', 'ipctl-simulate', 'simulate.mjs');
mkdirSync(dirname(out), { recursive: true });
await build({
  entryPoints: [join(root, 'test/simulation/cli.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
const run = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exitCode = run.status ?? 1;
