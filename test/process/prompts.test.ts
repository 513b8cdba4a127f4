// Prompts at a real terminal (a pseudo-terminal: @inquirer/prompts reads raw
// keys and draws on it, which only a terminal shows): connections generate asks
// for what a provider needs, destinations patch for a secret, and auth login
// for credentials, none of them echoing a secret. The same commands without a terminal are tested in-process
// (test/e2e/connections-generate.test.ts, destinations-patch.test.ts,
// test/unit/no-prompts.test.ts).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSeedData } from '../../src/sandbox/seed.js';
import type { Connection } from '../../src/sandbox/types.js';
import { expectNoCanary } from '../helpers/canaries.js';
import { runIpctl } from '../helpers/cli.js';
import { destinationProbes, expectOnlyChanged, sha256 } from '../helpers/destinations.js';
import { answerLogin, answerPrompts, keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';
import { useFreshDir } from '../helpers/workspace.js';

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

/** What a cancelled run leaves: no secret on the screen, no connection in the project, no request to create one. */
async function expectNothingCreated(session: PtySession, before: number): Promise<void> {
  expectNoCanary(session.screen);
  expect(connectionsOf('proj_demo').length).toBe(before);
  expect(await generatePosts()).toBe(0);
}

// A dozen answers each, on a shared slow machine: room to spare, no timing assertions.
describe('connections generate at a terminal', { timeout: 90_000 }, () => {
  it('asks for everything a custom-auth provider needs, with a password prompt and a select, then confirms', async () => {
    const before = connectionsOf('proj_demo').length;
    const session = new PtySession(['connections', 'generate'], fixture.env());
    await answerPrompts(session, [['Project (ID or name)', 'demo'], ['Provider', 'snowflak'], ['No provider named "snowflak" in the catalogue', 'e']]);
    await answerPrompts(session, [['Group ref', 'umbrella'], ['Group name', 'Umbrella Corporation'], ['Consumer ref', 'alice'], ['Consumer name', '']]);
    await answerPrompts(session, [['Database', ''], ['Schema', 'RAW']]);
    await session.expect('orgname-accountname, as shown in Snowsight');
    await answerPrompts(session, [['Account identifier', 'umbrella-ab12'], ['Username', 'ALICE'], ['Password', canary.customPassword]]);
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
    expect(await session.finish()).toBe(130);
    expect(session.screen).toContain('Cancelled');
    await expectNothingCreated(session, before);
  });

  it('exits 130 when the summary is declined, and creates nothing', async () => {
    const before = connectionsOf('proj_demo').length;
    const session = new PtySession(['connections', 'generate', '--project', 'demo', '--provider', 'openweather', ...who], fixture.env());
    await answerPrompts(session, [['Units', ''], ['Language', 'de'], ['API key', canary.apiKey]]);
    await session.expect(/apiKey\s+\*\*\*\*5c1e/);
    await session.expect('Create this connection?');
    session.send(`n${keys.enter}`);
    expect(await session.finish()).toBe(130);
    expect(session.screen).toContain('Cancelled; no connection was created.');
    await expectNothingCreated(session, before);
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
    const status = await runIpctl(['profile', 'list', '--json'], { env: { IPCTL_CONFIG_DIR: config.path } });
    expect(JSON.parse(status.stdout)).toEqual([]);
  });

  it('refuses without a terminal, naming the commands for scripts (exit 2)', async () => {
    const result = await runIpctl(['auth', 'login'], { env: { IPCTL_CONFIG_DIR: config.path } });
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
