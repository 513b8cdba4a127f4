// Usage: node bench/floor/run.cjs URL — prints the body. A benchmark row, not part of ipctl.
'use strict';
const { join } = require('node:path');
const { startMain } = require('../../dist/boot.cjs');

const get = startMain(join(__dirname, 'entry.cjs'));
get(process.argv[2]).then((body) => process.stdout.write(`${body}\n`));
