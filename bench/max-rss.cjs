// Preloaded with --require into every measured process (baselines too): records the peak
// resident set size at exit, in kilobytes, to the file named by IPCTL_BENCH_RSS_FILE.
'use strict';
const { appendFileSync } = require('node:fs');

const file = process.env.IPCTL_BENCH_RSS_FILE;
if (file) process.on('exit', () => appendFileSync(file, `${process.resourceUsage().maxRSS}\n`));
