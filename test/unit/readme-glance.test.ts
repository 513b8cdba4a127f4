// README.md's "Commands at a glance" names every command there is: a command
// added to the registry without its line in the table fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../../src/commands/registry.js';

const { commands } = registry;

const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
const from = readme.indexOf('\n## Commands at a glance\n');
const section = readme.slice(from, readme.indexOf('\n## ', from + 1));
/** The first cell of each row: the commands it names. */
const cells = [...section.matchAll(/^\| (`ipctl .+?) \| /gm)].map((match) => match[1]!);

describe("README.md's commands at a glance", () => {
  it('is a table of commands', () => {
    expect(from).toBeGreaterThan(0);
    expect(cells.length).toBeGreaterThan(10);
  });

  it.each(commands.map((entry) => entry.path.join(' ')))('names ipctl %s', (name) => {
    const [noun, verb] = name.split(' ');
    const named = cells.some((cell) => {
      const at = cell.indexOf(`ipctl ${noun}`);
      if (at < 0) return false;
      // The verb after the noun: `ipctl profile add|list`, `ipctl projects list`, `projects get ID`.
      return verb === undefined || new RegExp('(^|[\\s|\\\\`])' + verb + '([\\s|\\\\`]|$)').test(cell.slice(at + `ipctl ${noun}`.length));
    });
    expect(named, `no row of the table names ipctl ${name}`).toBe(true);
  });
});
