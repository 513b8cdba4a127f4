// Every change ipctl makes to a file goes through the host's filesystem
// (src/host-fs.ts, the only module that takes node:fs's writing calls), so that
// a test can fail it (test/helpers/write-sites.ts): a write anywhere else fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

const srcDir = join(repoRoot, 'src');
const seam = 'src/host-fs.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // A command's tests beside it are tests, not ipctl: they write fixtures as they please.
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(repoRoot, path)] : [];
  });
}

/** node:fs functions that change a file or folder. */
const changing = [
  'writeSync', 'writeFileSync', 'appendFileSync', 'renameSync', 'mkdirSync', 'mkdtempSync', 'unlinkSync', 'rmSync', 'rmdirSync',
  'chmodSync', 'fchmodSync', 'lchmodSync', 'chownSync', 'fchownSync', 'truncateSync', 'ftruncateSync', 'fsyncSync', 'fdatasyncSync',
  'copyFileSync', 'cpSync', 'symlinkSync', 'linkSync', 'utimesSync', 'futimesSync', 'createWriteStream', 'writeFile', 'appendFile',
  'rename', 'mkdir', 'mkdtemp', 'unlink', 'rm', 'rmdir', 'chmod', 'truncate', 'copyFile', 'cp', 'symlink', 'link', 'writev', 'writevSync',
];

/** Writes that are not to files ipctl keeps: the process's own stdout and stderr. */
const outputWriters: Record<string, string[]> = {
  'src/deps.ts': ['writeSync'],
};

/** The node:fs names a file takes, by `import { … } from 'node:fs'` (or node:fs/promises) or from getBuiltinModule('node:fs'). */
function fsNamesUsed(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'node:fs(?:\/promises)?'/g)) {
    for (const part of match[1]!.split(',')) names.add(part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!);
  }
  for (const match of text.matchAll(/\{([^}]*)\}\s*=\s*process\.getBuiltinModule\('node:fs(?:\/promises)?'\)/g)) {
    for (const part of match[1]!.split(',')) names.add(part.trim().split(':')[0]!.trim());
  }
  for (const match of text.matchAll(/getBuiltinModule\('node:fs(?:\/promises)?'\)\.(\w+)/g)) names.add(match[1]!);
  if (/import\s+\*\s+as\s+\w+\s+from\s*'node:fs/.test(text) || /import\s+\w+\s+from\s*'node:fs/.test(text)) names.add('(the whole module)');
  return [...names].filter(Boolean);
}

describe('write sites', () => {
  const files = sourceFiles(srcDir);

  it('finds the source files', () => {
    expect(files).toContain(seam);
    expect(files.length).toBeGreaterThan(50);
  });

  it('no file but the seam changes a file through node:fs', () => {
    const found: string[] = [];
    for (const file of files.filter((name) => name !== seam)) {
      const text = readFileSync(join(repoRoot, file), 'utf8');
      for (const name of fsNamesUsed(text)) {
        if (name === '(the whole module)' || (changing.includes(name) && !outputWriters[file]?.includes(name))) found.push(`${file}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('opens files outside the seam for reading only', () => {
    const found: string[] = [];
    for (const file of files.filter((name) => name !== seam)) {
      const text = readFileSync(join(repoRoot, file), 'utf8');
      const names = fsNamesUsed(text);
      if (!names.includes('openSync') && !names.includes('open')) continue;
      for (const match of text.matchAll(/\bopen(?:Sync)?\(([^()]*(?:\([^()]*\))?[^()]*)\)/g)) {
        const readOnly = /,\s*'r'\s*$/.test(match[1]!) || (/\bO_RDONLY\b/.test(match[1]!) && !/\bO_(WRONLY|RDWR|CREAT|APPEND|TRUNC)\b/.test(match[1]!));
        if (match[1]!.trim() !== '' && !readOnly) found.push(`${file}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the fault cases reach every kind of writer: imports (from a file, from stdin, resumed), profile changes, the keychain fallback, --force', async () => {
    const { writeSiteCases } = await import('../helpers/write-sites.js');
    expect(new Set(writeSiteCases.flatMap((entry) => entry.scenarios))).toEqual(new Set(['import', 'import-resume', 'import-stdin', 'profile', 'credential', 'profile-corrupt']));
  });
});
