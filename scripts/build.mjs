// Builds dist/: src/main.ts bundled by esbuild, split into chunks that load
// only when a command needs them, then grouped by rollup into CommonJS files
// with source maps; the keychain worker; and the overview that `ipctl --help`
// prints.
//
// With --if-changed (npm test), nothing is built when dist/ is as the last build
// left it and that build was made from the same sources, build scripts and
// installed packages (their digests are kept in .cache/build-stamp.json).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { externalModules } from './external-modules.mjs';
import { bundleLazily, forNode } from './lazy-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const staged = join(root, 'dist-esm');
const stampPath = join(root, '.cache/build-stamp.json');
/** What dist/ is made from. */
const inputs = ['src', 'bin', 'scripts/build.mjs', 'scripts/lazy-bundle.mjs', 'scripts/external-modules.mjs', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json'];

if (process.argv.includes('--if-changed') && isUpToDate()) {
  console.log('build: dist/ is up to date with its sources; not rebuilt.');
  process.exit(0);
}

await checkUndiciParts();
await rm(dist, { recursive: true, force: true });
await rm(staged, { recursive: true, force: true });

// esbuild splits src/main.ts into ES module chunks, rollup groups them into CommonJS files (scripts/lazy-bundle.mjs).
const { chunks: grouped, metafile: staging } = await bundleLazily({ entry: 'src/main.ts', staged, dist, root });
await rm(staged, { recursive: true, force: true });

// The keychain worker is a program of its own, which ipctl runs as a child process (src/config/keychain.ts): one file.
const worker = await build({
  ...forNode,
  entryPoints: { 'keychain-worker': 'src/config/keychain-worker.ts' },
  outdir: dist,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  external: externalModules,
  format: 'cjs',
  metafile: true,
  supported: { 'dynamic-import': false },
});

// What each file of dist/ holds and loads, in esbuild's metafile shape, for the tests that check what a command loads.
await writeFile(join(dist, 'metafile.json'), JSON.stringify(describeDist(grouped, staging, worker.metafile)));

// `ipctl --help` for a pipe or a file, as commander renders it, for src/main.ts
// to print without building the command tree (it renders afresh on a terminal).
const overview = execFileSync(process.execPath, [join(root, 'bin/ipctl.cjs'), '--help'], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
await writeFile(join(dist, 'overview.txt'), overview);

await mkdir(dirname(stampPath), { recursive: true });
await writeFile(stampPath, JSON.stringify({ inputs: digest(inputs), dist: digest(['dist']) }));

/** Whether dist/ is what the last build wrote, from the inputs as they are now. */
function isUpToDate() {
  if (!existsSync(stampPath) || !existsSync(dist)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
    return stamp.inputs === digest(inputs) && stamp.dist === digest(['dist']);
  } catch {
    return false;
  }
}

/** One SHA-256 of the names and contents of every file under `paths` (relative to the root), in a fixed order. */
function digest(paths) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap((path) => filesUnder(path)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function filesUnder(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** dist/'s files as esbuild's metafile describes outputs: the source files each holds, and the files each imports. */
function describeDist(chunks, staging, keychainWorker) {
  const outputs = {};
  for (const chunk of chunks) {
    const inputs = {};
    for (const id of chunk.moduleIds) Object.assign(inputs, staging.outputs[relative(root, id)]?.inputs);
    const local = (paths) => paths.filter((path) => chunks.some((other) => other.fileName === path));
    const imports = [
      ...local(chunk.imports).map((path) => ({ path: `dist/${path}`, kind: 'import-statement' })),
      ...local(chunk.dynamicImports).map((path) => ({ path: `dist/${path}`, kind: 'dynamic-import' })),
    ];
    outputs[`dist/${chunk.fileName}`] = { imports, inputs };
  }
  Object.assign(outputs, keychainWorker.outputs);
  return { inputs: { ...staging.inputs, ...keychainWorker.inputs }, outputs };
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
