// The interactive `connections generate` in a real pseudo-terminal with color on
// (TERM=xterm-256color, neither NO_COLOR nor FORCE_COLOR), and under NO_COLOR:
// ipctl's own styling reaches the terminal as escape sequences, never as text,
// and a provider's words with escape sequences in them are shown, not obeyed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../../src/sandbox/types.js';
import { keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';

/** SGR: the sequences that set a color or weight; `dimmed` is the one for faint text and its end. */
const sgr = /\u001b\[[\d;]*m/;
const dimmed = (text: string) => `\u001b[2m${text}\u001b[22m`;
/** What ESC looks like once shown as text: the sanitiser's `\x1b`, the `\u001b` of JSON, or a control picture. */
const escAsText = /\\x1b|\\u001b|\\e\[|\u241b|\^\[/i;
/** Raw controls a provider's words might carry, other than the ESC that starts ipctl's own sequences. */
const hostileRaw = /\u001b\][^\u0007]*\u0007|\u001b\[2J|\u0007|\u009b|\u202e/;

const fixture = useFixture();

beforeAll(() => {
  // A provider whose catalogue entry carries escape sequences: clear screen, OSC 52 (clipboard), C1 CSI, bidi override.
  const hostile = structuredClone(fixture.sandbox.state.providers.snowflake) as Provider;
  hostile.name = 'hostile-warehouse';
  hostile.displayName = 'Hostile\u001b[2J Warehouse';
  const account = hostile.customOpts!.inputs![0]!;
  account.displayName = 'Account\u001b]52;c;ZXZpbA==\u0007 identifier';
  account.prompt = 'Your account\u001b[2J\u009b31m\u202e name';
  fixture.sandbox.state.providers['hostile-warehouse'] = hostile;
});

const who = ['--group-ref', 'umbrella', '--group-name', 'Umbrella', '--consumer-ref', 'alice', '--consumer-name', 'Alice'];

/** Answers every question of a snowflake-shaped provider, the first ones with their defaults; resolves with the exit code. */
async function answerWarehouse(session: PtySession, account: string): Promise<number | null> {
  await session.expect('Database');
  session.send(keys.enter);
  await session.expect('Schema');
  session.send(keys.enter);
  await session.expect(account);
  session.send(`umbrella-ab12${keys.enter}`);
  await session.expect('Username');
  session.send(`ALICE${keys.enter}`);
  await session.expect('Password');
  session.send(`pw-colour-test${keys.enter}`);
  await session.expect('Role');
  session.send(keys.enter);
  await session.expect('Warehouse');
  session.send(`COMPUTE_WH${keys.enter}`);
  await session.expect('Create this connection?');
  session.send(keys.enter);
  return session.finish();
}

describe('connections generate at a terminal with color on', { timeout: 90_000 }, () => {
  it('dims the hint lines with real escape sequences and shows none as text, end to end', async () => {
    const session = new PtySession(['connections', 'generate'], fixture.env({ TERM: 'xterm-256color', NO_COLOR: undefined, FORCE_COLOR: undefined }));
    await session.expect('Project (ID or name)');
    session.send(`demo${keys.enter}`);
    await session.expect('Provider');
    session.send(`snowflake${keys.enter}`);
    await session.expect('Group ref');
    session.send(`umbrella${keys.enter}`);
    await session.expect('Group name');
    session.send(keys.enter);
    await session.expect('Consumer ref');
    session.send(`alice${keys.enter}`);
    await session.expect('Consumer name');
    session.send(keys.enter);
    expect(await answerWarehouse(session, 'Account identifier')).toBe(0);
    expect(session.screen).toContain('Created connection conn_');
    // The seed's hint and docs link, as the sandbox's catalogue has them, each dimmed whole.
    expect(session.raw).toContain(dimmed('  orgname-accountname, as shown in Snowsight under Admin → Accounts'));
    expect(session.raw).toContain(dimmed('  Docs: https://docs.snowflake.com/en/user-guide/admin-account-identifier'));
    expect(session.raw).not.toMatch(escAsText);
  });

  it('under NO_COLOR, shows the same hints with no color sequence and no escape as text', async () => {
    const session = new PtySession(['connections', 'generate', '--project', 'demo', '--provider', 'snowflake', ...who], fixture.env({ NO_COLOR: '1' }));
    expect(await answerWarehouse(session, 'Account identifier')).toBe(0);
    expect(session.raw).toContain('  orgname-accountname, as shown in Snowsight under Admin → Accounts\r\n');
    expect(session.raw).not.toMatch(sgr);
    expect(session.raw).not.toMatch(escAsText);
    // What is left is the prompts' cursor movement (column, line up, erase line, hide and show the cursor), which they need to redraw.
    expect(session.raw.replace(/\u001b\[(?:\d*[ABCDGK]|\?25[hl])/g, '')).not.toContain('\u001b');
  });

  it("shows a provider's escape sequences as text, dimmed by ipctl's own, and obeys none", async () => {
    const session = new PtySession(['connections', 'generate', '--project', 'demo', '--provider', 'hostile-warehouse', ...who], fixture.env());
    expect(await answerWarehouse(session, 'identifier')).toBe(0);
    const raw = session.raw;
    expect(raw).not.toMatch(hostileRaw);
    expect(raw).toContain(dimmed('  Your account\\x1b[2J\\x9b31m\\u202e name'));
    expect(raw).toContain('Account\\x1b]52;c;ZXZpbA==\\x07 identifier');
    expect(raw).toMatch(sgr);
  });
});
