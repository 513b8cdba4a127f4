// Writes completions/ from the current build: each script is exactly what
// `ipctl completion SHELL` prints, generated from the whole command tree.
// The build (scripts/build.mjs) runs it after every build of the project's own
// dist/, so the scripts are never edited nor committed: they follow the declarations.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Keep in step with scriptFiles in src/completion/scripts/files.ts: test/e2e/completions.test.ts reads each file by that name.
export const completionFiles = { bash: 'ipctl.bash', zsh: '_ipctl', fish: 'ipctl.fish', powershell: 'ipctl.ps1' };

export function writeCompletions(root) {
  mkdirSync(join(root, 'completions'), { recursive: true });
  for (const [shell, file] of Object.entries(completionFiles)) {
    const script = execFileSync(process.execPath, [join(root, 'bin/ipctl.cjs'), 'completion', shell], {
      encoding: 'utf8',
      // A clean environment: nothing of the caller's may change the scripts.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    writeFileSync(join(root, 'completions', file), script);
  }
}

export function completionsWritten(root) {
  return Object.values(completionFiles).every((file) => existsSync(join(root, 'completions', file)));
}
