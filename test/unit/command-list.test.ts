// docs/command-list.md is `ipctl help commands` as a pipe gets it (the build
// writes it); every command the README's "Commands at a glance" names is in it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';
import { ipctl } from '../helpers/in-process.js';

const documented = readFileSync(join(repoRoot, 'docs/command-list.md'), 'utf8');

describe('ipctl help commands', () => {
  it('prints what docs/command-list.md holds below its title', async () => {
    const list = await ipctl(['help', 'commands']);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(documented.endsWith(`-->\n\n${list.stdout}`), 'docs/command-list.md is stale: run npm run build').toBe(true);
  });

  it('names, one a line, each command the README lists at a glance', async () => {
    const { stdout } = await ipctl(['help', 'commands']);
    // README.md, "Commands at a glance", and docs/commands.md's headings.
    for (const words of ['orgs get', 'invites list', 'projects list', 'projects get', 'providers list', 'providers get', 'connections list', 'connections get', 'connections generate', 'connections report', 'connections remove', 'destinations list', 'destinations get', 'destinations patch', 'search', 'api', 'profile add', 'profile list', 'profile show', 'profile use', 'profile remove', 'auth set-key', 'auth set-token', 'auth login', 'auth status', 'auth migrate', 'auth logout', 'sandbox', 'completion', 'version']) {
      expect(stdout, words).toMatch(new RegExp(`^- \`ipctl ${words}[\` ]`, 'm'));
    }
  });
});
