// The bundle does what the source does: a function that a lazily loaded module
// takes with `const { f } = await import(...)` gets every argument it is given
// there, such as an optional callback that every other call leaves out. Small
// programs go through scripts/lazy-bundle.mjs, the steps that build dist/, and
// the built program runs in its own process.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without declarations
import { bundleLazily } from '../../scripts/lazy-bundle.mjs';
import { tempDir } from '../helpers/cli.js';

const work = tempDir('ipctl-lazy-bundle-');
afterAll(() => work.remove());

/** Writes `files` as a program, builds it as dist/ is built, and runs main(which) of the result; what it returns, as JSON. */
async function builtAndRun(name: string, files: Record<string, string>, which: string): Promise<unknown> {
  const program = join(work.path, name);
  mkdirSync(join(program, 'src'), { recursive: true });
  for (const [file, source] of Object.entries(files)) writeFileSync(join(program, 'src', file), source);
  const dist = join(program, 'dist');
  await bundleLazily({ entry: 'src/main.ts', staged: join(program, 'staged'), dist, root: program });
  const script = `require(${JSON.stringify(join(dist, 'main.cjs'))}).main(${JSON.stringify(which)}).then((value) => process.stdout.write(JSON.stringify(value)))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

/** The reader takes an optional callback and hands it on to a helper, as src/connections/bulk/results.ts once did. */
const reader = `
export function readResults(name: string, onRecord?: (line: string) => void): string[] {
  const lines = [name + ' line 1', name + ' line 2'];
  for (const line of lines) readLine(line, onRecord);
  return lines;
}
function readLine(line: string, onRecord?: (line: string) => void): void {
  onRecord?.(line);
}
`;

/** Takes the reader lazily, destructured, and passes the callback. */
const summary = `
export async function summarize(): Promise<string[]> {
  const seen: string[] = [];
  const { readResults } = await import('./results.js');
  readResults('summary', (line) => seen.push(line));
  return seen;
}
`;

describe('the bundle keeps the arguments a lazily imported function is given', () => {
  it('a callback passed through a destructured import(), where the other caller imports the function statically and passes none', async () => {
    const files = {
      'main.ts': `
export async function main(which: string): Promise<unknown> {
  if (which === 'resume') return (await import('./resume.js')).resume();
  return (await import('./summary.js')).summarize();
}
`,
      'resume.ts': `
import { readResults } from './results.js';
export function resume(): string[] {
  return readResults('resume');
}
`,
      'summary.ts': summary,
      'results.ts': reader,
    };
    expect(await builtAndRun('static-caller', files, 'summary')).toEqual(['summary line 1', 'summary line 2']);
    expect(await builtAndRun('static-caller', files, 'resume')).toEqual(['resume line 1', 'resume line 2']);
  });

  it('a callback passed through a destructured import(), where the lazily loaded module calls the function itself without one', async () => {
    const files = {
      'main.ts': `
export async function main(which: string): Promise<unknown> {
  if (which === 'count') return (await import('./results.js')).countResults();
  return (await import('./summary.js')).summarize();
}
`,
      'summary.ts': summary,
      'results.ts': `${reader}
export function countResults(): number {
  return readResults('count').length;
}
`,
    };
    expect(await builtAndRun('own-caller', files, 'summary')).toEqual(['summary line 1', 'summary line 2']);
    expect(await builtAndRun('own-caller', files, 'count')).toBe(2);
  });
});
