// Every prompt flow in a real pseudo-terminal, with color on
// (TERM=xterm-256color, neither NO_COLOR nor FORCE_COLOR) and under NO_COLOR:
// - the interactive `connections generate`: ipctl's own styling reaches the
//   terminal as escape sequences, never as text, and a provider's words with
//   escape sequences in them are shown, not obeyed;
// - every other flow: each ends as the README says, shows no escape sequence as
//   text, colors with real sequences only when color is on, and never echoes a
//   secret typed at it.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSeedData } from '../../src/sandbox/seed.js';
import type { Connection, Provider } from '../../src/sandbox/types.js';
import { expectNoCanary } from '../helpers/canaries.js';
import { tempDir } from '../helpers/cli.js';
import { destinationProbes, expectOnlyChanged, sha256 } from '../helpers/destinations.js';
import { ipctl } from '../helpers/in-process.js';
import { answerLogin, answerPrompts, keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';
import { useFreshDir } from '../helpers/workspace.js';

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

/** A profile with a key in the file, stored in-process: what the flow starts from, not what it tests. */
async function storedProfile(env: Record<string, string | undefined>): Promise<void> {
  expect((await ipctl(['profile', 'add', 'pty', '--base-url', fixture.sandbox.baseUrl], { env })).code).toBe(0);
  expect((await ipctl(['auth', 'set-key', '--profile', 'pty', '--insecure-storage', '--no-verify'], { env, input: 'sk_stored_0123456789abcdef\n' })).code).toBe(0);
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

// From test/e2e/terminal-output.test.ts: the first question of `connections generate`, with color on and off.
describe('prompts and color', { timeout: 60_000 }, () => {
  /** An SGR sequence that sets a color or weight (not the cursor moves every prompt makes). */
  const colored = /\u001b\[(?:[0-9;]*;)?(?:1|2|3[0-9]|9[0-7])m/;

  async function promptScreen(args: string[], env: Record<string, string>): Promise<string> {
    const session = new PtySession([...args, 'connections', 'generate'], fixture.env(env));
    await session.expect('Project (ID or name)');
    session.send(keys.ctrlC);
    expect(await session.finish()).toBe(130);
    return session.raw;
  }

  it('are colored on a terminal', async () => {
    expect(await promptScreen([], {})).toMatch(colored);
  });

  it.each([
    ['--no-color', ['--no-color'], {}],
    ['NO_COLOR', [], { NO_COLOR: '1' }],
  ])('are drawn without color under %s', async (_name, args, env) => {
    expect(await promptScreen(args, env)).not.toMatch(colored);
  });
});

describe('the prompts at a real terminal', () => {
  // Prompts at a real terminal (a pseudo-terminal: @inquirer/prompts reads raw
  // keys and draws on it, which only a terminal shows): connections generate asks
  // for what a provider needs, destinations patch for a secret, and auth login
  // for credentials, none of them echoing a secret. The same commands without a terminal are tested in-process
  // (src/commands/connections/generate/generate.test.ts, src/commands/destinations/patch/patch.test.ts,
  // test/unit/no-prompts.test.ts).
  const fixture = useFixture();
  const config = useFreshDir();

  // Every secret typed is a canary: "canary" (any case) must never show.
  const canary = {
    apiKey: 'pk_CANARY_connection_key_5c1e',
    refreshToken: 'rt_CANARY_refresh_token_3a9b',
    customPassword: 'cp_CANARY_snowflake_pw_6f0d',
  };
  const canaryKey = 'sk_login_CANARY_KEY_0123456789abcd';
  const canaryToken = 'tok_login_CANARY_TOKEN_9876543210wxyz';
  const who = ['--group-ref', 'acme-corp', '--consumer-ref', 'u-42'];

  function connectionsOf(projectId: string): Connection[] {
    return fixture.sandbox.state.projects[projectId]!.connections;
  }

  function credentialsOf(projectId: string, id: string | undefined) {
    return fixture.sandbox.state.projects[projectId]!.connectionCredentials.find((entry) => entry.connectionId === id);
  }

  async function generatePosts(): Promise<number> {
    return (await fixture.requests()).filter((request) => request.method === 'POST').length;
  }

  /** The session ended with exit 130, saying `said`, no canary on the screen, and nothing created or sent. */
  async function expectCancelled(session: PtySession, connectionsBefore: number, said: string): Promise<void> {
    expect(await session.finish()).toBe(130);
    expect(session.screen).toContain(said);
    expectNoCanary(session.screen);
    expect(connectionsOf('proj_demo').length).toBe(connectionsBefore);
    expect(await generatePosts()).toBe(0);
  }

  // A dozen answers each, on a shared slow machine: room to spare, no timing assertions.
  describe('connections generate at a terminal', { timeout: 90_000 }, () => {
    it('asks for everything a custom-auth provider needs, with a password prompt and a select, then confirms', async () => {
      const before = connectionsOf('proj_demo').length;
      const session = new PtySession(['connections', 'generate'], fixture.env());
      await session.expect('Project (ID or name)');
      session.send(`demo${keys.enter}`);
      await session.expect('Provider');
      session.send(`snowflak${keys.enter}`);
      await session.expect('No provider named "snowflak" in the catalogue');
      session.send(`e${keys.enter}`);
      await session.expect('Group ref');
      session.send(`umbrella${keys.enter}`);
      await session.expect('Group name');
      session.send(`Umbrella Corporation${keys.enter}`);
      await session.expect('Consumer ref');
      session.send(`alice${keys.enter}`);
      await session.expect('Consumer name');
      session.send(keys.enter);
      await session.expect('Database');
      session.send(keys.enter);
      await session.expect('Schema');
      session.send(`RAW${keys.enter}`);
      await session.expect('orgname-accountname, as shown in Snowsight');
      await session.expect('Account identifier');
      session.send(`umbrella-ab12${keys.enter}`);
      await session.expect('Username');
      session.send(`ALICE${keys.enter}`);
      await session.expect('Password');
      session.send(`${canary.customPassword}${keys.enter}`);
      await session.expect('Role');
      await session.expect('Loader (read and write) (LOADER)');
      session.send(keys.down);
      session.send(keys.enter);
      await session.expect('Warehouse');
      session.send(`COMPUTE_WH${keys.enter}`);
      await session.expect('customAuth.password');
      await session.expect('Create this connection?');
      session.send(keys.enter);
      expect(await session.finish()).toBe(0);
      const screen = session.screen;
      expect(screen).toMatch(/customAuth\.role\s+ANALYST/);
      // A metadata value is summed up as the value given, not as the object sent.
      expect(screen).toMatch(/providerMetadata\.schema\s+RAW\r?\n/);
      expect(screen).not.toContain('providerMetadata.schema.source');
      expect(screen).toMatch(/customAuth\.password\s+\*\*\*\*6f0d/);
      expect(screen).toContain('Created connection conn_');
      expectNoCanary(screen);
      const connections = connectionsOf('proj_demo');
      expect(connections.length).toBe(before + 1);
      const connection = connections.at(-1)!;
      expect(connection).toMatchObject({ provider: 'snowflake', group: { groupRef: 'umbrella', groupName: 'Umbrella Corporation' }, consumer: { consumerRef: 'alice', consumerName: 'alice' }, providerMetadata: { database: { value: 'ANALYTICS', source: 'input' }, schema: { value: 'RAW', source: 'input' } } });
      expect(credentialsOf('proj_demo', connection.id)?.customAuth).toEqual({ account: 'umbrella-ab12', username: 'ALICE', password: canary.customPassword, role: 'ANALYST', warehouse: 'COMPUTE_WH' });
    });

    it('asks only for what the flags left out: an OAuth refresh token at a no-echo prompt, then the scopes', async () => {
      const session = new PtySession(['connections', 'generate', '--project', 'marketing', '--provider', 'hubspot', '--group-ref', 'hooli', '--consumer-ref', 'gavin', '--consumer-name', 'Gavin Belson'], fixture.env());
      await session.expect('Refresh token');
      expect(session.screen).not.toContain('Group name');
      session.send(`${canary.refreshToken}${keys.enter}`);
      await session.expect('Access token (optional, Enter to skip)');
      session.send(keys.enter);
      await session.expect('Scopes, separated by commas (optional');
      session.send(`crm.objects.contacts.read, crm.objects.deals.read${keys.enter}`);
      await session.expect('Create this connection?');
      session.send(`y${keys.enter}`);
      expect(await session.finish()).toBe(0);
      expectNoCanary(session.screen);
      const connection = connectionsOf('proj_marketing').at(-1)!;
      expect(connection).toMatchObject({ provider: 'hubspot', group: { groupRef: 'hooli', groupName: 'Hooli' }, consumer: { consumerName: 'Gavin Belson' } });
      expect(connection.oauth2AuthorizationCode).toMatchObject({ refreshToken: { token: canary.refreshToken }, scopes: ['crm.objects.contacts.read', 'crm.objects.deals.read'] });
      expect(connection.oauth2AuthorizationCode?.accessToken).toBeUndefined();
    });

    it('exits 130 on Ctrl-C at a password prompt, and creates nothing', async () => {
      const before = connectionsOf('proj_demo').length;
      const session = new PtySession(['connections', 'generate', '--project', 'demo', '--provider', 'salesforce', ...who, '--workspace', 'acme'], fixture.env());
      await session.expect('Refresh token');
      session.send(`${canary.refreshToken.slice(0, 8)}`);
      session.send(keys.ctrlC);
      await expectCancelled(session, before, 'Cancelled');
    });

    it('exits 130 when the summary is declined, and creates nothing', async () => {
      const before = connectionsOf('proj_demo').length;
      const session = new PtySession(['connections', 'generate', '--project', 'demo', '--provider', 'openweather', ...who], fixture.env());
      await session.expect('Units');
      session.send(keys.enter);
      await session.expect('Language');
      session.send(`de${keys.enter}`);
      await session.expect('API key');
      session.send(`${canary.apiKey}${keys.enter}`);
      await session.expect(/apiKey\s+\*\*\*\*5c1e/);
      await session.expect('Create this connection?');
      session.send(`n${keys.enter}`);
      await expectCancelled(session, before, 'Cancelled; no connection was created.');
    });

    it('never prompts with --no-input: lists the missing values instead (exit 2)', async () => {
      const session = new PtySession(['connections', 'generate', '--no-input', '--project', 'demo', '--provider', 'pipedrive'], fixture.env());
      expect(await session.finish()).toBe(2);
      expect(session.screen).toContain('apiKey is required: pipedrive uses API-key auth. Give --api-key-file PATH (- for stdin) or IPCTL_CONNECTION_API_KEY.');
      expect(session.screen).toContain('groupRef is required. Give --group-ref REF.');
      expect(await generatePosts()).toBe(0);
    });

    it('does not prompt when the flags give everything', async () => {
      const session = new PtySession(['connections', 'generate', '--project', 'demo', '--provider', 'public-holidays', ...who], fixture.env());
      expect(await session.finish()).toBe(0);
      expect(session.screen).not.toContain('Create this connection?');
      expect(session.screen).toMatch(/│ Provider +│ public-holidays/);
    });
  });

  describe('auth login in a terminal', () => {
    it('asks for both credentials without echoing them and stores them in the profile', async () => {
      const session = new PtySession(['auth', 'login', '--profile', 'work'], { IPCTL_CONFIG_DIR: config.path });
      await answerLogin(session, canaryKey, canaryToken);
      expect(await session.finish()).toBe(0);
      expect(session.screen).toContain('Stored the API key and bearer token of profile "work" in the profile file.');
      expect(session.screen).not.toContain(canaryKey);
      expect(session.screen).not.toContain(canaryToken);
      const file = join(config.path, 'config.json');
      const stored = JSON.parse(readFileSync(file, 'utf8'));
      expect(stored.profiles.work).toEqual({ apiKey: canaryKey, token: canaryToken });
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });

    it('exits 130 on Ctrl-C and changes nothing', async () => {
      const session = new PtySession(['auth', 'login'], { IPCTL_CONFIG_DIR: config.path });
      await session.expect('API key');
      session.send(keys.ctrlC);
      expect(await session.finish()).toBe(130);
      const status = await ipctl(['profile', 'list', '--json'], { env: { IPCTL_CONFIG_DIR: config.path } });
      expect(JSON.parse(status.stdout)).toEqual([]);
    });

    it('refuses without a terminal, naming the commands for scripts (exit 2)', async () => {
      // In-process, its streams pipes: no terminal, as in a script.
      const result = await ipctl(['auth', 'login'], { env: { IPCTL_CONFIG_DIR: config.path } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('ipctl auth set-key');
    });

    it('refuses with --no-input even in a terminal', async () => {
      const session = new PtySession(['auth', 'login', '--no-input'], { IPCTL_CONFIG_DIR: config.path });
      expect(await session.finish()).toBe(2);
      expect(session.screen).toContain('needs a terminal');
    });
  });

  describe('destinations patch at a terminal', { timeout: 90_000 }, () => {
    const canaryFileSecret = 'dest-secret-FILE-CANARY-6e2a91c4d7b3';
    const canaryPromptSecret = 'dest-secret-PROMPT-CANARY-b47e2d9f6a10';
    const { stateOf, secretDigest } = destinationProbes(fixture);
    const expectNothingSent = async (): Promise<void> => {
      expect(await fixture.requests()).toEqual([]);
    };
    beforeEach(() => {
      // Each test starts from the seed: patches change the sandbox's state.
      fixture.sandbox.state.projects = createSeedData().projects;
    });

    it('asks for a secret at a no-echo prompt in a terminal', async () => {
      const before = await stateOf('dest_marketing_kinesis', 'marketing');
      const session = new PtySession(['destinations', 'patch', 'dest_marketing_kinesis', '--project', 'marketing', '--secret', 'awsSecretKey', '--secret', 'awsKeyId'], fixture.env());
      await session.expect('New value of secrets.awsKeyId');
      session.send(keys.enter);
      await session.expect('Enter a value');
      session.send(`${canaryFileSecret}${keys.enter}`);
      await session.expect('New value of secrets.awsSecretKey');
      session.send(`${canaryPromptSecret}${keys.enter}`);
      expect(await session.finish()).toBe(0);
      expect(session.screen).toContain('Updated secrets: awsKeyId, awsSecretKey.');
      expect(session.screen).toContain('dest_marketing_kinesis');
      expect(session.screen).toContain('┌');
      expectNoCanary(session.screen);
      expect(secretDigest('dest_marketing_kinesis', 'awsKeyId', 'proj_marketing')).toBe(sha256(canaryFileSecret));
      expect(secretDigest('dest_marketing_kinesis', 'awsSecretKey', 'proj_marketing')).toBe(sha256(canaryPromptSecret));
      expectOnlyChanged(before, await stateOf('dest_marketing_kinesis', 'marketing'), { secrets: ['awsKeyId', 'awsSecretKey'] });
    });

    it('sends nothing when the prompt is interrupted (exit 130)', async () => {
      const session = new PtySession(['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey'], fixture.env());
      await session.expect('New value of secrets.awsSecretKey');
      session.send(keys.ctrlC);
      expect(await session.finish()).toBe(130);
      expect(session.screen).toContain('nothing was changed');
      await expectNothingSent();
    });

    it('refuses the prompt with --no-input even in a terminal', async () => {
      const session = new PtySession(['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'password', '--no-input'], fixture.env());
      expect(await session.finish()).toBe(2);
      expect(session.screen).toContain('--secret password: there is no terminal to ask at');
      await expectNothingSent();
    });

    it('exits 4 before asking for a secret when no credential is configured', async () => {
      const session = new PtySession(
        ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'password'],
        fixture.env({ IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined }),
      );
      expect(await session.finish()).toBe(4);
      expect(session.screen).toContain('needs an API key or a bearer token');
      expect(session.screen).not.toContain('New value of');
      await expectNothingSent();
    });
  });
});
