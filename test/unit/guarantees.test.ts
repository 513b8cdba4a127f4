// test/guarantees.md maps each promise of the README's exit codes, output,
// reliability and CI sections to the planted bugs of scripts/mutate.mjs that
// break it, and the tests that catch each. This keeps the map true: every
// guarantee has a planted bug, every name is one mutate.mjs plants, and every
// test file listed exists and is one that planted bug runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

interface Guarantee {
  text: string;
  line: number;
  bugs: Array<{ name: string; tests: string[]; line: number }>;
}

/** The guarantees of the map: `- text` lines, each followed by "  - `name`: test, test" lines. */
function readMap(text: string): { guarantees: Guarantee[]; strays: number[] } {
  const guarantees: Guarantee[] = [];
  const strays: number[] = [];
  let inFence = false;
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (content.startsWith('```')) inFence = !inFence;
    if (inFence) return;
    const bug = /^ {2}- `([^`]+)`: (\S.*)$/.exec(content);
    if (bug) {
      const current = guarantees.at(-1);
      if (current) current.bugs.push({ name: bug[1]!, tests: bug[2]!.split(', '), line });
      else strays.push(line);
    } else if (content.startsWith('- ')) {
      guarantees.push({ text: content.slice(2), line, bugs: [] });
    } else if (/^\s+-/.test(content)) {
      strays.push(line);
    }
  });
  return { guarantees, strays };
}

function plantedBugs(): Map<string, string[]> {
  const listed = spawnSync(process.execPath, [join(root, 'scripts', 'mutate.mjs'), '--list'], { cwd: root, encoding: 'utf8' });
  expect(listed.status, listed.stderr).toBe(0);
  const bugs = JSON.parse(listed.stdout) as Array<{ name: string; tests: string[] }>;
  return new Map(bugs.map(({ name, tests }) => [name, tests]));
}

const { guarantees, strays } = readMap(readFileSync(join(root, 'test', 'guarantees.md'), 'utf8'));

describe('test/guarantees.md', () => {
  it('is read as guarantees with planted bugs under them, and no line in another shape', () => {
    expect(guarantees.length).toBeGreaterThan(50);
    expect(strays, 'lines that look like a planted bug but are not "  - `name`: test, …"').toEqual([]);
  });

  it('gives every guarantee at least one planted bug', () => {
    expect(guarantees.filter((guarantee) => guarantee.bugs.length === 0).map(({ line, text }) => `line ${line}: ${text}`)).toEqual([]);
  });

  it('names only planted bugs of scripts/mutate.mjs, with tests that exist and that each one runs', () => {
    expect(problemsOf(guarantees, plantedBugs())).toEqual([]);
  });

  it('would fail on a name that is not planted, a test that does not exist, or one the planted bug does not run', () => {
    const made = readMap(
      ['- a promise', '  - `no such planted bug`: test/unit/exit-codes.test.ts', '  - `404 is exit 1, not 3`: test/unit/no-such.test.ts, test/unit/retry.test.ts'].join('\n'),
    ).guarantees;
    expect(problemsOf(made, plantedBugs())).toEqual([
      'line 2: no planted bug is named "no such planted bug"',
      'line 3: test/unit/no-such.test.ts does not exist',
      'line 3: "404 is exit 1, not 3" does not run test/unit/retry.test.ts',
    ]);
  });
});

function problemsOf(map: Guarantee[], planted: Map<string, string[]>): string[] {
  const problems: string[] = [];
  for (const { name, tests, line } of map.flatMap(({ bugs }) => bugs)) {
    const runs = planted.get(name);
    if (!runs) {
      problems.push(`line ${line}: no planted bug is named "${name}"`);
      continue;
    }
    for (const test of tests) {
      if (!existsSync(join(root, test))) problems.push(`line ${line}: ${test} does not exist`);
      else if (!runs.includes(test)) problems.push(`line ${line}: "${name}" does not run ${test}`);
    }
  }
  return problems;
}
