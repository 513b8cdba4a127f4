#!/usr/bin/env node
// Launcher: runs main() with the real process and hands its exit code to Node. Nothing else lives here.
'use strict';
const { join } = require('node:path');
const { startMain } = require('../dist/boot.cjs');

const { main, processDeps } = startMain(join(__dirname, '..', 'dist', 'main.cjs'));
main(process.argv, processDeps()).then((code) => {
  process.exitCode = code;
});
