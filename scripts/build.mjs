// Bundles src/main.ts into dist/ with esbuild: one entry, a chunk per lazily
// imported module, dependencies included, so start-up reads few files.
import { rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
const result = await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  // Less to parse at every start.
  minify: true,
  logLevel: 'warning',
  metafile: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Some bundled CommonJS dependencies call require(); give ESM output one.
  banner: { js: "import { createRequire as __ipctlCreateRequire } from 'node:module'; const require = __ipctlCreateRequire(import.meta.url);" },
});

// Kept for the test that checks what `ipctl --help` loads.
await writeFile(new URL('../dist/metafile.json', import.meta.url), JSON.stringify(result.metafile));
