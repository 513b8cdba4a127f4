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

const { main, processDeps } = require('../dist/main.cjs');
main(process.argv, processDeps()).then((code) => {
  process.exitCode = code;
});
