// No value is ever broken inside (README, Output): at a terminal 60, 80 or 120
// columns wide, colour on and off, every ID, email, URL, date, field path and
// variable name a table shows is whole on one line of the screen. Each is
// looked for as a word of a line: between spaces and the box's borders.
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { brokenTokens } from '../helpers/screens.js';

const fixture = useFixture();

const modes = [
  ['colour on', { FORCE_COLOR: '1' }],
  ['colour off', { NO_COLOR: '1' }],
] as const;

async function screenOf(args: string[], columns: number, colour: Record<string, string>, extra: Record<string, string> = {}): Promise<string> {
  const result = await runMain(args, { env: fixture.env({ TERM: 'xterm-256color', IPCTL_PAGER: '', ...colour, ...extra }), terminal: { stdout: true }, columns });
  expect(result.code, result.stderr).toBe(0);
  expect(/\u001b\[[\d;]*m/.test(result.stdout), 'colour as asked').toBe('FORCE_COLOR' in colour);
  return result.stdout.replace(/\u001b\[[\d;]*m/g, '');
}


describe.each(modes)('%s', (_mode, colour) => {
  describe.each([60, 80, 120])('at %i columns', (columns) => {
    it('providers get snowflake shows each field path of "A connection needs", and its docs URL, whole on one line', async () => {
      const screen = await screenOf(['providers', 'get', 'snowflake'], columns, colour);
      // README's snowflake example (--custom account=… username=… password=… role=… warehouse=…), each under
      // customAuth, and the two settings of the catalogue's snowflake that have defaults.
      const fields = ['customAuth.account', 'customAuth.username', 'customAuth.password', 'customAuth.role', 'customAuth.warehouse', 'providerMetadata.database', 'providerMetadata.schema'];
      // The docs URL of the catalogue's snowflake account input (src/sandbox/seed-providers.ts: input data, not the answer).
      const docs = 'https://docs.snowflake.com/en/user-guide/admin-account-identifier';
      expect(brokenTokens(screen, [...fields, docs, 'Account', 'identifier']), screen).toEqual([]);
      expect(screen.slice(screen.indexOf('A connection needs'))).not.toContain('…');
    });

    it('invites list shows every date, ID and email whole', async () => {
      // What the table shows comes from the same answer as the JSON document: each invite's createTime, id and invitedEmail.
      const json = await runMain(['invites', 'list', '-o', 'json'], { env: fixture.env() });
      const invites = JSON.parse(json.stdout) as Array<{ createTime: string; id: string; invitedEmail: string }>;
      expect(invites.length).toBeGreaterThan(3);
      const screen = await screenOf(['invites', 'list'], columns, colour);
      expect(brokenTokens(screen, invites.flatMap((invite) => [invite.createTime, invite.id, invite.invitedEmail])), screen).toEqual([]);
      expect(screen).not.toContain('…');
    });

    it('auth status shows every variable name whole', async () => {
      // README, Environment variables: where each setting of the sandbox's environment comes from.
      const screen = await screenOf(['auth', 'status'], columns, colour);
      expect(brokenTokens(screen, ['IPCTL_API_KEY', 'IPCTL_TOKEN', 'IPCTL_BASE_URL', 'IPCTL_SEARCH_URL', 'IPCTL_ORG']), screen).toEqual([]);
      expect(screen).not.toContain('…');
    });
  });
});
