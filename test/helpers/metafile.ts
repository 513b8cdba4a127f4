import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentBuildDir } from './cli.js';

/**
 * The current build's metafile.json, written by scripts/build.mjs: the source files each file of the build holds,
 * and the files it imports. Its files are named relative to the build's folder (main.cjs, chunks/run-….cjs).
 */
export interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { imports: Array<{ path: string; kind: string; external?: boolean }>; inputs: Record<string, unknown> }>;
}

export function readMetafile(): Metafile {
  return JSON.parse(readFileSync(join(currentBuildDir(), 'metafile.json'), 'utf8')) as Metafile;
}

/** The file of the build that holds the source file `input`. */
export function fileHolding(metafile: Metafile, input: string): string | undefined {
  return Object.keys(metafile.outputs).find((output) => input in (metafile.outputs[output]?.inputs ?? {}));
}

/** Every source file that loads with the output file `start` before any dynamic import runs. */
export function staticallyLoadedInputs(metafile: Metafile, start: string): string[] {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const output = pending.pop()!;
    if (seen.has(output)) continue;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) pending.push(imported.path);
    }
  }
  return [...seen].flatMap((output) => Object.keys(metafile.outputs[output]?.inputs ?? {}));
}
