// Adding a command is a folder and one registry line (docs/architecture.md,
// "Adding a command"): a fixture command (test/fixtures/commands/greet/), added
// to the registry here and nowhere else, appears in `ipctl --help`, in
// `ipctl help commands` (docs/command-list.md's text), in every shell's
// completion script, and runs with its own help, flags, checks and formats.
import { describe, expect, it } from 'vitest';
import { type Registry, registry } from '../../src/commands/registry.js';
import { ipctl } from '../helpers/in-process.js';

const withGreet: Registry = {
  groups: registry.groups,
  commands: [...registry.commands, { path: ['greet'], summary: 'Greet someone by name', load: () => import('../fixtures/commands/greet/index.js') }],
};
const run = (args: string[]) => ipctl(args, { registry: withGreet });

describe('a command added by a folder and a registry line', () => {
  it('is listed by ipctl --help, with its summary', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}greet +Greet someone by name$/m);
    const without = await ipctl(['--help']);
    expect(without.stdout).not.toContain('greet');
  });

  it('is in ipctl help commands, with its argument', async () => {
    const list = await run(['help', 'commands']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('- `ipctl greet <name>`: Greet someone by name\n');
  });

  it.each(['bash', 'zsh', 'fish', 'powershell'])('is completed by the %s script, its flag too', async (shell) => {
    const script = await run(['completion', shell]);
    expect(script.code).toBe(0);
    // fish names a long flag without its dashes (-l shout).
    const flag = shell === 'fish' ? '-l shout' : '--shout';
    expect(script.stdout).toContain('greet');
    expect(script.stdout).toContain(flag);
    const own = await ipctl(['completion', shell]);
    expect(own.stdout).not.toContain(flag);
  });

  it('is completed when Tab is pressed', async () => {
    const words = await run(['__complete', 'gre']);
    expect(words.code).toBe(0);
    expect(words.stdout).toContain('greet');
  });

  it('has its own help, from its declaration', async () => {
    const help = await run(['greet', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: ipctl greet [options] <name>');
    expect(help.stdout).toContain('Greet someone by name: a command that only tests have.');
    expect(help.stdout).toContain('$ ipctl greet Ada --shout --json');
  });

  it('runs, in a table or JSON', async () => {
    expect(await run(['greet', 'Ada'])).toMatchObject({ code: 0, stdout: 'FIELD\tVALUE\nGreeting\tHello, Ada\n', stderr: '' });
    const json = await run(['greet', 'Ada', '--shout', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ greeting: 'HELLO, ADA' });
  });

  it('refuses what its declaration does not take, exit 2', async () => {
    const missing = await run(['greet']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('name');
    const unknown = await run(['greet', 'Ada', '--whisper']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--whisper');
  });
});
