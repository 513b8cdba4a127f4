// The read and delete operations of read-operations.md, through a real sandbox:
// the list filters, what a get leaves out, what a delete takes away, destinations
// by name, the providers list against the providers one by one, projects by ID
// and by name, and the fault plans and request log naming each operation.
// Expected values come from read-operations.md; the seed is used as input only.
import { describe, expect, it } from 'vitest';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });

const apiKey = (): Record<string, string> => ({ 'X-Api-Key': canaryApiKey });
const bearer = (): Record<string, string> => ({ Authorization: `Bearer ${canaryToken}` });

const url = (path: string): string => `${fixture.sandbox.baseUrl}${path}`;
const origin = (): string => new URL(fixture.sandbox.baseUrl).origin;

async function getJson<T = unknown>(path: string, headers: Record<string, string> = bearer()): Promise<{ status: number; body: T; text: string }> {
  const response = await fetch(url(path), { headers });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T, text };
}

interface ConnectionAnswer {
  id: string;
  provider: string;
  group: { groupRef: string };
  consumer: { consumerRef: string };
  apiKey?: string;
  oauth2AuthorizationCode?: { accessToken?: { token: string }; refreshToken?: { token: string }; scopes?: string[] };
}

async function generate(project: string, body: Record<string, unknown>): Promise<ConnectionAnswer> {
  const response = await fetch(url(`/projects/${project}/connections:generate`), {
    method: 'POST',
    headers: { ...apiKey(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as ConnectionAnswer;
}

const remove = (project: string, connectionId: string, headers: Record<string, string> = apiKey()) =>
  fetch(url(`/projects/${project}/connections/${connectionId}`), { method: 'DELETE', headers });

const ids = (connections: ConnectionAnswer[]): string[] => connections.map((connection) => connection.id).sort();

describe('GET /projects/{projectIdOrName}/connections: the filters', () => {
  // Only this describe makes connections in the marketing project, so its lists are known in full.
  const made: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };
  const setUp = async (): Promise<void> => {
    if (made.a !== '') return;
    made.a = (await generate('marketing', { provider: 'pipedrive', groupRef: 'flt-g1', consumerRef: 'flt-c1', providerWorkspaceRef: 'acme', apiKey: 'pk-filter-a' })).id;
    made.b = (await generate('marketing', { provider: 'pipedrive', groupRef: 'flt-g2', consumerRef: 'flt-c1', providerWorkspaceRef: 'acme', apiKey: 'pk-filter-b' })).id;
    made.c = (await generate('marketing', { provider: 'public-holidays', groupRef: 'flt-g1', consumerRef: 'flt-c2' })).id;
    // groupRef that starts with another's: an exact match must not take it for flt-g1.
    made.d = (await generate('marketing', { provider: 'public-holidays', groupRef: 'flt-g1-x', consumerRef: 'flt-c1' })).id;
  };
  const listed = async (query: string, project = 'marketing'): Promise<string[]> => {
    const answer = await getJson<ConnectionAnswer[]>(`/projects/${project}/connections${query}`);
    expect(answer.status, answer.text).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    return ids(answer.body);
  };
  const expected = (...keys: Array<keyof typeof made>): string[] => keys.map((key) => made[key]).sort();

  it('lists every connection of the project without a filter, by ID or name alike', async () => {
    await setUp();
    expect(await listed('')).toEqual(expected('a', 'b', 'c', 'd'));
    expect(await listed('', 'proj_marketing')).toEqual(expected('a', 'b', 'c', 'd'));
  });

  it('applies each filter alone, as an exact match', async () => {
    await setUp();
    expect(await listed('?provider=pipedrive')).toEqual(expected('a', 'b'));
    expect(await listed('?provider=public-holidays')).toEqual(expected('c', 'd'));
    expect(await listed('?groupRef=flt-g1')).toEqual(expected('a', 'c'));
    expect(await listed('?groupRef=flt-g1-x')).toEqual(expected('d'));
    expect(await listed('?consumerRef=flt-c1')).toEqual(expected('a', 'b', 'd'));
    expect(await listed('?consumerRef=flt-c2')).toEqual(expected('c'));
  });

  it('applies filters together, each of them', async () => {
    await setUp();
    expect(await listed('?provider=pipedrive&groupRef=flt-g1')).toEqual(expected('a'));
    expect(await listed('?provider=pipedrive&consumerRef=flt-c1')).toEqual(expected('a', 'b'));
    expect(await listed('?groupRef=flt-g1&consumerRef=flt-c1')).toEqual(expected('a'));
    expect(await listed('?provider=public-holidays&groupRef=flt-g1&consumerRef=flt-c2')).toEqual(expected('c'));
    expect(await listed('?provider=public-holidays&groupRef=flt-g1&consumerRef=flt-c1')).toEqual([]);
  });

  it('answers an empty array, not a 404, to a value nothing has: a prefix, another case, an unknown provider', async () => {
    await setUp();
    for (const query of ['?groupRef=flt-g', '?groupRef=FLT-G1', '?consumerRef=flt-c', '?provider=Pipedrive', '?provider=no-such-provider', '?groupRef=', '?provider=pipedrive&groupRef=flt-g1-x']) {
      expect(await listed(query), query).toEqual([]);
    }
  });

  it('answers 404 for an unknown project, filtered or not', async () => {
    expect((await getJson('/projects/no-such-project/connections')).status).toBe(404);
    expect((await getJson('/projects/no-such-project/connections?provider=pipedrive')).status).toBe(404);
  });

  it('lists each connection as GET answers it', async () => {
    await setUp();
    const list = (await getJson<ConnectionAnswer[]>('/projects/marketing/connections')).body;
    for (const connection of list) {
      expect((await getJson(`/projects/marketing/connections/${connection.id}`)).body).toEqual(connection);
    }
  });
});

describe('GET /projects/{projectIdOrName}/connections/{connectionId}: credentials', () => {
  const tokens = { accessToken: 'at-READ-OPS-access-3141', refreshToken: 'rt-READ-OPS-refresh-2718' };
  const oauth = () =>
    generate('demo', {
      provider: 'salesforce',
      groupRef: 'creds-g',
      consumerRef: 'creds-c',
      providerWorkspaceRef: 'creds',
      oauth2AuthorizationCode: { scopes: ['api', 'refresh_token'], accessToken: { token: tokens.accessToken, expiresAt: '2030-01-01T00:00:00Z' }, refreshToken: { token: tokens.refreshToken } },
    });

  it('keeps the API key the connection was made with, in the get and in the list', async () => {
    const made = await generate('demo', { provider: 'pipedrive', groupRef: 'creds-g', consumerRef: 'creds-key', providerWorkspaceRef: 'acme', apiKey: 'pk-READ-OPS-key-1618' });
    const got = await getJson<ConnectionAnswer>(`/projects/demo/connections/${made.id}`);
    expect(got.status).toBe(200);
    expect(got.body.apiKey).toBe('pk-READ-OPS-key-1618');
    const list = await getJson<ConnectionAnswer[]>('/projects/demo/connections?consumerRef=creds-key');
    expect(list.body.map((connection) => [connection.id, connection.apiKey])).toEqual([[made.id, 'pk-READ-OPS-key-1618']]);
  });

  it('leaves the OAuth tokens and scopes out unless includeCreds=true', async () => {
    const made = await oauth();
    for (const query of ['', '?includeCreds=false', '?includeRefreshToken=true', '?includeCreds=false&includeRefreshToken=true', '?refresh=ifExpired']) {
      const got = await getJson<ConnectionAnswer>(`/projects/demo/connections/${made.id}${query}`);
      expect(got.status, query).toBe(200);
      expect(got.body.id).toBe(made.id);
      expect(got.body.oauth2AuthorizationCode?.accessToken, query).toBeUndefined();
      expect(got.body.oauth2AuthorizationCode?.refreshToken, query).toBeUndefined();
      expect(got.body.oauth2AuthorizationCode?.scopes, query).toBeUndefined();
      expect(got.text, query).not.toContain(tokens.accessToken);
      expect(got.text, query).not.toContain(tokens.refreshToken);
    }
  });

  it('gives the access token and scopes with includeCreds=true, and the refresh token only with includeRefreshToken=true too', async () => {
    const made = await oauth();
    const creds = await getJson<ConnectionAnswer>(`/projects/demo/connections/${made.id}?includeCreds=true`);
    expect(creds.body.oauth2AuthorizationCode?.accessToken?.token).toBe(tokens.accessToken);
    expect(creds.body.oauth2AuthorizationCode?.scopes).toEqual(['api', 'refresh_token']);
    expect(creds.body.oauth2AuthorizationCode?.refreshToken).toBeUndefined();
    expect(creds.text).not.toContain(tokens.refreshToken);
    const both = await getJson<ConnectionAnswer>(`/projects/demo/connections/${made.id}?includeCreds=true&includeRefreshToken=true`);
    expect(both.body.oauth2AuthorizationCode?.accessToken?.token).toBe(tokens.accessToken);
    expect(both.body.oauth2AuthorizationCode?.refreshToken?.token).toBe(tokens.refreshToken);
    expect(both.body.oauth2AuthorizationCode?.scopes).toEqual(['api', 'refresh_token']);
  });

  it('never lists the OAuth tokens', async () => {
    const made = await oauth();
    const list = await getJson<ConnectionAnswer[]>('/projects/demo/connections?groupRef=creds-g&provider=salesforce');
    expect(list.body.map((connection) => connection.id)).toContain(made.id);
    expect(list.text).not.toContain(tokens.accessToken);
    expect(list.text).not.toContain(tokens.refreshToken);
  });

  it('answers 404 for an unknown connection, and for a connection of another project', async () => {
    expect((await getJson('/projects/demo/connections/conn_nope')).status).toBe(404);
    const made = await generate('demo', { provider: 'public-holidays', groupRef: 'creds-g', consumerRef: 'creds-other' });
    expect((await getJson(`/projects/demo/connections/${made.id}`)).status).toBe(200);
    expect((await getJson(`/projects/marketing/connections/${made.id}`)).status).toBe(404);
  });
});

describe("a connection's group and consumer", () => {
  it('are the records as they are now: one group or consumer reads the same in every connection of it', async () => {
    // platform-api.md 2.3.1, 2.3.2: a connection holds its group and consumer record, each one record per ref (with its own updateTime).
    const first = await generate('demo', { provider: 'public-holidays', groupRef: 'ren-g', groupName: 'Old group', consumerRef: 'ren-c', consumerName: 'Old consumer' });
    const second = await generate('demo', { provider: 'public-holidays', groupRef: 'ren-g', groupName: 'New group', consumerRef: 'ren-c', consumerName: 'New consumer' });
    interface Named extends ConnectionAnswer {
      group: { groupRef: string; groupName: string; updateTime?: string };
      consumer: { consumerRef: string; consumerName: string; updateTime?: string };
    }
    const list = (await getJson<Named[]>('/projects/demo/connections?groupRef=ren-g')).body;
    expect(ids(list)).toEqual(ids([first, second]));
    for (const connection of list) {
      expect([connection.group.groupName, connection.consumer.consumerName], connection.id).toEqual(['New group', 'New consumer']);
      expect(connection.group).toEqual((second as Named).group);
      expect(connection.consumer).toEqual((second as Named).consumer);
    }
    const got = (await getJson<Named>(`/projects/demo/connections/${first.id}`)).body;
    expect([got.group.groupName, got.consumer.consumerName]).toEqual(['New group', 'New consumer']);
  });
});

describe('DELETE /projects/{projectIdOrName}/connections/{connectionId}', () => {
  const controlList = async (project: string): Promise<string[]> => {
    const response = await fetch(`${origin()}/_sandbox/projects/${project}/connections`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { connections: Array<{ id: string }> }).connections.map((connection) => connection.id);
  };

  it('answers 204 with no body, and the connection is gone from the list, from GET and from the control route', async () => {
    const kept = await generate('demo', { provider: 'pipedrive', groupRef: 'del-g', consumerRef: 'del-kept', providerWorkspaceRef: 'acme', apiKey: 'pk-del-kept' });
    const gone = await generate('demo', { provider: 'pipedrive', groupRef: 'del-g', consumerRef: 'del-gone', providerWorkspaceRef: 'acme', apiKey: 'pk-del-gone' });
    expect(ids((await getJson<ConnectionAnswer[]>('/projects/demo/connections?groupRef=del-g')).body)).toEqual([kept.id, gone.id].sort());
    expect(await controlList('demo')).toEqual(expect.arrayContaining([kept.id, gone.id]));

    const deleted = await remove('demo', gone.id);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');

    expect(ids((await getJson<ConnectionAnswer[]>('/projects/demo/connections?groupRef=del-g')).body)).toEqual([kept.id]);
    expect(ids((await getJson<ConnectionAnswer[]>('/projects/demo/connections')).body)).not.toContain(gone.id);
    expect((await getJson(`/projects/demo/connections/${gone.id}`)).status).toBe(404);
    expect((await getJson(`/projects/demo/connections/${kept.id}`)).status).toBe(200);
    const control = await controlList('proj_demo');
    expect(control).toContain(kept.id);
    expect(control).not.toContain(gone.id);
  });

  it('answers 404 to a second delete, by ID or name of the project, and to an unknown connection', async () => {
    const made = await generate('demo', { provider: 'public-holidays', groupRef: 'del-g', consumerRef: 'del-twice' });
    expect((await remove('proj_demo', made.id, bearer())).status).toBe(204);
    expect((await remove('proj_demo', made.id, bearer())).status).toBe(404);
    expect((await remove('demo', made.id)).status).toBe(404);
    expect((await remove('demo', 'conn_nope')).status).toBe(404);
  });

  it('deletes nothing for a connection of another project, or without a credential', async () => {
    const made = await generate('demo', { provider: 'public-holidays', groupRef: 'del-g', consumerRef: 'del-wrong' });
    expect((await remove('marketing', made.id)).status).toBe(404);
    expect((await remove('demo', made.id, {})).status).toBe(401);
    expect((await getJson(`/projects/demo/connections/${made.id}`)).status).toBe(200);
    expect(await controlList('demo')).toContain(made.id);
  });
});

interface DestinationAnswer {
  id: string;
  name: string;
}

describe('GET /projects/{projectIdOrName}/destinations/{destination}: by name', () => {
  it('gets each listed destination by its name, as the list shows it, in either project', async () => {
    for (const project of ['demo', 'proj_marketing']) {
      const list = await getJson<DestinationAnswer[]>(`/projects/${project}/destinations`);
      expect(list.status).toBe(200);
      expect(list.body.length, project).toBeGreaterThan(0);
      for (const destination of list.body) {
        const got = await getJson(`/projects/${project}/destinations/${encodeURIComponent(destination.name)}`);
        expect(got.status, destination.name).toBe(200);
        expect(got.body).toEqual(destination);
      }
    }
  });

  it('answers 404 for a destination ID (it takes the name), and for an unknown name', async () => {
    const list = await getJson<DestinationAnswer[]>('/projects/demo/destinations');
    for (const destination of list.body) {
      expect(destination.id).not.toBe(destination.name);
      expect((await getJson(`/projects/demo/destinations/${destination.id}`)).status, destination.id).toBe(404);
    }
    expect((await getJson('/projects/demo/destinations/no-such-destination')).status).toBe(404);
    expect((await getJson('/projects/no-such-project/destinations/no-such-destination')).status).toBe(404);
  });

  it('follows a rename: the new name finds it, the old one no longer does', async () => {
    const before = (await getJson<DestinationAnswer[]>('/projects/marketing/destinations')).body[0] as DestinationAnswer;
    const patched = await fetch(url(`/projects/marketing/destinations/${before.id}`), {
      method: 'PATCH',
      headers: { ...bearer(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ updateMask: ['name'], destination: { name: 'read-ops-renamed' } }),
    });
    expect(patched.status).toBe(200);
    const got = await getJson<DestinationAnswer>('/projects/marketing/destinations/read-ops-renamed');
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(before.id);
    expect((await getJson(`/projects/marketing/destinations/${before.name}`)).status).toBe(404);
  });

  it('finds any name a PATCH accepts (spaces, a slash, a long name), and refuses one with a control character as a 400', async () => {
    // platform-api.md 2.4: a destination's name is user-defined; the sandbox's PATCH takes any non-empty text without control characters.
    const list = (await getJson<DestinationAnswer[]>('/projects/marketing/destinations')).body;
    const target = list[list.length - 1] as DestinationAnswer;
    for (const name of ['CRM events / EU', 'événements ✓', `${'n'.repeat(200)}.x`, '_leading-underscore']) {
      const patched = await fetch(url(`/projects/marketing/destinations/${target.id}`), {
        method: 'PATCH',
        headers: { ...bearer(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ updateMask: ['name'], destination: { name } }),
      });
      expect(patched.status, name).toBe(200);
      const got = await getJson<DestinationAnswer>(`/projects/marketing/destinations/${encodeURIComponent(name)}`);
      expect(got.status, `${name}: ${got.text}`).toBe(200);
      expect(got.body.id).toBe(target.id);
      expect(got.body.name).toBe(name);
    }
    const control = await getJson<{ status: number; issues: Array<{ in: string; name: string }> }>('/projects/marketing/destinations/bad%0Aname');
    expect(control.status).toBe(400);
    expect(control.body.issues.map((issue) => [issue.in, issue.name])).toEqual([['path', 'destination']]);
  });
});

describe('GET /providers', () => {
  it('needs no credential, and is the catalogue served one by one, keyed by name', async () => {
    const list = await getJson<Record<string, { name: string }>>('/providers', {});
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(false);
    const names = Object.keys(list.body);
    // The README's nine seed providers are all there.
    expect(names).toEqual(expect.arrayContaining(['salesforce', 'hubspot', 'pipedrive', 'openweather', 'freshdesk', 'zendesk', 'snowflake', 'public-holidays', 'docusign-jwt']));
    for (const [name, provider] of Object.entries(list.body)) {
      expect(provider.name).toBe(name);
      const one = await getJson(`/providers/${encodeURIComponent(name)}`, {});
      expect(one.status, name).toBe(200);
      expect(one.body, name).toEqual(provider);
    }
  });
});

interface ProjectAnswer {
  id: string;
  name: string;
}

describe('GET /projects and GET /projects/{projectIdOrName}', () => {
  it('gives the same project by ID and by name, as the list shows it', async () => {
    const list = await getJson<ProjectAnswer[]>('/projects', apiKey());
    expect(list.status).toBe(200);
    // The README's seed projects.
    expect(list.body.map((project) => [project.id, project.name]).sort()).toEqual(
      expect.arrayContaining([
        ['proj_demo', 'demo'],
        ['proj_marketing', 'marketing'],
      ]),
    );
    for (const project of list.body) {
      const byId = await getJson(`/projects/${project.id}`);
      const byName = await getJson(`/projects/${project.name}`, apiKey());
      expect(byId.status).toBe(200);
      expect(byName.status).toBe(200);
      expect(byId.body).toEqual(project);
      expect(byName.body).toEqual(project);
    }
  });

  it('answers 404 for an unknown project, and 401 without a credential', async () => {
    expect((await getJson('/projects/no-such-project')).status).toBe(404);
    expect((await getJson('/projects/proj_demo', {})).status).toBe(401);
    expect((await getJson('/projects', {})).status).toBe(401);
  });
});

/**
 * Each new operation by the name a fault plan and the request log give it
 * (the published contract's operation names), with a request that reaches it.
 * `send` makes what it needs first (a connection to get or delete).
 */
const operations: Array<{ operation: string; method: string; expectedStatus: number; send(): Promise<{ request: () => Promise<Response>; path: string; query: Record<string, string> }> }> = [
  { operation: 'listProjects', method: 'GET', expectedStatus: 200, send: async () => simple('/projects', {}) },
  { operation: 'getProject', method: 'GET', expectedStatus: 200, send: async () => simple('/projects/demo', { includeEntitlements: 'false' }) },
  { operation: 'listConnections', method: 'GET', expectedStatus: 200, send: async () => simple('/projects/demo/connections', { provider: 'pipedrive', groupRef: 'log-g', consumerRef: 'log-c' }) },
  {
    operation: 'getConnection',
    method: 'GET',
    expectedStatus: 200,
    send: async () => simple(`/projects/demo/connections/${(await generate('demo', { provider: 'public-holidays', groupRef: 'log-g', consumerRef: 'log-get' })).id}`, { includeCreds: 'true' }),
  },
  {
    operation: 'deleteConnection',
    method: 'DELETE',
    expectedStatus: 204,
    send: async () => {
      const path = `/projects/demo/connections/${(await generate('demo', { provider: 'public-holidays', groupRef: 'log-g', consumerRef: 'log-delete' })).id}`;
      return { path, query: {}, request: () => fetch(url(path), { method: 'DELETE', headers: bearer() }) };
    },
  },
  { operation: 'listDestinations', method: 'GET', expectedStatus: 200, send: async () => simple('/projects/demo/destinations', {}) },
  { operation: 'getDestination', method: 'GET', expectedStatus: 200, send: async () => simple('/projects/demo/destinations/analytics-warehouse', {}) },
  { operation: 'listProviders', method: 'GET', expectedStatus: 200, send: async () => simple('/providers', {}) },
];

function simple(path: string, query: Record<string, string>): { request: () => Promise<Response>; path: string; query: Record<string, string> } {
  const search = new URLSearchParams(query).toString();
  return { path, query, request: () => fetch(url(`${path}${search === '' ? '' : `?${search}`}`), { headers: bearer() }) };
}

describe('fault plans and the request log name the new operations', () => {
  for (const { operation, method, expectedStatus, send } of operations) {
    it(`${operation}: a queued 503 is served once, then the answer; the log records both with the query`, async () => {
      const { request, path, query } = await send();
      await fixture.clearRequests();
      await fixture.addFaults({ [operation]: [{ kind: 'status', status: 503, retryable: true }] });
      const faulted = await request();
      expect(faulted.status).toBe(503);
      expect(faulted.headers.get('content-type')).toBe('application/problem+json');
      const answered = await request();
      expect(answered.status).toBe(expectedStatus);
      const log = await fixture.requests();
      const basePath = new URL(fixture.sandbox.baseUrl).pathname;
      expect(log.map((entry) => ({ method: entry.method, path: entry.path, query: entry.query, operation: entry.operation, status: entry.status, fault: entry.fault }))).toEqual([
        { method, path: `${basePath}${path}`, query, operation, status: 503, fault: 'status' },
        { method, path: `${basePath}${path}`, query, operation, status: expectedStatus, fault: undefined },
      ]);
    });
  }

  it('a fault queued for listConnections leaves getConnection alone, and a faulted delete deletes nothing', async () => {
    const made = await generate('demo', { provider: 'public-holidays', groupRef: 'fault-g', consumerRef: 'fault-c' });
    await fixture.addFaults({ listConnections: [{ kind: 'status', status: 503 }], deleteConnection: [{ kind: 'status', status: 500 }] });
    expect((await getJson(`/projects/demo/connections/${made.id}`)).status).toBe(200);
    expect((await remove('demo', made.id)).status).toBe(500);
    expect((await getJson(`/projects/demo/connections/${made.id}`)).status).toBe(200);
    expect((await getJson('/projects/demo/connections?groupRef=fault-g')).status).toBe(503);
    expect(ids((await getJson<ConnectionAnswer[]>('/projects/demo/connections?groupRef=fault-g')).body)).toEqual([made.id]);
  });
});
