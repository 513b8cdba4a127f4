// A folder per command (docs/architecture.md, "Adding a command"): every file under
// src/commands/ but the registry sits in a command folder, the one that holds the
// command's index.ts, beside its run, its view and its tests; and none of those
// tests is part of the build.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';
import { readMetafile } from '../helpers/metafile.js';

const commandsDir = 'src/commands';
const registry = 'src/commands/registry.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** Files of `files` that are neither the registry nor in a folder holding an index.ts (that is, a command's folder). */
function outsideCommandFolders(files: readonly string[], hasIndex: (folder: string) => boolean): string[] {
  return files.filter((file) => file !== registry && !hasIndex(posix.dirname(file)));
}

const hasIndexOnDisk = (folder: string): boolean => existsSync(join(repoRoot, folder, 'index.ts'));

describe('src/commands/', () => {
  it('holds nothing outside a command folder but the registry', () => {
    const files = filesUnder(commandsDir);
    expect(files).toContain(registry);
    expect(outsideCommandFolders(files, hasIndexOnDisk)).toEqual([]);
  });

  it('has commands whose tests sit beside them', () => {
    const tests = filesUnder(commandsDir).filter((file) => file.endsWith('.test.ts'));
    expect(tests).toContain('src/commands/search/search.test.ts');
    for (const test of tests) expect(hasIndexOnDisk(dirname(test)), test).toBe(true);
  });

  it('the rule can fail: a file in a noun folder, or a folder with no index.ts, is outside', () => {
    const folders = new Set(['src/commands/auth/login', 'src/commands/search']);
    const hasIndex = (folder: string) => folders.has(folder);
    expect(outsideCommandFolders([registry, 'src/commands/auth/login/index.ts', 'src/commands/auth/shared.ts', 'src/commands/search/search.test.ts', 'src/commands/util/x.ts'], hasIndex)).toEqual([
      'src/commands/auth/shared.ts',
      'src/commands/util/x.ts',
    ]);
  });
});

describe('the build', () => {
  it('leaves every test out of dist/: none is among the inputs of the bundle', () => {
    const inputs = Object.keys(readMetafile().inputs as Record<string, unknown>);
    expect(inputs).toContain('src/commands/search/index.ts');
    expect(inputs.filter((input) => input.endsWith('.test.ts') || input.startsWith('test/'))).toEqual([]);
  });
});
