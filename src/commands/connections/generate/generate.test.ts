// connections generate against a sandbox, in-process (main() with test
// streams): runs by flags, files and stdin. Its prompts at a real terminal are
// in test/process/prompt-colour.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../../sandbox/types.js';
import { expectNoCanary } from '../../../../test/helpers/canaries.js';
import { tempDir } from '../../../../test/helpers/cli.js';
import { expectFailed, ipctl as runInProcess } from '../../../../test/helpers/in-process.js';
import { useFixture } from '../../../../test/helpers/sandbox.js';
import { fieldTable } from '../../../../test/helpers/field-table.js';

// Every secret a connection is made with is a canary: "canary" (any case) must never show.
const canary = {
  apiKey: 'pk_CANARY_connection_key_5c1e',
  password: 'pw_CANARY_basic_password_7d2f',
  refreshToken: 'rt_CANARY_refresh_token_3a9b',
  accessToken: 'at_CANARY_access_token_8e4c',
  customPassword: 'cp_CANARY_snowflake_pw_6f0d',
  privateKey: '-----BEGIN PRIVATE KEY-----\nMIIEvQ_CANARY_PRIVATE_KEY_2b7e\n-----END PRIVATE KEY-----',
};

const fixture = useFixture();
// Made when the file loads: the cases below write their secret files while tests are collected.
const files = tempDir('ipctl-connections-');

afterAll(() => {
  files.remove();
});

/** A file holding `text` (secrets end with a newline, as editors write them). */
function file(name: string, text: string): string {
  const path = join(files.path, name);
  writeFileSync(path, text);
  return path;
}

function connectionsOf(projectId: string): Connection[] {
  return fixture.sandbox.state.projects[projectId]!.connections;
}

function storedConnection(projectId: string, id: string | undefined): Connection {
  const found = connectionsOf(projectId).find((connection) => connection.id === id);
  if (!found) throw new Error(`no connection ${id} in ${projectId}`);
  return found;
}

function credentialsOf(projectId: string, id: string | undefined) {
  return fixture.sandbox.state.projects[projectId]!.connectionCredentials.find((entry) => entry.connectionId === id);
}


async function generatePosts(): Promise<number> {
  return (await fixture.requests()).filter((request) => request.method === 'POST').length;
}

const who = ['--group-ref', 'acme-corp', '--consumer-ref', 'u-42'];

interface ProviderCase {
  provider: string;
  projectId: string;
  args: string[];
  env?: Record<string, string>;
  stdin?: string;
  body: Record<string, unknown>;
  check(connection: Connection, projectId: string): void;
}

