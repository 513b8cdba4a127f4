// Writes docs/command-list.md from the current build: exactly what
// `ipctl help commands` prints in a pipe, made from the command tree. The build
// (scripts/build.mjs) runs it after every build of the project's own dist/, so
// the list is never edited by hand; CI fails when the committed file differs.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const commandListFile = 'docs/command-list.md';

export function writeCommandList(root) {
  const list = execFileSync(process.execPath, [join(root, 'bin/ipctl.cjs'), 'help', 'commands'], {
    encoding: 'utf8',
    // A clean environment: nothing of the caller's may change the list.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  });
  writeFileSync(join(root, commandListFile), `# Commands\n\n<!-- Written by npm run build from \`ipctl help commands\`: do not edit. -->\n\n${list}`);
}
