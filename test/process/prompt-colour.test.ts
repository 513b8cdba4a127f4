// Every prompt flow in a real pseudo-terminal, with color on
// (TERM=xterm-256color, neither NO_COLOR nor FORCE_COLOR) and under NO_COLOR:
// - the interactive `connections generate`: ipctl's own styling reaches the
//   terminal as escape sequences, never as text, and a provider's words with
//   escape sequences in them are shown, not obeyed;
// - every other flow: each ends as the README says, shows no escape sequence as
//   text, colors with real sequences only when color is on, and never echoes a
//   secret typed at it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Provider } from '../../src/sandbox/types.js';
import { runIpctl, tempDir } from '../helpers/cli.js';
import { answerPrompts, keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';

/** SGR: the sequences that set a color or weight; `dimmed` is the one for faint text and its end. */
const sgr = /\u001b\[[\d;]*m/;
const dimmed = (text: string) => `\u001b[2m${text}\u001b[22m`;
/** What ESC looks like once shown as text: the sanitiser's `\x1b`, JSON's `\u001b`, `\e[`, `^[` or the control picture. */
const escAsText = /\\x1b|\\u001b|\\e\[|\u241b|\^\[/i;
/** Raw controls a provider's words might carry, other than the ESC that starts ipctl's own sequences. */
const hostileRaw = /\u001b\][^\u0007]*\u0007|\u001b\[2J|\u0007|\u009b|\u202e/;
const typedKey = 'sk_typed_CANARY_6f1d2c3b4a59687e';
const typedToken = 'tok_typed_CANARY_0a9b8c7d6e5f4031';
const typedSecret = 'aws_typed_CANARY_5e4d3c2b1a0f9e8d';

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
  await answerPrompts(session, [['Database', ''], ['Schema', ''], [account, 'umbrella-ab12'], ['Username', 'ALICE'], ['Password', 'pw-colour-test']]);
  await answerPrompts(session, [['Role', ''], ['Warehouse', 'COMPUTE_WH'], ['Create this connection?', '']]);
  return session.finish();
}

describe('connections generate at a terminal with color on', { timeout: 90_000 }, () => {
  it('dims the hint lines with real escape sequences and shows none as text, end to end', async () => {
    const session = new PtySession(['connections', 'generate'], fixture.env({ TERM: 'xterm-256color', NO_COLOR: undefined, FORCE_COLOR: undefined }));
    await answerPrompts(session, [['Project (ID or name)', 'demo'], ['Provider', 'snowflake'], ['Group ref', 'umbrella'], ['Group name', '']]);
    await answerPrompts(session, [['Consumer ref', 'alice'], ['Consumer name', '']]);
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


interface Flow {
  name: string;
  args: string[];
  /** Stores what the flow needs first (a profile with a credential). */
  before?: (env: Record<string, string | undefined>) => Promise<void>;
  /** Waits for each question and answers it. */
  answer: (session: PtySession) => Promise<void>;
  /** What the screen says at the end. */
  says: RegExp;
  /** The profile file afterwards. */
  stored?: (profiles: Record<string, Record<string, unknown>>) => void;
}

async function storedProfile(env: Record<string, string | undefined>): Promise<void> {
  expect((await runIpctl(['profile', 'add', 'pty', '--base-url', fixture.sandbox.baseUrl], { env })).code).toBe(0);
  expect((await runIpctl(['auth', 'set-key', '--profile', 'pty', '--insecure-storage', '--no-verify'], { env, input: 'sk_stored_0123456789abcdef\n' })).code).toBe(0);
}

const flows: Flow[] = [
  {
    name: 'auth login',
    args: ['auth', 'login', '--profile', 'pty', '--insecure-storage', '--no-verify'],
    answer: async (session) => {
      await session.expect('API key (Enter to skip):');
      session.send(`${typedKey}${keys.enter}`);
      await session.expect('Bearer token (Enter to skip):');
      session.send(`${typedToken}${keys.enter}`);
    },
    says: /Stored the API key and bearer token of profile "pty"/,
    stored: (profiles) => expect(profiles.pty).toMatchObject({ apiKey: typedKey, token: typedToken }),
  },
  {
    name: 'auth set-key, stdin a terminal',
    args: ['auth', 'set-key', '--profile', 'pty', '--insecure-storage', '--no-verify'],
    answer: async (session) => {
      await session.expect('API key:');
      session.send(`${typedKey}${keys.enter}`);
    },
    says: /Stored the API key of profile "pty"/,
    stored: (profiles) => expect(profiles.pty?.apiKey).toBe(typedKey),
  },
  {
    name: 'destinations patch --secret KEY alone',
    args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey'],
    answer: async (session) => {
      await session.expect('New value of secrets.awsSecretKey:');
      session.send(`${typedSecret}${keys.enter}`);
    },
    says: /Updated secrets: awsSecretKey\./,
  },
  {
    name: 'profile remove',
    args: ['profile', 'remove', 'pty'],
    before: storedProfile,
    answer: async (session) => {
      await session.expect('Remove profile "pty" and the credentials stored in it?');
      session.send(`y${keys.enter}`);
    },
    says: /Removed profile "pty"/,
    stored: (profiles) => expect(profiles.pty).toBeUndefined(),
  },
  {
    name: 'auth logout',
    args: ['auth', 'logout', '--profile', 'pty'],
    before: storedProfile,
    answer: async (session) => {
      await session.expect('Remove the stored credentials of profile "pty"?');
      session.send(`y${keys.enter}`);
    },
    says: /Removed the credentials of profile "pty"/,
    stored: (profiles) => expect(profiles.pty?.apiKey).toBeUndefined(),
  },
];

describe.each([
  ['color on', { TERM: 'xterm-256color', NO_COLOR: undefined, FORCE_COLOR: undefined }],
  ['NO_COLOR', { TERM: 'xterm-256color', NO_COLOR: '1', FORCE_COLOR: undefined }],
])('prompt flows at a terminal, %s', (mode, colour) => {
  it.each(flows)('$name: ends as it should, no escape shown as text, no secret echoed', { timeout: 60_000 }, async (flow) => {
    const config = tempDir();
    try {
      const env = fixture.env({ ...colour, IPCTL_CONFIG_DIR: config.path, IPCTL_API_KEY: flow.args[0] === 'auth' || flow.args[0] === 'profile' ? undefined : fixture.env().IPCTL_API_KEY });
      await flow.before?.(env);
      const session = new PtySession(flow.args, env);
      await flow.answer(session);
      expect(await session.finish(), session.screen).toBe(0);
      expect(session.screen).toMatch(flow.says);
      expect(session.raw).not.toMatch(escAsText);
      expect(session.raw).not.toContain(typedKey);
      expect(session.raw).not.toContain(typedToken);
      expect(session.raw).not.toContain(typedSecret);
      if (mode === 'NO_COLOR') expect(session.raw).not.toMatch(sgr);
      else expect(session.raw).toMatch(sgr);
      if (flow.stored) flow.stored((JSON.parse(readFileSync(join(config.path, 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, unknown>> }).profiles);
    } finally {
      config.remove();
    }
  });
});
