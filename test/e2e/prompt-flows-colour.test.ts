// Every prompt flow but `connections generate` (prompt-colour.test.ts has that
// one) in a real pseudo-terminal, with color on (TERM=xterm-256color, neither
// NO_COLOR nor FORCE_COLOR) and under NO_COLOR: each ends as the README says,
// shows no escape sequence as text, colors with real sequences only when color
// is on, and never echoes a secret typed at it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runIpctl, tempDir } from '../helpers/cli.js';
import { keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';

const sgr = /\u001b\[[\d;]*m/;
/** What ESC looks like once shown as text: the sanitiser's `\x1b`, JSON's `\u001b`, `\e[`, `^[` or the control picture. */
const escAsText = /\\x1b|\\u001b|\\e\[|\u241b|\^\[/i;
const typedKey = 'sk_typed_CANARY_6f1d2c3b4a59687e';
const typedToken = 'tok_typed_CANARY_0a9b8c7d6e5f4031';
const typedSecret = 'aws_typed_CANARY_5e4d3c2b1a0f9e8d';

const fixture = useFixture();

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
