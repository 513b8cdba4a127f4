// Builds dist/: src/main.ts bundled with esbuild into CommonJS files (one chunk
// per lazily imported module), the large dependencies into dist/vendor/*.cjs,
// dist/boot.cjs (src/boot.ts), which loads them all through V8's code cache,
// and the overview that `ipctl --help` prints.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each vendor file: the module it bundles, and the names its stand-in re-exports. */
const vendors = {
  commander: { entry: "module.exports = require('commander');", specifiers: { commander: ['Command', 'CommanderError', 'Option', 'Argument', 'Help'] } },
  undici: {
    entry: `module.exports = {
      request: require('undici/lib/api/api-request.js'),
      connect: require('undici/lib/api/api-connect.js'),
      Dispatcher: require('undici/lib/dispatcher/dispatcher.js'),
      EnvHttpProxyAgent: require('undici/lib/dispatcher/env-http-proxy-agent.js'),
    };`,
    specifiers: {
      'undici/lib/api/api-request.js': 'request',
      'undici/lib/api/api-connect.js': 'connect',
      'undici/lib/dispatcher/dispatcher.js': 'Dispatcher',
      'undici/lib/dispatcher/env-http-proxy-agent.js': 'EnvHttpProxyAgent',
    },
  },
};

/**
 * Imports of a vendored module resolve to a stand-in that requires
 * `ipctl-vendor:<name>`, which src/boot.ts loads from dist/vendor/<name>.cjs.
 */
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
    plugin.onResolve({ filter: /^ipctl-vendor:/ }, (args) => ({ path: args.path, external: true }));
  },
};

function standIn(name, exported) {
  const head = `import * as vendor from ${JSON.stringify(`ipctl-vendor:${name}`)};\n`;
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

/**
 * undici checks its own invariants with assert(): node:assert (about 1 ms to
 * load) is needed only when one fails, or when undici asks for more of it.
 */
const lazyAssert = {
  name: 'lazy-assert',
  setup(plugin) {
    plugin.onResolve({ filter: /^node:assert$/ }, () => ({ path: 'assert', namespace: 'lazy-assert' }));
    plugin.onLoad({ filter: /.*/, namespace: 'lazy-assert' }, () => ({
      contents: `function assert(value, message) { if (!value) require('node:assert')(value, message); }
        module.exports = new Proxy(assert, { get: (_, key) => require('node:assert')[key] });`,
      loader: 'js',
    }));
  },
};

/**
 * undici asks node:http (about 1.5 ms to load, on top of node:net) for two
 * things at start: the largest response header Node accepts, and
 * IncomingMessage, to tell a Node request body apart when destroying one (ipctl
 * never sends one). Node's default size is given unless --max-http-header-size
 * is set, in which case node:http itself answers; anything else asked of it
 * loads node:http.
 */
const lazyHttp = {
  name: 'lazy-http',
  setup(plugin) {
    plugin.onResolve({ filter: /^node:http$/ }, () => ({ path: 'http', namespace: 'lazy-http' }));
    plugin.onLoad({ filter: /.*/, namespace: 'lazy-http' }, () => ({
      contents: `const configured = /--max-http-header-size/.test(process.execArgv.join(' ') + ' ' + (process.env.NODE_OPTIONS || ''));
        const known = { maxHeaderSize: 16 * 1024, IncomingMessage: class IncomingMessage {} };
        module.exports = configured ? require('node:http') : new Proxy(known, { get: (_, key) => (key in known ? known[key] : require('node:http')[key]) });`,
      loader: 'js',
    }));
  },
};

/** What every file of dist/ is built for: the oldest Node ipctl supports, minified (less to parse at every start). */
const forNode = { platform: 'node', target: 'node20.19', minify: true, logLevel: 'warning' };

for (const [name, { entry }] of Object.entries(vendors)) {
  await build({
    ...forNode,
    plugins: [lazyChildProcess, withoutHttp2, lazyAssert, lazyHttp],
    stdin: { contents: entry, resolveDir: root, sourcefile: `vendor-${name}.cjs`, loader: 'js' },
    outfile: `dist/vendor/${name}.cjs`,
    bundle: true,
    format: 'cjs',
  });
}

// Two steps. esbuild splits code into lazily loaded chunks only for ES modules,
// so it first bundles src/main.ts that way (in memory); each file is then turned
// into CommonJS. Node starts a CommonJS program faster than an ES module one (no
// ES module loader to set up, no URL resolution), and `import()` of a chunk
// becomes a plain require() when the chunk is needed.
const result = await build({
  ...forNode,
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  metafile: true,
  write: false,
  plugins: [vendorPlugin],
  chunkNames: 'chunks/[name]-[hash]',
  // Where a module asks for its own directory, CommonJS has it at hand.
  define: { 'import.meta.dirname': '__dirname' },
});

for (const file of result.outputFiles) {
  const { code } = await transform(file.text, {
    ...forNode,
    format: 'cjs',
    supported: { 'dynamic-import': false },
    sourcefile: file.path,
  });
  await mkdir(dirname(file.path), { recursive: true });
  await writeFile(file.path, code);
}

// What bin/ipctl.cjs starts with: the loader of everything above.
await build({
  ...forNode,
  entryPoints: ['src/boot.ts'],
  outfile: 'dist/boot.cjs',
  define: { IPCTL_VERSION: JSON.stringify(JSON.parse(await readFile(`${root}package.json`, 'utf8')).version) },
  bundle: true,
  format: 'cjs',
});

// Kept for the test that checks what `ipctl --help` loads.
await writeFile(new URL('../dist/metafile.json', import.meta.url), JSON.stringify(result.metafile));

// `ipctl --help` for a pipe or a file, as commander renders it, for src/main.ts
// to print without building the command tree (it renders afresh on a terminal).
const overview = execFileSync(process.execPath, [`${root}bin/ipctl.cjs`, '--help'], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
await writeFile(new URL('../dist/overview.txt', import.meta.url), overview);
