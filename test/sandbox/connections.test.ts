import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../../src/sandbox/types.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const demo = () => sandbox.state.projects.proj_demo!;

async function generate(body: unknown, project = 'demo', headers: Record<string, string> = { 'X-Api-Key': sandbox.apiKey }): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const response = await fetch(`${sandbox.baseUrl}/projects/${project}/connections:generate`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

describe('POST connections:generate in the sandbox', () => {
  it('needs the API key header (401 without it), creating nothing', async () => {
    const before = demo().connections.length;
    const result = await generate({ provider: 'public-holidays', groupRef: 'g', consumerRef: 'c' }, 'demo', {});
    expect(result.status).toBe(401);
    expect(demo().connections.length).toBe(before);
  });

  it('answers 400 with one issue per bad field, never echoing a secret value', async () => {
    const before = demo().connections.length;
    const result = await generate({
      provider: 'snowflake',
      groupRef: 'acme-corp',
      apiKey: 'sk-SANDBOX-CANARY-778899',
      customAuth: { account: 'a', username: 'u', password: 'pw-SANDBOX-CANARY-112233', role: 'ROOT', warehouse: 'w', extra: 1 },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ title: 'Bad Request', status: 400 });
    const issues = result.body.issues as Array<Record<string, unknown>>;
    expect(issues.map((issue) => issue.name)).toEqual(['consumerRef', 'customAuth.role', 'apiKey', 'customAuth.extra']);
    expect(issues.every((issue) => issue.in === 'body' && typeof issue.detail === 'string' && typeof issue.type === 'string')).toBe(true);
    expect(issues[1]).toMatchObject({ value: 'ROOT', title: 'Invalid value' });
    expect(issues[2]).toMatchObject({ value: null, title: 'Does not apply to this provider' });
    expect(result.text).not.toContain('CANARY');
    expect(demo().connections.length).toBe(before);
  });

  it('answers 422 to providerMetadata values that are not the published object, naming each field, creating nothing', async () => {
    const before = demo().connections.length;
    const bare = await generate({ provider: 'pipedrive', groupRef: 'g', consumerRef: 'c', apiKey: 'k', providerMetadata: { workspace: 'acme' } });
    expect(bare.status).toBe(422);
    expect(bare.body).toMatchObject({ status: 422, title: 'Unprocessable Content' });
    const issues = bare.body.issues as Array<Record<string, unknown>>;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ in: 'body', name: 'providerMetadata.workspace', value: 'acme' });
    expect(issues[0]?.detail).toContain('providerMetadata.workspace must be object');
    const parts = await generate({
      provider: 'snowflake',
      groupRef: 'g',
      consumerRef: 'c',
      providerMetadata: { database: { value: 7, source: 'input' }, schema: { value: 'RAW', source: 'user' }, warehouse: { value: 'w', source: 'input', displayName: 1, note: 'x' } },
    });
    expect(parts.status).toBe(422);
    expect((parts.body.issues as Array<{ name: string }>).map((issue) => issue.name)).toEqual([
      'providerMetadata.database.value',
      'providerMetadata.schema.source',
      'providerMetadata.warehouse.displayName',
      'providerMetadata.warehouse.note',
    ]);
    expect(demo().connections.length).toBe(before);
  });

  it('takes each source the contract names, and keeps the source and displayName given', async () => {
    const result = await generate({
      provider: 'snowflake',
      groupRef: 'g',
      consumerRef: 'c',
      providerMetadata: { database: { value: 'SALES', source: 'token' }, schema: { value: 'RAW', source: 'provider', displayName: 'Target schema' } },
      customAuth: { account: 'a', username: 'u', password: 'p', role: 'LOADER', warehouse: 'w' },
    });
    expect(result.status).toBe(201);
    expect(result.body.providerMetadata).toEqual({
      database: { value: 'SALES', source: 'token', displayName: 'Database' },
      schema: { value: 'RAW', source: 'provider', displayName: 'Target schema' },
    });
  });

  it('answers 400 naming an unknown provider, and lists the other problems too', async () => {
    const result = await generate({ provider: 'Salesforce', groupRef: 'g' });
    expect(result.status).toBe(400);
    const issues = result.body.issues as Array<Record<string, unknown>>;
    expect(issues.map((issue) => issue.name)).toEqual(['provider', 'consumerRef']);
    expect(issues[0]?.detail).toContain('No provider named "Salesforce"');
  });

  it('answers 400 for an empty body, listing what every connection needs', async () => {
    const response = await fetch(`${sandbox.baseUrl}/projects/demo/connections:generate`, { method: 'POST', headers: { 'X-Api-Key': sandbox.apiKey } });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { issues: Array<{ name: string }> };
    expect(problem.issues.map((issue) => issue.name)).toEqual(['provider', 'groupRef', 'consumerRef']);
  });

  it('creates an imported OAuth connection: 201, status created, the project\'s provider app and the token data', async () => {
    const result = await generate({
      provider: 'salesforce',
      groupRef: 'globex',
      consumerRef: 'u-7',
      consumerName: 'Uma',
      providerWorkspaceRef: 'globex',
      oauth2AuthorizationCode: { scopes: ['api', 'refresh_token'], refreshToken: { token: 'rt-1' }, accessToken: { token: 'at-1', expiresAt: '2030-01-01T00:00:00Z' } },
    });
    expect(result.status).toBe(201);
    const connection = result.body as unknown as Connection;
    expect(connection).toMatchObject({
      projectId: 'proj_demo',
      provider: 'salesforce',
      status: 'created',
      authScheme: 'oauth2/authorizationCode',
      providerWorkspaceRef: 'globex',
      providerMetadata: { workspace: { value: 'globex', source: 'input', displayName: 'My Domain' } },
      group: { groupRef: 'globex', groupName: 'Globex Corporation', projectId: 'proj_demo' },
      consumer: { consumerRef: 'u-7', consumerName: 'Uma', projectId: 'proj_demo' },
      providerApp: { id: 'app_demo_salesforce' },
      oauth2AuthorizationCode: { scopes: ['api', 'refresh_token'], refreshToken: { token: 'rt-1' }, accessToken: { token: 'at-1', expiresAt: '2030-01-01T00:00:00Z' } },
    });
    expect(connection.id).toMatch(/^conn_[a-z0-9]{20}$/);
    expect(connection.oauth2AuthorizationCode?.refreshToken?.issuedAt).toBe(connection.createTime);
    expect(demo().connections.at(-1)?.id).toBe(connection.id);
  });

  it('derives authScheme from the provider and applies metadata defaults', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ provider: 'openweather', apiKey: 'k' }, 'apiKey'],
      [{ provider: 'freshdesk', apiKey: 'k', providerWorkspaceRef: 'a' }, 'basic'],
      [{ provider: 'zendesk', basicAuth: { username: 'u', password: 'p' }, providerWorkspaceRef: 'a' }, 'basic'],
      [{ provider: 'snowflake', customAuth: { account: 'a', username: 'u', password: 'p', role: 'LOADER', warehouse: 'w' } }, 'basic'],
      [{ provider: 'docusign-jwt', providerMetadata: { accountId: { value: '1', source: 'input' } }, customAuth: { integrationKey: 'i', userId: 'u', privateKey: 'k', environment: 'demo' } }, 'oauth2/clientCredentials'],
      [{ provider: 'public-holidays' }, 'none'],
    ];
    for (const [body, scheme] of cases) {
      const result = await generate({ groupRef: 'g', consumerRef: 'c', ...body });
      expect(result.status, String(body.provider)).toBe(201);
      expect(result.body.authScheme, String(body.provider)).toBe(scheme);
    }
    const holidays = await generate({ groupRef: 'g', consumerRef: 'c', provider: 'public-holidays' });
    expect(holidays.body.providerMetadata).toEqual({ countryCode: { value: 'US', source: 'provider', displayName: 'Country' } });
    expect(holidays.body.providerApp).toBeUndefined();
    const docusign = await generate({ groupRef: 'g', consumerRef: 'c', ...cases[4]![0] });
    expect(docusign.body).toMatchObject({ providerWorkspaceRef: 'demo' });
    expect(docusign.body.providerMetadata).toEqual({
      workspace: { value: 'demo', source: 'provider', displayName: 'Base URI host' },
      accountId: { value: '1', source: 'input', displayName: 'API account ID' },
    });
  });

  it('keeps basic and custom credentials out of the Connection, and the API key in it', async () => {
    const zendesk = await generate({ provider: 'zendesk', groupRef: 'g', consumerRef: 'c', basicAuth: { username: 'agent@acme.test', password: 'pw-zd' }, providerWorkspaceRef: 'acme' });
    expect(zendesk.text).not.toContain('pw-zd');
    expect(demo().connectionCredentials.find((entry) => entry.connectionId === zendesk.body.id)).toEqual({
      connectionId: zendesk.body.id,
      basicAuth: { username: 'agent@acme.test', password: 'pw-zd' },
    });
    const pipedrive = await generate({ provider: 'pipedrive', groupRef: 'g', consumerRef: 'c', apiKey: 'pd-key', providerWorkspaceRef: 'acme' });
    expect(pipedrive.body.apiKey).toBe('pd-key');
  });

  it('upserts groups and consumers by ref: a given name renames, a missing one keeps the name', async () => {
    const first = await generate({ provider: 'public-holidays', groupRef: 'initech', consumerRef: 'peter', consumerName: 'Peter' });
    expect(first.body.group).toMatchObject({ groupRef: 'initech', groupName: 'Initech' });
    const renamed = await generate({ provider: 'public-holidays', groupRef: 'initech', groupName: 'Initech Inc.', consumerRef: 'peter' });
    expect(renamed.body.group).toMatchObject({ groupName: 'Initech Inc.' });
    expect(renamed.body.consumer).toMatchObject({ consumerName: 'Peter' });
    expect(demo().groups.filter((group) => group.groupRef === 'initech')).toHaveLength(1);
    expect(demo().consumers.filter((consumer) => consumer.consumerRef === 'peter')).toHaveLength(1);
    const fresh = await generate({ provider: 'public-holidays', groupRef: 'new-group', consumerRef: 'new-user' });
    expect(fresh.body.group).toMatchObject({ groupRef: 'new-group', groupName: 'new-group' });
  });
});
