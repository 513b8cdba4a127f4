#!/usr/bin/env node
// Launcher: runs main() with the real process and hands its exit code to Node. Nothing else lives here.
'use strict';
const module_ = require('node:module');

// V8's code cache (Node 22.1+): later starts skip compiling what they ran before.
module_.enableCompileCache?.();
const { main, processDeps } = require('../dist/main.cjs');
main(process.argv, processDeps()).then((code) => {
  process.exitCode = code;
});
