// npm run bench: every benchmark, one after the other, whatever each one finds.
// Exits non-zero when any target was missed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

let failed = 0;
for (const name of ['startup.mjs', 'standalone.mjs', 'bulk.mjs']) {
  const { status } = spawnSync(process.execPath, [join(import.meta.dirname, name)], { stdio: 'inherit' });
  if (status !== 0) failed++;
  console.log('');
}
process.exitCode = failed === 0 ? 0 : 1;
