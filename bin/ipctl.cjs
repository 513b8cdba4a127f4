#!/usr/bin/env node
// Launcher: runs main() with the real process and hands its exit code to Node. Nothing else lives here.
'use strict';

// process.getBuiltinModule came with Node 20.16 and 22.3; on 21.x and 22.0 to 22.2, require() stands in.
if (typeof process.getBuiltinModule !== 'function') {
  const { isBuiltin } = require('node:module');
  process.getBuiltinModule = (id) => (isBuiltin(id) ? require(id) : undefined);
}
// Stack traces under --debug (or IPCTL_DEBUG) point into src/*.ts: the maps must be on before the modules load.
const debugVariable = (process.env.IPCTL_DEBUG ?? '').toLowerCase();
if (process.argv.includes('--debug') || !['', '0', 'false', 'no'].includes(debugVariable)) process.setSourceMapsEnabled(true);

// dist/current.json names the build to run, a folder of dist/ that no build changes once it is named;
// scripts/build.mjs replaces the file whole, last, so a build under way never leaves a half-built ipctl here.
const { join } = require('node:path');
const dist = join(__dirname, '..', 'dist');
const { build } = JSON.parse(require('node:fs').readFileSync(join(dist, 'current.json'), 'utf8'));
const { main, processDeps } = require(join(dist, build, 'main.cjs'));
main(process.argv, processDeps()).then((code) => {
  process.exitCode = code;
});
