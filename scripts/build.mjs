// Builds dist/: src/main.ts bundled by esbuild, split into chunks that load
// only when a command needs them, as CommonJS files with source maps, and the
// overview that `ipctl --help` prints.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { externalModules } from './external-modules.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const staged = join(root, 'dist-esm');

/** What every file of dist/ is built for: the oldest Node ipctl supports, minified (less to parse at every start). */
const forNode = { platform: 'node', target: 'node20.19', minify: true, sourcemap: 'linked', sourcesContent: false, logLevel: 'warning' };

await checkUndiciParts();
await rm(dist, { recursive: true, force: true });
await rm(staged, { recursive: true, force: true });

// Two steps. esbuild splits a bundle into lazily loaded chunks only for ES
// modules, so it first bundles src/main.ts that way; each file is then turned
// into CommonJS. Node starts a CommonJS program faster than an ES module one
// (no ES module loader to set up, no URL resolution), and `import()` of a
// chunk becomes a plain require() when the chunk is needed. The second step
// reads the first step's source maps, so dist/'s maps point into src/.
const result = await build({
  ...forNode,
  // The keychain worker is a program of its own, which ipctl runs as a child process (src/config/keychain.ts).
  entryPoints: { main: 'src/main.ts', 'keychain-worker': 'src/config/keychain-worker.ts' },
  outdir: staged,
  // The names the chunks will have in dist/, so their imports need no rewriting.
  outExtension: { '.js': '.cjs' },
  bundle: true,
  // Native modules (@napi-rs/keyring loads a compiled .node file for the platform, from the
  // package npm installed for it): required from node_modules at run time, never bundled.
  external: externalModules,
  splitting: true,
  format: 'esm',
  metafile: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Where a module asks for its own directory, CommonJS has it at hand.
  define: { 'import.meta.dirname': '__dirname' },
});

await build({
  ...forNode,
  entryPoints: await stagedFiles(staged),
  outbase: staged,
  outdir: dist,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  supported: { 'dynamic-import': false },
});
await rm(staged, { recursive: true, force: true });

// Kept for the test that checks what `ipctl --help` loads; paths as dist/ has them.
await writeFile(join(dist, 'metafile.json'), JSON.stringify(result.metafile).replaceAll('dist-esm/', 'dist/'));

// `ipctl --help` for a pipe or a file, as commander renders it, for src/main.ts
// to print without building the command tree (it renders afresh on a terminal).
const overview = execFileSync(process.execPath, [join(root, 'bin/ipctl.cjs'), '--help'], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
await writeFile(join(dist, 'overview.txt'), overview);

async function stagedFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.cjs')).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * src/api/undici.ts imports a few of undici's files directly, which are not its
 * public API: package.json pins undici to one exact version, and the build stops
 * here if that version or any of those files is not what the code expects.
 */
async function checkUndiciParts() {
  const pinned = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).devDependencies.undici;
  const installed = JSON.parse(await readFile(join(root, 'node_modules/undici/package.json'), 'utf8')).version;
  const source = await readFile(join(root, 'src/api/undici.ts'), 'utf8');
  const parts = [...source.matchAll(/from 'undici\/(lib\/[^']+)'/g)].map((match) => match[1]);
  const problems = [];
  if (!/^\d+\.\d+\.\d+$/.test(pinned)) problems.push(`package.json must pin undici to one exact version (it says "${pinned}")`);
  else if (installed !== pinned) problems.push(`node_modules has undici ${installed}, package.json pins ${pinned} (run npm ci)`);
  for (const part of parts) if (!existsSync(join(root, 'node_modules/undici', part))) problems.push(`undici ${installed} has no ${part}`);
  if (problems.length > 0) {
    console.error(`build: src/api/undici.ts imports undici's own files, and they moved:\n  ${problems.join('\n  ')}\nUpdate the imports in src/api/undici.ts to the new undici, or import from 'undici' itself.`);
    process.exit(1);
  }
}
