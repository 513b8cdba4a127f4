// Tests run ipctl in-process; only what a process shows (argv, signals, PTYs,
// shells, TLS, the keychain, the bundle) spawns the built CLI (STYLE.md,
// principle 9). This keeps the number of test files that spawn it from
// growing: a new spawned case goes into a file that already spawns for the
// same reason, or in-process.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

/** The most test files that may spawn the CLI; lower it when a change spawns from fewer. */
const limit = 15;

/**
 * The helpers that start the built CLI (test/helpers/cli.ts, pty.ts, shells.ts),
 * and the launcher's own names: a test file naming one spawns ipctl.
 */
const spawning = /\b(runIpctl|runIpctlInTerminal|startIpctl|runProcess|ipctlBin|PtySession|shellHome)\b|bin\/ipctl\.cjs/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'helpers' || entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every test file that spawns ipctl, but this one, which names the helpers only to find them. */
function spawningTestFiles(root: string): string[] {
  // Under test/, and beside each command in src/commands/.
  return [...testFiles(join(root, 'test')), ...testFiles(join(root, 'src'))]
    .filter((file) => file !== import.meta.filename && spawning.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .sort();
}

describe('test files that spawn the built CLI', () => {
  it(`are at most ${limit}`, () => {
    const files = spawningTestFiles(repoRoot);
    expect(files.length, `${files.length} test files spawn ipctl:\n${files.join('\n')}`).toBeLessThanOrEqual(limit);
  });

  it('are found by the helpers they use', () => {
    // Seen as spawning: a file of test/process/ that drives a terminal, and one that signals ipctl.
    const files = spawningTestFiles(repoRoot);
    expect(files).toContain('test/process/prompt-colour.test.ts');
    expect(files).toContain('test/e2e/connections-bulk.test.ts');
    // Not seen as spawning: in-process files, and this one.
    expect(files).not.toContain('test/e2e/help.test.ts');
    expect(files).not.toContain('test/unit/spawning-files.test.ts');
  });
});
