// Every command that draws a table, at a terminal of 60, 80 and 120 columns with
// color on (TERM=xterm-256color) and under NO_COLOR: no escape sequence is shown
// as text, none but color (SGR) reaches the terminal, and no line is wider than
// the terminal but one that holds a single token wider than it, measured by the
// C library's wcwidth once the colors are taken out. In-process: stdout and
// stderr are one terminal of that width, as a pseudo-terminal would be;
// test/process/terminal-screens.test.ts checks that a real one shows the same.
import { describe, expect, it } from 'vitest';
import { withoutSgr } from '../helpers/display-width.js';
import { ipctl, ipctlAtTerminal } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { providers, reviewable, screenProblems, screenProfiles, sgr, tableCommands } from '../helpers/screens.js';

const fixture = useFixture();

/** ipctl at a terminal `columns` wide that shows stdout and stderr; a question would fail the run. */
async function atTerminal(args: string[], env: Record<string, string>, columns: number): Promise<{ code: number; screen: string }> {
  const result = await ipctlAtTerminal(args, { env: fixture.env(env), columns });
  return { code: result.code, screen: result.output };
}

describe('screens', () => {
  it('covers every provider of the sandbox catalogue', () => {
    expect([...providers].sort()).toEqual(Object.keys(fixture.sandbox.state.providers).sort());
  });

  it('has two profiles to list', async () => {
    for (const name of screenProfiles) {
      const added = await ipctl(['profile', 'add', name, '--org', 'org_demo', '--project', 'proj_demo', '--base-url', fixture.sandbox.baseUrl], { env: fixture.env() });
      expect(added.code, added.stderr).toBe(0);
    }
  });
});

describe.each([
  ['color on', { TERM: 'xterm-256color' }],
  ['NO_COLOR', { TERM: 'xterm-256color', NO_COLOR: '1' }],
])('tables at a terminal, %s', (mode, env) => {
  describe.each([60, 80, 120])('at %i columns', (columns) => {
    it.each(tableCommands)('%s: no escape shown as text, none but color, no line wider than the terminal', async (_name, args) => {
      const { code, screen } = await atTerminal(args, env, columns);
      expect(code, screen).toBe(0);
      expect(await screenProblems(screen, columns)).toEqual([]);
      if (mode === 'NO_COLOR') expect(screen).not.toMatch(sgr);
      else expect(screen).toMatch(sgr);
      // Reviewed screens: `npm run snapshots` writes them anew, and git diff shows what changed.
      expect(reviewable(screen, fixture.sandbox.baseUrl)).toMatchSnapshot();
    });
  });
});

describe('titles at a terminal narrower than they are', () => {
  it('wrap at a space, whole, as record values do: none is cut', async () => {
    const { code, screen } = await atTerminal(['providers', 'get', 'salesforce'], { TERM: 'xterm-256color' }, 16);
    expect(code, screen).toBe(0);
    const lines = withoutSgr(screen).split('\n');
    const at = lines.indexOf('A connection');
    expect(at, lines.join('\n')).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toBe('needs');
    expect(lines.some((line) => /^A connection.*…/.test(line))).toBe(false);
  });
});
