// Preloaded with --require into a measured process: at exit, appends one JSON line
// {"maxRSS": KiB, "cpu": microseconds of user and system time} to IPCTL_BENCH_USAGE_FILE.
'use strict';
const { appendFileSync } = require('node:fs');

const file = process.env.IPCTL_BENCH_USAGE_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    appendFileSync(file, `${JSON.stringify({ maxRSS: usage.maxRSS, cpu: usage.userCPUTime + usage.systemCPUTime })}\n`);
  });
}
