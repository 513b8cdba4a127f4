// `npm run demo` is the README's first command: it must run, and show every
// command but the two it says it leaves out (auth login needs a terminal, auth
// migrate would write to the OS keychain).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../../src/commands/registry.js';

const { commands } = registry;

const root = join(import.meta.dirname, '..', '..');
const leftOut = ['auth login', 'auth migrate'];

describe('npm run demo', () => {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'demo.mjs')], { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });

  it('runs to the end, with exit codes only where it shows an error', () => {
    expect(run.status, run.stderr).toBe(0);
    // The three failures it shows on purpose: fields missing (2), an unknown org (3), an object not searchable (1).
    expect([...run.stdout.matchAll(/^\(exit code (\d+)\)$/gm)].map((match) => match[1])).toEqual(['2', '3', '1']);
    expect(run.stdout + run.stderr).not.toMatch(/this is a bug|\n\s+at .+:\d+:\d+/);
  });

  it.each(commands.map((entry) => entry.path.join(' ')).filter((name) => !leftOut.includes(name)))('shows ipctl %s', (name) => {
    expect(run.stdout).toMatch(new RegExp(`^\\$ ipctl ${name}\\b`, 'm'));
  });

  it('keeps its secrets out of its output', () => {
    expect(run.stdout).not.toMatch(/pipedrive-demo-(bulk-)?key-\d{4,}|demo-secret-access-key-0000\b/);
  });
});
