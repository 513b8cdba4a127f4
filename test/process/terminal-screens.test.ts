// A few table screens drawn in a real pseudo-terminal (util-linux `script`) by
// the built CLI: each must be the screen test/e2e/table-terminal.test.ts draws
// in-process for the same command, width and colors, so that the in-process
// terminal (stdout and stderr as one, isTTY, columns) stands for a real one.
import { describe, expect, it } from 'vitest';
import { runIpctl, runIpctlInTerminal } from '../helpers/cli.js';
import { ipctlAtTerminal } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { reviewable, screenProblems, screenProfiles, tableCommands } from '../helpers/screens.js';

const fixture = useFixture();

const argsOf = (name: string): string[] => tableCommands.find(([command]) => command === name)![1];

describe('a real terminal shows what the in-process one does', { timeout: 60_000 }, () => {
  it('has two profiles to list', async () => {
    for (const name of screenProfiles) {
      const added = await runIpctl(['profile', 'add', name, '--org', 'org_demo', '--project', 'proj_demo', '--base-url', fixture.sandbox.baseUrl], { env: fixture.env() });
      expect(added.code, added.stderr).toBe(0);
    }
  });

  it.each([
    // A record with color, a wide table cut to fit, stdout and stderr sharing the terminal, a table of stored profiles.
    ['providers get salesforce', { TERM: 'xterm-256color' }, 60],
    ['search', { TERM: 'xterm-256color' }, 80],
    ['connections generate', { TERM: 'xterm-256color', NO_COLOR: '1' }, 60],
    ['profile list', { TERM: 'xterm-256color' }, 120],
  ] as const)('%s %j at %i columns', async (name, env, columns) => {
    const real = await runIpctlInTerminal(argsOf(name), { env: fixture.env(env), columns });
    const screen = real.stdout.replace(/\r/g, '');
    expect(real.code, screen).toBe(0);
    expect(await screenProblems(screen, columns)).toEqual([]);
    const simulated = await ipctlAtTerminal(argsOf(name), { env: fixture.env(env), columns });
    expect(simulated.code, simulated.output).toBe(0);
    expect(reviewable(screen, fixture.sandbox.baseUrl)).toBe(reviewable(simulated.output, fixture.sandbox.baseUrl));
  });
});