const providerCases = (): ProviderCase[] => [
  {
    provider: 'salesforce',
    projectId: 'proj_demo',
    args: ['--workspace', 'acme', '--scopes', 'api,refresh_token', '--refresh-token-file', file('rt.txt', `${canary.refreshToken}\n`), '--access-token-file', '-'],
    stdin: `${canary.accessToken}\n`,
    body: { providerWorkspaceRef: 'acme', oauth2AuthorizationCode: { scopes: ['api', 'refresh_token'], refreshToken: { token: canary.refreshToken }, accessToken: { token: canary.accessToken } } },
    check: (connection) => {
      expect(connection).toMatchObject({ authScheme: 'oauth2/authorizationCode', providerWorkspaceRef: 'acme', providerApp: { id: 'app_demo_salesforce' } });
      expect(connection.oauth2AuthorizationCode).toMatchObject({ scopes: ['api', 'refresh_token'], refreshToken: { token: canary.refreshToken }, accessToken: { token: canary.accessToken } });
    },
  },
  {
    provider: 'hubspot',
    projectId: 'proj_marketing',
    args: [],
    env: { IPCTL_CONNECTION_REFRESH_TOKEN: canary.refreshToken },
    body: { oauth2AuthorizationCode: { refreshToken: { token: canary.refreshToken } } },
    check: (connection) => {
      expect(connection).toMatchObject({ authScheme: 'oauth2/authorizationCode', providerApp: { id: 'app_marketing_hubspot' } });
      expect(connection.oauth2AuthorizationCode?.refreshToken?.token).toBe(canary.refreshToken);
    },
  },
  {
    provider: 'pipedrive',
    projectId: 'proj_demo',
    args: ['--workspace', 'acme', '--api-key-file', '-'],
    stdin: `${canary.apiKey}\n`,
    body: { providerWorkspaceRef: 'acme', apiKey: canary.apiKey },
    check: (connection) => expect(connection).toMatchObject({ authScheme: 'apiKey', apiKey: canary.apiKey, providerMetadata: { workspace: { value: 'acme', source: 'input' } } }),
  },
  {
    provider: 'openweather',
    projectId: 'proj_demo',
    args: ['--metadata', 'units=imperial'],
    env: { IPCTL_CONNECTION_API_KEY: canary.apiKey },
    body: { providerMetadata: { units: 'imperial' }, apiKey: canary.apiKey },
    check: (connection) => expect(connection).toMatchObject({ authScheme: 'apiKey', apiKey: canary.apiKey, providerMetadata: { units: { value: 'imperial', source: 'input' }, lang: { value: 'en', source: 'provider' } } }),
  },
  {
    provider: 'freshdesk',
    projectId: 'proj_demo',
    args: ['--metadata', 'workspace=acme', '--api-key-file', file('fd.txt', `${canary.apiKey}\n`)],
    body: { providerMetadata: { workspace: 'acme' }, apiKey: canary.apiKey },
    check: (connection) => expect(connection).toMatchObject({ authScheme: 'basic', apiKey: canary.apiKey, providerWorkspaceRef: 'acme' }),
  },
  {
    provider: 'zendesk',
    projectId: 'proj_demo',
    args: ['--workspace', 'acme', '--username', 'agent@acme.test', '--password-file', '-'],
    stdin: `${canary.password}\n`,
    body: { providerWorkspaceRef: 'acme', basicAuth: { username: 'agent@acme.test', password: canary.password } },
    check: (connection, projectId) => {
      expect(connection).toMatchObject({ authScheme: 'basic', providerWorkspaceRef: 'acme' });
      expect(connection.apiKey).toBeUndefined();
      expect(credentialsOf(projectId, connection.id)?.basicAuth).toEqual({ username: 'agent@acme.test', password: canary.password });
    },
  },
  {
    provider: 'snowflake',
    projectId: 'proj_demo',
    args: [
      '--custom', 'account=acme-xy12345',
      '--custom', 'username=LOADER_SVC',
      '--custom', `password=@${file('sf.txt', `${canary.customPassword}\n`)}`,
      '--custom', 'role=LOADER',
      '--custom', 'warehouse=COMPUTE_WH',
      '--metadata', 'database=SALES',
    ],
    body: { providerMetadata: { database: 'SALES' }, customAuth: { account: 'acme-xy12345', username: 'LOADER_SVC', password: canary.customPassword, role: 'LOADER', warehouse: 'COMPUTE_WH' } },
    check: (connection, projectId) => {
      expect(connection).toMatchObject({ authScheme: 'basic', providerMetadata: { database: { value: 'SALES', source: 'input' }, schema: { value: 'PUBLIC', source: 'provider' } } });
      expect(credentialsOf(projectId, connection.id)?.customAuth).toEqual({ account: 'acme-xy12345', username: 'LOADER_SVC', password: canary.customPassword, role: 'LOADER', warehouse: 'COMPUTE_WH' });
    },
  },
  {
    provider: 'public-holidays',
    projectId: 'proj_demo',
    args: ['--metadata', 'countryCode=DE'],
    body: { providerMetadata: { countryCode: 'DE' } },
    check: (connection) => {
      expect(connection).toMatchObject({ authScheme: 'none', providerMetadata: { countryCode: { value: 'DE', source: 'input' } } });
      expect(connection.apiKey).toBeUndefined();
    },
  },
  {
    provider: 'docusign-jwt',
    projectId: 'proj_demo',
    args: ['--metadata', 'accountId=8a1b2c3d', '--custom', 'integrationKey=ik-4f6e', '--custom', 'userId=5d3c-user', '--custom', 'environment=demo'],
    env: { IPCTL_CONNECTION_CUSTOM_PRIVATE_KEY: canary.privateKey },
    body: { providerMetadata: { accountId: '8a1b2c3d' }, customAuth: { integrationKey: 'ik-4f6e', userId: '5d3c-user', privateKey: canary.privateKey, environment: 'demo' } },
    check: (connection, projectId) => {
      expect(connection).toMatchObject({ authScheme: 'oauth2/clientCredentials', providerWorkspaceRef: 'demo', providerMetadata: { accountId: { value: '8a1b2c3d', source: 'input' }, workspace: { value: 'demo', source: 'provider' } } });
      expect(credentialsOf(projectId, connection.id)?.customAuth?.privateKey).toBe(canary.privateKey);
    },
  },
];

