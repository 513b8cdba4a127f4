// Writes completions/ from the built CLI: each script is exactly what
// `ipctl completion SHELL` prints, generated from the whole command tree.
// Usage: npm run completions   (builds first)
//        node scripts/completions.mjs --check   (exit 1 when a committed script is out of date)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const check = process.argv.includes('--check');
// Keep in step with scriptFiles in src/completion/scripts/index.ts.
const files = { bash: 'ipctl.bash', zsh: '_ipctl', fish: 'ipctl.fish', powershell: 'ipctl.ps1' };

mkdirSync(join(root, 'completions'), { recursive: true });
let stale = 0;
for (const [shell, file] of Object.entries(files)) {
  const script = execFileSync(process.execPath, [join(root, 'bin/ipctl.cjs'), 'completion', shell], {
    encoding: 'utf8',
    // A clean environment: nothing of the caller's may change the scripts.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  });
  const path = join(root, 'completions', file);
  if (check) {
    let committed = '';
    try {
      committed = readFileSync(path, 'utf8');
    } catch {}
    if (committed !== script) {
      console.error(`completions/${file} is out of date: run npm run completions`);
      stale++;
    }
  } else {
    writeFileSync(path, script);
    console.log(`completions/${file}`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
