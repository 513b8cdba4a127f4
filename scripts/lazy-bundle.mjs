// The two steps that turn src/main.ts into dist/ (scripts/build.mjs), on their
// own so that a test can run them over a small program: esbuild splits the
// program into ES module chunks at each import(), and rollup groups those
// chunks into CommonJS files.
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { externalModules, isExternalModule } from './external-modules.mjs';

/** What every file of dist/ is built for: the oldest Node ipctl supports, minified (less to parse at every start). */
export const forNode = { platform: 'node', target: 'node20.19', minify: true, sourcemap: 'linked', sourcesContent: false, logLevel: 'warning' };

/**
 * Bundles `entry` as `main`, split at each import(), into `dist` (main.cjs and
 * chunks/), by way of esbuild's ES module chunks in `staged`. `root` is what
 * metafile paths are relative to. Returns rollup's chunks and esbuild's metafile.
 */
export async function bundleLazily({ entry, staged, dist, root }) {
  // esbuild bundles the program as ES modules, the only format it splits into
  // lazily loaded chunks. It makes a chunk of every set of entries (main, and
  // each import() target) that share modules, without knowing that a
  // dynamically imported chunk always loads after the one importing it: some 35
  // small files for one command. rollup then groups those chunks knowing it (a
  // module already loaded by the importer stays there), and writes them as
  // CommonJS: Node starts a CommonJS program faster than an ES module one, and
  // `import()` of a chunk becomes a plain require() when the chunk is needed.
  // rollup reads esbuild's source maps, so dist/'s maps point into src/.
  const esbuilt = await build({
    ...forNode,
    absWorkingDir: root,
    entryPoints: { main: entry },
    outdir: staged,
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
  const chunks = await groupChunks(join(staged, 'main.js'), staged, dist, lazilyLoaded(esbuilt.metafile, root));
  return { chunks, metafile: esbuilt.metafile };
}

/** rollup, from esbuild's chunks to `dist`: each group of chunks that always load together as one CommonJS file. */
async function groupChunks(entry, staged, dist, lazy) {
  const bundle = await rollup({
    input: { main: entry },
    external: (id) => id.startsWith('node:') || builtinModules.includes(id) || isExternalModule(id),
    plugins: [withEsbuildChunks(staged, lazy)],
    // main.cjs may export more than main() and processDeps(): what its lazily loaded chunks take from it.
    preserveEntrySignatures: 'allow-extension',
    onwarn(warning, warn) {
      // esbuild's chunks import each other in cycles (a shared chunk and the chunk that imports it lazily); harmless.
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
  });
  const { output } = await bundle.write({
    dir: dist,
    format: 'cjs',
    entryFileNames: '[name].cjs',
    chunkFileNames: 'chunks/[name].cjs',
    dynamicImportInCjs: false,
    sourcemap: true,
    sourcemapExcludeSources: true,
    generatedCode: 'es2015',
  });
  await bundle.close();
  return output.filter((file) => file.type === 'chunk');
}

/** The chunks esbuild wrote that some chunk loads with import(), as rollup names them (absolute paths). */
function lazilyLoaded(metafile, root) {
  const targets = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.kind === 'dynamic-import' && !imported.external));
  return new Set(targets.map((imported) => resolve(root, imported.path)));
}

/**
 * A rollup plugin that loads each chunk esbuild wrote with its source map, so
 * that rollup's maps lead back to src/. A chunk loaded with import() is not
 * tree-shaken: rollup does not count the calls made through
 * `const { f } = await import(...)`, so where every call it sees leaves out an
 * optional argument (a callback), it takes that argument for always undefined
 * and deletes the code that uses it. Leaving such a chunk whole makes rollup
 * take its exports as callable with any arguments, as entry points are.
 */
function withEsbuildChunks(staged, lazy) {
  return {
    name: 'with-esbuild-chunks',
    async load(id) {
      if (!id.startsWith(staged)) return null;
      const code = await readFile(id, 'utf8');
      const map = JSON.parse(await readFile(`${id}.map`, 'utf8'));
      return { code: code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map, ...(lazy.has(id) ? { moduleSideEffects: 'no-treeshake' } : {}) };
    },
  };
}
