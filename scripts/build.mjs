// Builds dist/: src/main.ts bundled with esbuild into ES modules (one chunk per
// lazily imported module), and the large dependencies into dist/vendor/*.cjs,
// which src/vendor/load.ts loads through V8's code cache.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const loader = `${root}src/vendor/load.ts`;

/** Each vendor file: the module it bundles, and the names its stand-in re-exports. */
const vendors = {
  commander: { entry: "module.exports = require('commander');", specifiers: { commander: ['Command', 'CommanderError', 'Option', 'Argument', 'Help'] } },
  undici: {
    entry: `module.exports = {
      api: require('undici/lib/api/index.js'),
      Dispatcher: require('undici/lib/dispatcher/dispatcher.js'),
      EnvHttpProxyAgent: require('undici/lib/dispatcher/env-http-proxy-agent.js'),
    };`,
    specifiers: {
      'undici/lib/api/index.js': 'api',
      'undici/lib/dispatcher/dispatcher.js': 'Dispatcher',
      'undici/lib/dispatcher/env-http-proxy-agent.js': 'EnvHttpProxyAgent',
    },
  },
};

/** Imports of a vendored module resolve to a stand-in that loads dist/vendor/<name>.cjs. */
const vendorPlugin = {
  name: 'vendor',
  setup(plugin) {
    const standIns = new Map();
    for (const [name, { specifiers }] of Object.entries(vendors)) {
      for (const [specifier, exported] of Object.entries(specifiers)) standIns.set(specifier, standIn(name, exported));
    }
    plugin.onResolve({ filter: /^(commander|undici\/.*)$/ }, (args) =>
      standIns.has(args.path) ? { path: args.path, namespace: 'vendor' } : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({ contents: standIns.get(args.path), loader: 'js', resolveDir: root }));
  },
};

function standIn(name, exported) {
  const head = `import { loadVendor } from ${JSON.stringify(loader)};\nconst vendor = loadVendor(${JSON.stringify(name)});\n`;
  if (typeof exported === 'string') return `${head}export default vendor.${exported};\n`;
  return head + exported.map((key) => `export const ${key} = vendor.${key};`).join('\n');
}

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await mkdir(new URL('../dist/vendor', import.meta.url), { recursive: true });

/**
 * commander loads child_process at start for a feature ipctl does not use
 * (subcommands as separate executables); load it only if that code runs.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(plugin) {
    plugin.onResolve({ filter: /^node:child_process$/ }, () => ({ path: 'child_process', namespace: 'lazy' }));
    plugin.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('child_process')[key] });",
      loader: 'js',
    }));
  },
};

/**
 * undici loads node:http2 (and with it TLS and crypto) at start for HTTP/2,
 * which ipctl never enables (it speaks HTTP/1.1). Give it what it falls back to
 * where http2 is missing: an empty set of constants.
 */
const withoutHttp2 = {
  name: 'without-http2',
  setup(plugin) {
    plugin.onResolve({ filter: /^node:http2$/ }, () => ({ path: 'http2', namespace: 'absent' }));
    plugin.onLoad({ filter: /.*/, namespace: 'absent' }, () => ({ contents: 'module.exports = { constants: {} };', loader: 'js' }));
  },
};

for (const [name, { entry }] of Object.entries(vendors)) {
  await build({
    plugins: [lazyChildProcess, withoutHttp2],
    stdin: { contents: entry, resolveDir: root, sourcefile: `vendor-${name}.cjs`, loader: 'js' },
    outfile: `dist/vendor/${name}.cjs`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.19',
    minify: true,
    logLevel: 'warning',
  });
}

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
  plugins: [vendorPlugin],
  chunkNames: 'chunks/[name]-[hash]',
  // Some bundled CommonJS dependencies call require(); give ESM output one.
  banner: { js: "import { createRequire as __ipctlCreateRequire } from 'node:module'; const require = __ipctlCreateRequire(import.meta.url);" },
});

// Kept for the test that checks what `ipctl --help` loads.
await writeFile(new URL('../dist/metafile.json', import.meta.url), JSON.stringify(result.metafile));
