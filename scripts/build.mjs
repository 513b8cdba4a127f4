// Builds dist/: src/main.ts bundled by esbuild, split into chunks that load
// only when a command needs them, then grouped by rollup into CommonJS files
// with source maps; the keychain worker; and the overview that `ipctl --help`
// prints.
//
// Each build is a folder of its own, dist/b-<hash of its files>/, written aside
// and never changed once named. dist/current.json names the one bin/ipctl.cjs
// runs, and is switched last, by a rename: an ipctl that starts during a build
// runs the previous build whole, and one that started before it keeps loading
// its lazy chunks from its own folder, which stays until the next build. So
// dist/ holds at most two builds; dist/.npmignore leaves all but the current
// one out of the npm package.
//
// --out DIR builds into DIR instead of dist/ (a test builds into a copy).
// With --if-changed (npm test), nothing is built when dist/ is as the last build
// left it and that build was made from the same sources, build scripts and
// installed packages (their digests are kept in .cache/build-stamp.json).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeCommandList } from './command-list.mjs';
import { completionsWritten, writeCompletions } from './completions.mjs';
import { readCurrent } from './dist-layout.mjs';
import { externalModules } from './external-modules.mjs';
import { bundleLazily, forNode } from './lazy-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv.indexOf('--out');
const dist = out >= 0 ? resolve(process.argv[out + 1]) : join(root, 'dist');
/** The stamp describes the project's own dist/; a build elsewhere leaves it alone. */
const stamped = dist === join(root, 'dist');
const stampPath = join(root, '.cache/build-stamp.json');
/** What dist/ is made from. */
const inputs = ['src', 'bin', 'scripts/build.mjs', 'scripts/dist-layout.mjs', 'scripts/lazy-bundle.mjs', 'scripts/external-modules.mjs', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json'];

if (stamped && process.argv.includes('--if-changed') && isUpToDate()) {
  console.log('build: dist/ is up to date with its sources; not rebuilt.');
  process.exit(0);
}

await checkUndiciParts();
await mkdir(dist, { recursive: true });
// Work in progress, named for this process: beside the builds, so that source maps lead to src/ from the same depth.
const staging = join(dist, `.build-${process.pid}`);
const esm = join(dist, `.esm-${process.pid}`);
await rm(staging, { recursive: true, force: true });
await rm(esm, { recursive: true, force: true });

// esbuild splits src/main.ts into ES module chunks, rollup groups them into CommonJS files (scripts/lazy-bundle.mjs).
const { chunks: grouped, metafile: esmMetafile } = await bundleLazily({ entry: 'src/main.ts', staged: esm, dist: staging, root });
await rm(esm, { recursive: true, force: true });

// The keychain worker is a program of its own, which ipctl runs as a child process (src/config/keychain.ts): one file.
const worker = await build({
  ...forNode,
  absWorkingDir: root,
  entryPoints: { 'keychain-worker': 'src/config/keychain-worker.ts' },
  outdir: staging,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  external: externalModules,
  format: 'cjs',
  metafile: true,
  supported: { 'dynamic-import': false },
});

// What each file of the build holds and loads, in esbuild's metafile shape, for the tests that check what a command loads.
await writeFile(join(staging, 'metafile.json'), JSON.stringify(describeBuild(grouped, esmMetafile, worker.metafile)));

// `ipctl --help` for a pipe or a file, as commander renders it, for src/main.ts
// to print without building the command tree (it renders afresh on a terminal).
// Run from the build being made, as bin/ipctl.cjs would run it.
const renderHelp = `require(${JSON.stringify(join(staging, 'main.cjs'))}).main(['node', 'ipctl', '--help']).then((code) => { process.exitCode = code; })`;
const overview = execFileSync(process.execPath, ['--eval', renderHelp], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
await writeFile(join(staging, 'overview.txt'), overview);

// Named for its contents: the same files make the same folder, which is kept as it is.
const name = `b-${digest(staging, ['.']).slice(0, 16)}`;
if (existsSync(join(dist, name))) await rm(staging, { recursive: true, force: true });
else await rename(staging, join(dist, name));

// The switch: current.json is replaced whole, never written in place.
// The build current until now stays, for the processes started before this build (kept from before when nothing changed).
const before = readCurrent(dist);
const previous = before?.build === name ? before.previous : before?.build;
await replaceFile('current.json', `${JSON.stringify({ build: name, previous })}\n`);
// npm packs only the current build (a .npmignore below a "files" entry applies; npm packs no symbolic link, so there is none).
await replaceFile('.npmignore', `# Written by scripts/build.mjs: the npm package holds the current build only.\n/*\n!/current.json\n!/${name}/\n`);
// Before the first build of this layout, the files of the one before it are the previous build.
const layoutBefore = ['main.cjs', 'main.cjs.map', 'chunks', 'keychain-worker.cjs', 'keychain-worker.cjs.map', 'metafile.json', 'overview.txt'];
await removeAllBut([name, previous, 'current.json', '.npmignore', ...(before ? [] : layoutBefore)]);

if (stamped) {
  // The shell completion scripts, from the build just made (package.json ships completions/).
  writeCompletions(root);
  // docs/command-list.md, from the same build.
  writeCommandList(root);
  await mkdir(dirname(stampPath), { recursive: true });
  await writeFile(stampPath, JSON.stringify({ inputs: digest(root, inputs), dist: digest(root, ['dist']) }));
}

/** Writes `file` of dist/ aside, then renames it into place: a reader sees the old file or the new one, whole. */
async function replaceFile(file, text) {
  const aside = join(dist, `.${file.replace(/^\./, '')}-${process.pid}`);
  await writeFile(aside, text);
  await rename(aside, join(dist, file));
}

/**
 * Removes from dist/ every build but `kept` (the new one, and the one that was
 * current until now, which processes started before this build may still load
 * chunks from), and what an interrupted build left; not the work of a build
 * still running.
 */
async function removeAllBut(kept) {
  for (const entry of readdirSync(dist)) {
    if (kept.includes(entry)) continue;
    const pid = /^\.[\w.]+-(\d+)$/.exec(entry)?.[1];
    if (pid && isRunning(Number(pid))) continue;
    await rm(join(dist, entry), { recursive: true, force: true });
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Whether dist/ is what the last build wrote, from the inputs as they are now. */
function isUpToDate() {
  if (!existsSync(stampPath) || !existsSync(join(dist, readCurrent(dist)?.build ?? 'none')) || !completionsWritten(root)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
    return stamp.inputs === digest(root, inputs) && stamp.dist === digest(root, ['dist']);
  } catch {
    return false;
  }
}

/** One SHA-256 of the names and contents of every file under `paths` (relative to `base`), in a fixed order. */
function digest(base, paths) {
  const hash = createHash('sha256');
  // A command's tests sit beside it under src/, and are no part of the build.
  for (const file of paths.flatMap((path) => filesUnder(base, path)).filter((file) => !file.endsWith('.test.ts')).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(base, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function filesUnder(base, path) {
  const full = join(base, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(base, join(entry.parentPath, entry.name)));
}

/**
 * The build's files as esbuild's metafile describes outputs: the source files
 * each holds, and the files each imports. Output paths are relative to the
 * build's folder (main.cjs, chunks/run-….cjs), source paths to the project.
 */
function describeBuild(chunks, esmMetafile, keychainWorker) {
  const outputs = {};
  for (const chunk of chunks) {
    const inputs = {};
    for (const id of chunk.moduleIds) Object.assign(inputs, esmMetafile.outputs[relative(root, id)]?.inputs);
    const local = (paths) => paths.filter((path) => chunks.some((other) => other.fileName === path));
    const imports = [
      ...local(chunk.imports).map((path) => ({ path, kind: 'import-statement' })),
      ...local(chunk.dynamicImports).map((path) => ({ path, kind: 'dynamic-import' })),
    ];
    outputs[chunk.fileName] = { imports, inputs };
  }
  for (const [path, output] of Object.entries(keychainWorker.outputs)) outputs[relative(staging, join(root, path))] = output;
  return { inputs: { ...esmMetafile.inputs, ...keychainWorker.inputs }, outputs };
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