const projectNames: Record<string, string> = { proj_demo: 'demo', proj_marketing: 'marketing' };

describe('connections generate by flags alone', () => {
  it('covers every provider of the sandbox catalogue', () => {
    expect(providerCases().map((entry) => entry.provider).sort()).toEqual(Object.keys(fixture.sandbox.state.providers).sort());
  });

  for (const { provider } of providerCases()) {
    it(`creates a ${provider} connection`, async () => {
      const entry = providerCases().find((candidate) => candidate.provider === provider)!;
      const result = await runInProcess(['connections', 'generate', '--project', projectNames[entry.projectId]!, '--provider', provider, ...who, ...entry.args], {
        env: fixture.env(entry.env),
        input: entry.stdin,
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const record = fieldTable(result.stdout);
      expect(result.stdout.split('\n')[0]).toBe('FIELD\tVALUE');
      expect(record).toMatchObject({ Provider: provider, Status: 'created', Group: entry.projectId === 'proj_demo' ? 'acme-corp (Acme Corporation)' : 'acme-corp' });
      expect(record.ID).toMatch(/^conn_/);
      expectNoCanary(result.stdout, result.stderr);
      const connection = storedConnection(entry.projectId, record.ID);
      expect(connection).toMatchObject({ provider, status: 'created', group: { groupRef: 'acme-corp' }, consumer: { consumerRef: 'u-42' } });
      entry.check(connection, entry.projectId);
    });
  }
});

describe('connections generate: provider metadata as {value, source}', () => {
  const args = ['connections', 'generate', '--project', 'demo', '--provider', 'openweather', '--group-ref', 'meta-corp', '--consumer-ref', 'u-1', '--metadata', 'units=imperial'];

  it('-o json shows each value with where it came from: input for what was given, provider for a default', async () => {
    const result = await runInProcess([...args, '-o', 'json'], { env: fixture.env({ IPCTL_CONNECTION_API_KEY: canary.apiKey }) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as Connection;
    expect(printed.providerMetadata).toEqual({
      units: { value: 'imperial', source: 'input', displayName: 'Units' },
      lang: { value: 'en', source: 'provider', displayName: 'Language' },
    });
    expectNoCanary(result.stdout);
  });

  it('the table shows each value', async () => {
    const result = await runInProcess(args, { env: fixture.env({ IPCTL_CONNECTION_API_KEY: canary.apiKey }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Metadata units\timperial\n');
    expect(result.stdout).toContain('Metadata lang\ten\n');
  });
});

describe('connections generate --input-json', () => {
  for (const { provider } of providerCases()) {
    it(`creates a ${provider} connection from a body file, printing it redacted as JSON`, async () => {
      const entry = providerCases().find((candidate) => candidate.provider === provider)!;
      const body = { provider, groupRef: 'globex', groupName: 'Globex Corporation', consumerRef: 'u-7', consumerName: 'Uma', ...entry.body };
      const path = file(`${provider}.json`, JSON.stringify(body, null, 2));
      const result = await runInProcess(['connections', 'generate', '--project', entry.projectId, '--input-json', path, '-o', 'json'], { env: fixture.env() });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const printed = JSON.parse(result.stdout) as Connection;
      expect(printed).toMatchObject({ provider, status: 'created', group: { groupRef: 'globex' }, consumer: { consumerRef: 'u-7', consumerName: 'Uma' } });
      expectNoCanary(result.stdout);
      // Credentials the connection carries are shown redacted, as ****abcd (README); a provider without one shows none.
      const sent = entry.body as { apiKey?: string; oauth2AuthorizationCode?: { refreshToken?: { token: string } } };
      const redacted = (value: string | undefined) => (value === undefined ? undefined : `****${value.slice(-4)}`);
      expect(printed.apiKey).toBe(redacted(sent.apiKey));
      expect(printed.oauth2AuthorizationCode?.refreshToken?.token).toBe(redacted(sent.oauth2AuthorizationCode?.refreshToken?.token));
      entry.check(storedConnection(entry.projectId, printed.id), entry.projectId);
    });
  }

  it('reads the body from stdin, and flags override its fields', async () => {
    const body = { provider: 'pipedrive', groupRef: 'from-file', consumerRef: 'u-1', providerWorkspaceRef: 'acme', apiKey: canary.apiKey, providerMetadata: {} };
    const result = await runInProcess(['connections', 'generate', '--project', 'demo', '--input-json', '-', '--group-ref', 'initech', '--workspace', 'initech-eu', '--json'], {
      env: fixture.env(),
      input: JSON.stringify(body),
    });
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as Connection;
    expect(printed).toMatchObject({ group: { groupRef: 'initech', groupName: 'Initech' }, providerWorkspaceRef: 'initech-eu' });
    expect(printed.providerMetadata).toEqual({ workspace: { value: 'initech-eu', source: 'input', displayName: 'Company domain' } });
    expect(storedConnection('proj_demo', printed.id).apiKey).toBe(canary.apiKey);
  });

  it('prints a skeleton to fill in, for a provider just its fields, and accepts it back once filled', async () => {
    const generic = await runInProcess(['connections', 'generate', '--skeleton'], { env: fixture.env() });
    expect(generic.code).toBe(0);
    expect(Object.keys(JSON.parse(generic.stdout))).toEqual([
      'provider', 'groupRef', 'groupName', 'consumerRef', 'consumerName', 'providerWorkspaceRef', 'providerMetadata', 'apiKey', 'basicAuth', 'customAuth', 'oauth2AuthorizationCode',
    ]);
    const skeleton = await runInProcess(['connections', 'generate', '--skeleton', '--provider', 'snowflake'], { env: fixture.env() });
    expect(skeleton.stderr).toBe('');
    expect(skeleton.code).toBe(0);
    const body = JSON.parse(skeleton.stdout);
    expect(body).toEqual({
      provider: 'snowflake', groupRef: '', groupName: '', consumerRef: '', consumerName: '',
      providerMetadata: { database: 'ANALYTICS', schema: 'PUBLIC' },
      customAuth: { account: '', username: '', password: '', role: '', warehouse: '' },
    });
    Object.assign(body, { groupRef: 'hooli', consumerRef: 'gavin' });
    Object.assign(body.customAuth, { account: 'hooli-1', username: 'GAVIN', password: canary.customPassword, role: 'SYSADMIN', warehouse: 'WH' });
    const created = await runInProcess(['connections', 'generate', '--project', 'demo', '--input-json', file('filled.json', JSON.stringify(body))], { env: fixture.env() });
    expect(created.code).toBe(0);
    expect(fieldTable(created.stdout)).toMatchObject({ Provider: 'snowflake', Group: 'hooli' });
  });
});

describe('connections generate refuses bad input without a terminal (exit 2, nothing sent)', () => {
  it('lists every missing value with the flag that supplies it', async () => {
    const result = await runInProcess(['connections', 'generate', '--project', 'demo', '--provider', 'zendesk'], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('The connection cannot be created (5 problems); nothing was sent:');
    expect(result.stderr).toContain('groupRef is required. Give --group-ref REF.');
    expect(result.stderr).toContain('consumerRef is required. Give --consumer-ref REF.');
    expect(result.stderr).toMatch(/providerWorkspaceRef is required: zendesk needs its workspace .*Give --workspace NAME\./);
    expect(result.stderr).toContain('basicAuth.username is required: zendesk uses Basic auth with a username and password. Give --username NAME.');
    expect(result.stderr).toContain('basicAuth.password is required: zendesk uses Basic auth with a username and password. Give --password-file PATH (- for stdin) or IPCTL_CONNECTION_PASSWORD.');
    expect(result.stderr).toContain('What a connection to zendesk needs: ipctl providers get zendesk');
    expect(await generatePosts()).toBe(0);
  });

  it('lists what every connection needs when even the provider and project are missing', async () => {
    const result = await runInProcess(['connections', 'generate'], { env: fixture.env() });
    expectFailed(result, 2, '(4 problems)', 'No project given. Give --project ID|NAME, or set IPCTL_PROJECT', 'provider is required. Give --provider NAME.');
    expect(await fixture.requests()).toEqual([]);
  });

  it('reports invalid values, wrong credentials and typos together, and refuses a password typed into argv without echoing it', async () => {
    const result = await runInProcess(
      ['connections', 'generate', '--project', 'demo', '--provider', 'snowflake', ...who, '--custom', `password=${canary.customPassword}`, '--custom', 'role=ADMIN', '--custom', 'acount=x', '--api-key-file', file('stray.txt', canary.apiKey), '--metadata', 'oops'],
      { env: fixture.env() },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--metadata "oops": expected KEY=VALUE.');
    expect(await fixture.requests()).toEqual([]);
    const fixed = await runInProcess(
      ['connections', 'generate', '--project', 'demo', '--provider', 'snowflake', ...who, '--custom', `password=${canary.customPassword}`, '--custom', 'role=ADMIN', '--custom', 'acount=x', '--api-key-file', file('stray.txt', canary.apiKey)],
      { env: fixture.env() },
    );
    expectFailed(
      fixed,
      2,
      '--custom password: "password" is a password input of snowflake, so its value must not be given on the command line',
      'Give --custom password=@PATH, --custom password=- (stdin) or IPCTL_CONNECTION_CUSTOM_PASSWORD.',
      'customAuth.role must be one of SYSADMIN, ANALYST, LOADER.',
      'customAuth.acount is not known; did you mean account?',
      'apiKey does not apply: snowflake uses custom auth with custom inputs (customAuth). Leave out --api-key-file.',
      'customAuth.warehouse is required',
    );
    expectNoCanary(fixed.stderr);
    expect(await generatePosts()).toBe(0);
  });

  it('names an unknown provider with exit 3', async () => {
    const result = await runInProcess(['connections', 'generate', '--project', 'demo', '--provider', 'Salesforce', ...who], { env: fixture.env() });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Provider "Salesforce" is not in the catalogue.');
    expect(await generatePosts()).toBe(0);
  });

  it('reads stdin once per run', async () => {
    const result = await runInProcess(['connections', 'generate', '--project', 'demo', '--input-json', '-', '--api-key-file', '-'], { env: fixture.env(), input: '{}' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--api-key-file: stdin is already read by --input-json; only one value can come from stdin.');
    expect(await fixture.requests()).toEqual([]);
  });

  it('explains a body file that is not an object, and a secret file that is missing', async () => {
    const result = await runInProcess(['connections', 'generate', '--input-json', file('list.json', '[1]'), '--refresh-token-file', join(files.path, 'nope.txt')], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('list.json must hold one JSON object, the request body. Print one to fill in with --skeleton.');
    expect(result.stderr).toContain('--refresh-token-file: cannot read');
    expect(await fixture.requests()).toEqual([]);
  });

  it('needs the platform API key (exit 4) and sends nothing without one', async () => {
    const result = await runInProcess(['connections', 'generate', '--project', 'demo', '--provider', 'public-holidays', ...who], { env: fixture.env({ IPCTL_API_KEY: undefined }) });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('This command needs an API key');
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('connections generate output and secrets', () => {
  it('--dry-run prints the request with every secret redacted and sends nothing', async () => {
    const before = connectionsOf('proj_demo').length;
    const result = await runInProcess(
      ['connections', 'generate', '--project', 'demo', '--provider', 'zendesk', ...who, '--workspace', 'acme', '--username', 'agent@acme.test', '--password-file', '-', '--dry-run', '--json'],
      { env: fixture.env(), input: canary.password },
    );
    expect(result.code).toBe(0);
    const request = JSON.parse(result.stdout);
    expect(request).toMatchObject({
      method: 'POST',
      url: `${fixture.sandbox.baseUrl}/projects/demo/connections:generate`,
      headers: { 'x-api-key': '****a8e1', 'content-type': 'application/json' },
      body: { provider: 'zendesk', groupRef: 'acme-corp', providerWorkspaceRef: 'acme', basicAuth: { username: 'agent@acme.test', password: `****${canary.password.slice(-4)}` } },
    });
    expectNoCanary(result.stdout, result.stderr);
    expect(await generatePosts()).toBe(0);
    expect(connectionsOf('proj_demo').length).toBe(before);
  });

  it('--dry-run shows each providerMetadata value as the published object {value, source: "input"}', async () => {
    const key = file('pipedrive-key.txt', `${canary.apiKey}\n`);
    const result = await runInProcess(['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', ...who, '--workspace', 'acme', '--api-key-file', key, '--dry-run', '-o', 'json'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).body.providerMetadata).toEqual({ workspace: { value: 'acme', source: 'input' } });
    const given = file('metadata.json', JSON.stringify({ provider: 'snowflake', groupRef: 'g', consumerRef: 'c', providerMetadata: { database: 'SALES', schema: { value: 'RAW', displayName: 'Schema' } }, customAuth: { account: 'a', username: 'u', password: canary.customPassword, role: 'LOADER', warehouse: 'w' } }));
    const mixed = await runInProcess(['connections', 'generate', '--project', 'demo', '--input-json', given, '--metadata', 'database=ANALYTICS', '--dry-run', '-o', 'json'], { env: fixture.env() });
    expect(mixed.code).toBe(0);
    expect(JSON.parse(mixed.stdout).body.providerMetadata).toEqual({ database: { value: 'ANALYTICS', source: 'input' }, schema: { value: 'RAW', source: 'input', displayName: 'Schema' } });
    expectNoCanary(result.stdout, result.stderr, mixed.stdout, mixed.stderr);
    expect(await generatePosts()).toBe(0);
  });

  it('refuses a providerMetadata source other than input from a file, naming the field (exit 2, nothing sent)', async () => {
    const given = file('token-source.json', JSON.stringify({ provider: 'openweather', groupRef: 'g', consumerRef: 'c', apiKey: canary.apiKey, providerMetadata: { units: { value: 'imperial', source: 'token' } } }));
    const result = await runInProcess(['connections', 'generate', '--project', 'demo', '--input-json', given], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('providerMetadata.units.source must be "input" or left out');
    expect(result.stderr).toContain('Set with --metadata units=VALUE (or fix it in the --input-json file).');
    expect(await generatePosts()).toBe(0);
  });

  it('takes a structured password input from a JSON file (KEY:=@PATH), each string in it redacted', async () => {
    const key = file('key.json', JSON.stringify({ pem: canary.privateKey, kid: 'kid-CANARY-0042-abcd' }));
    const args = ['connections', 'generate', '--project', 'demo', '--provider', 'docusign-jwt', ...who, '--metadata', 'accountId=1', '--custom', 'integrationKey=ik', '--custom', 'userId=u', '--custom', 'environment=production', '--custom', `privateKey:=@${key}`];
    const dryRun = await runInProcess([...args, '--dry-run', '--json'], { env: fixture.env() });
    expect(dryRun.code).toBe(0);
    expect(JSON.parse(dryRun.stdout).body.customAuth.privateKey).toEqual({ pem: '****----', kid: '****abcd' });
    expectNoCanary(dryRun.stdout, dryRun.stderr);
    const created = await runInProcess(args, { env: fixture.env() });
    expect(created.code).toBe(0);
    expect(credentialsOf('proj_demo', fieldTable(created.stdout).ID)?.customAuth?.privateKey).toEqual({ pem: canary.privateKey, kid: 'kid-CANARY-0042-abcd' });
  });

  it('keeps every secret out of the --debug trace', async () => {
    const result = await runInProcess(
      ['connections', 'generate', '--debug', '--project', 'demo', '--provider', 'salesforce', ...who, '--workspace', 'acme', '--scopes', 'api', '--refresh-token-file', '-'],
      { env: fixture.env({ IPCTL_CONNECTION_ACCESS_TOKEN: canary.accessToken }), input: canary.refreshToken },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('debug: → POST');
    expect(result.stderr).toContain('debug: ← 201 Created');
    expectNoCanary(result.stdout, result.stderr);
  });

  it('shows the credentials of the created connection only with --show-secrets', async () => {
    const result = await runInProcess(
      ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', ...who, '--workspace', 'acme', '--api-key-file', '-', '--show-secrets', '-o', 'json'],
      { env: fixture.env(), input: canary.apiKey },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).apiKey).toBe(canary.apiKey);
    const table = await runInProcess(['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', ...who, '--workspace', 'acme', '--api-key-file', '-'], {
      env: fixture.env(),
      input: canary.apiKey,
    });
    expect(fieldTable(table.stdout)['API key']).toBe(`****${canary.apiKey.slice(-4)}`);
  });
});
