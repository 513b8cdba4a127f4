// dist/ holds one folder a build, dist/b-<hash>/, and dist/current.json, which
// names the build bin/ipctl.cjs runs ({"build": "b-…", "previous": "b-…"});
// scripts/build.mjs explains why. For the scripts that read a build's files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** dist/current.json, or undefined when nothing was built there yet. */
export function readCurrent(dist) {
  try {
    return JSON.parse(readFileSync(join(dist, 'current.json'), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The folder of the build that dist/current.json names. */
export function currentBuildDir(dist) {
  const current = readCurrent(dist);
  if (!current) throw new Error(`${dist} holds no build: run npm run build`);
  return join(dist, current.build);
}
