import { createServer, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSandboxState, findProject } from '../../src/sandbox/state.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { RequestLogEntry } from '../../src/sandbox/state.js';
import type { Invite, Org, Provider } from '../../src/sandbox/types.js';
import { useBareSandbox } from '../helpers/sandbox.js';

const { sandbox, origin } = useBareSandbox();

/** Whether this machine can listen on ::1: decided before the tests, so that a sandbox failing to start on it fails its test. */
const ipv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once('error', () => resolve(false));
  probe.listen(0, '::1', () => probe.close(() => resolve(true)));
});
if (!ipv6Loopback) console.warn('skipping the sandbox test on ::1: this machine has no IPv6 loopback');

const bearer = (): Record<string, string> => ({ Authorization: `Bearer ${sandbox.token}` });
const apiKey = (): Record<string, string> => ({ 'X-Api-Key': sandbox.apiKey });

async function problemOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.status).toBe(response.status);
  expect(body.subsystem).toBe('sandbox');
  expect(body.requestId).toMatch(/^req_[A-Za-z0-9]{20}$/);
  expect(response.headers.get('x-request-id')).toBe(body.requestId);
  expect(body.type).toMatch(/^https:\/\/sandbox\.ipctl\.dev\/problems\//);
  expect(typeof body.time).toBe('string');
  return body;
}

async function requestLog(): Promise<RequestLogEntry[]> {
  return (await (await fetch(`${origin()}/_sandbox/requests`)).json()) as RequestLogEntry[];
}

describe('startSandbox', () => {
  it('reports its addresses, seed IDs and generated credentials', () => {
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(sandbox.searchUrl).toBe(sandbox.baseUrl.replace('/v1', '/search/v1'));
    expect(sandbox.org).toBe('org_demo');
    expect(sandbox.project).toBe('proj_demo');
    expect(sandbox.apiKey).toMatch(/^sk_sandbox_[A-Za-z0-9_-]{32}$/);
    const [header, payload, signature] = sandbox.token.split('.');
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload as string, 'base64url').toString())).toMatchObject({ sub: expect.any(String), org: 'org_demo' });
    expect(signature).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.skipIf(!ipv6Loopback)(`accepts given credentials and brackets IPv6 hosts${ipv6Loopback ? '' : ' (skipped: this machine has no IPv6 loopback, ::1)'}`, async () => {
    const other = await startSandbox({ host: '::1', port: 0, apiKey: 'sk_test_fixed', token: 'fixed.token.value' });
    try {
      expect(other.baseUrl).toMatch(/^http:\/\/\[::1\]:\d+\/v1$/);
      const response = await fetch(`${other.baseUrl}/orgs/org_demo`, { headers: { Authorization: 'Bearer fixed.token.value' } });
      expect(response.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('closes even with a keep-alive connection open', async () => {
    const other = await startSandbox({ port: 0 });
    await fetch(`${other.baseUrl}/providers/hubspot`); // leaves a pooled keep-alive socket
    await expect(other.close()).resolves.toBeUndefined();
  });
});

describe('GET /v1/orgs/{orgId}', () => {
  it('returns the org with a bearer token', async () => {
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_demo`, { headers: bearer() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9]{20}$/);
    const org = (await response.json()) as Org;
    expect(org).toEqual({
      id: 'org_demo',
      label: 'Acme Demo',
      defaultTeamId: 'team_demo_everyone',
      createTime: '2024-01-15T09:30:00Z',
      updateTime: '2024-06-02T14:05:12Z',
    });
  });

  it('answers 401 without a token, naming the header and the ipctl command', async () => {
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_demo`);
    expect(response.status).toBe(401);
    const problem = await problemOf(response);
    expect(problem.title).toBe('Unauthorized');
    expect(problem.detail).toContain('Authorization');
    expect(problem.remedy).toContain('ipctl auth set-token');
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('answers 401 for a wrong token without echoing it', async () => {
    const wrong = 'eyJhbGciOiJIUzI1NiJ9.wrong-token-value.c2lnbmF0dXJl';
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_demo`, { headers: { Authorization: `Bearer ${wrong}` } });
    expect(response.status).toBe(401);
    const text = await response.clone().text();
    expect(text).not.toContain(wrong);
    expect(text).not.toContain('wrong-token-value');
    expect((await problemOf(response)).detail).toBe('The bearer token is not valid');
  });

  it('does not accept the API key in place of the token', async () => {
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_demo`, { headers: apiKey() });
    expect(response.status).toBe(401);
    const text = await response.text();
    expect(text).toContain('X-Api-Key header was sent');
    expect(text).not.toContain(sandbox.apiKey);
  });

  it('answers 404 naming an unknown org', async () => {
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_nope`, { headers: bearer() });
    expect(response.status).toBe(404);
    const problem = await problemOf(response);
    expect(problem.title).toBe('Not Found');
    expect(problem.detail).toContain('org_nope');
    expect(problem.instance).toBe(`urn:ipctl-sandbox:request:${String(problem.requestId)}`);
    expect(problem.supportEmail).toBe('support@sandbox.ipctl.dev');
  });
});

describe('GET /v1/orgs/{orgId}/invites', () => {
  it('lists invites in every status', async () => {
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_demo/invites`, { headers: bearer() });
    expect(response.status).toBe(200);
    const invites = (await response.json()) as Invite[];
    expect(invites).toHaveLength(5);
    expect(new Set(invites.map((invite) => invite.status))).toEqual(new Set(['pending', 'accepted', 'revoked', 'expired']));
    for (const invite of invites) {
      expect(invite).toMatchObject({ parentType: 'org', parentId: 'org_demo' });
      expect(invite.invitedEmail).toMatch(/@example\.com$/);
    }
  });

  it('returns an empty array for an org without invites', async () => {
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_empty/invites`, { headers: bearer() });
    expect(await response.json()).toEqual([]);
  });

  it('requires a token', async () => {
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_demo/invites`);
    expect(response.status).toBe(401);
  });
});

describe('GET /v1/providers/{provider}', () => {
  it('returns a provider without credentials', async () => {
    const response = await fetch(`${sandbox.baseUrl}/providers/salesforce`);
    expect(response.status).toBe(200);
    const provider = (await response.json()) as Provider;
    expect(provider.authType).toBe('oauth2');
    expect(provider.oauth2Opts?.explicitWorkspaceRequired).toBe(true);
    expect(provider.support.search.operators.equals).toBe(true);
  });

  it('covers every auth type in the catalogue', async () => {
    const names = Object.keys(sandbox.state.providers);
    expect(names.length).toBeGreaterThanOrEqual(8);
    const authTypes = new Set(Object.values(sandbox.state.providers).map((provider) => provider.authType));
    expect(authTypes).toEqual(new Set(['oauth2', 'apiKey', 'basic', 'jwt', 'custom', 'none']));
  });

  it('decodes path parameters', async () => {
    const response = await fetch(`${sandbox.baseUrl}/providers/public%2Dholidays`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Provider).name).toBe('public-holidays');
  });

  it('answers 404 naming an unknown provider', async () => {
    const response = await fetch(`${sandbox.baseUrl}/providers/nonesuch`);
    expect(response.status).toBe(404);
    expect((await problemOf(response)).detail).toContain('nonesuch');
  });
});

describe('routing', () => {
  it('answers 404 problem+json for an unknown path', async () => {
    const response = await fetch(`${sandbox.baseUrl}/widgets`, { headers: bearer() });
    expect(response.status).toBe(404);
    const problem = await problemOf(response);
    expect(problem.instance).toBe(`urn:ipctl-sandbox:request:${String(problem.requestId)}`);
    expect(problem.detail).toContain('/v1/widgets');
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const response = await fetch(`${sandbox.baseUrl}/orgs/org_demo`, { method: 'DELETE', headers: bearer() });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await problemOf(response)).title).toBe('Method Not Allowed');
  });

  it('matches the literal colon of connections:generate', async () => {
    const response = await fetch(`${sandbox.baseUrl}/projects/proj_demo/connections:generate`, { headers: apiKey() });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 400 for malformed percent-encoding', async () => {
    const response = await fetch(`${sandbox.baseUrl}/providers/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).issues).toEqual([expect.objectContaining({ in: 'path' })]);
  });
});

describe('project lookup', () => {
  it('finds a project by ID and by name', () => {
    const state = createSandboxState();
    expect(findProject(state, 'proj_demo')?.name).toBe('demo');
    expect(findProject(state, 'demo')?.id).toBe('proj_demo');
    expect(findProject(state, 'marketing')?.id).toBe('proj_marketing');
    expect(findProject(state, 'nope')).toBeUndefined();
    expect(findProject(state, 'constructor')).toBeUndefined();
  });

  it('resolves the project over HTTP by ID and by name', async () => {
    const post = (project: string) =>
      fetch(`${sandbox.baseUrl}/projects/${project}/connections:generate`, {
        method: 'POST',
        headers: { ...apiKey(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ provider: 'public-holidays', groupRef: 'g1', consumerRef: 'c1' }),
      });
    for (const project of ['proj_demo', 'demo']) {
      const response = await post(project);
      expect(response.status).toBe(201);
      expect(((await response.json()) as { projectId: string }).projectId).toBe('proj_demo');
    }
    const missing = await post('no-such-project');
    expect(missing.status).toBe(404);
    expect((await problemOf(missing)).detail).toContain('no-such-project');
  });

  it('accepts a bearer token for destination updates and an x-api-key for search', async () => {
    const patch = await fetch(`${sandbox.baseUrl}/projects/demo/destinations/dest_webhook`, {
      method: 'PATCH',
      headers: { ...bearer(), 'Content-Type': 'application/json' },
      body: '{"updateMask":["name"],"destination":{"name":"x"}}',
    });
    expect(patch.status).toBe(200);
    const search = await fetch(`${sandbox.searchUrl}/projects/proj_demo/integrations/int_salesforce_sync?groupRef=acme-corp`, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.apiKey, 'x-svc-request-type': 'search', 'Content-Type': 'application/json' },
      body: '{"objectName":"Contact","fieldFilters":[{"fieldName":"Title","operator":"eq","value":"CTO"}]}',
    });
    expect(search.status).toBe(200);
  });
});

describe('request bodies', () => {
  /** POSTs a raw body to connections:generate, with the sandbox's API key unless other headers are given. */
  const postGenerate = (body: string, contentType = 'application/json', credential: Record<string, string> = apiKey()) =>
    fetch(`${sandbox.baseUrl}/projects/demo/connections:generate`, { method: 'POST', headers: { ...credential, 'Content-Type': contentType }, body });

  it('answers 400 with an issue for invalid JSON, without quoting the body', async () => {
    const response = await postGenerate('{"apiKey": "provider-secret-123", oops}');
    expect(response.status).toBe(400);
    const text = await response.clone().text();
    expect(text).not.toContain('provider-secret-123');
    const problem = await problemOf(response);
    expect(problem.title).toBe('Bad Request');
    expect(problem.issues).toEqual([expect.objectContaining({ in: 'body', name: '', detail: expect.any(String), type: expect.any(String) })]);
  });

  it('answers 400 for a body that is not an object', async () => {
    const response = await postGenerate('[1, 2]');
    expect(response.status).toBe(400);
  });

  it('answers 415 for a non-JSON content type', async () => {
    const response = await postGenerate('hello', 'text/plain');
    expect(response.status).toBe(415);
    expect((await problemOf(response)).title).toBe('Unsupported Media Type');
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const response = await postGenerate(JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }));
    expect(response.status).toBe(413);
    await problemOf(response);
  });

  it('checks credentials before reading the body', async () => {
    const response = await postGenerate('not json', 'application/json', { 'X-Api-Key': 'sk_sandbox_wrong' });
    expect(response.status).toBe(401);
    const problem = await problemOf(response);
    expect(problem.detail).toBe('The API key is not valid');
    expect(problem.remedy).toContain('ipctl auth set-key');
    expect(JSON.stringify(problem)).not.toContain('sk_sandbox_wrong');
  });

  it('keeps serving after a malformed HTTP request', async () => {
    const { port } = new URL(origin());
    await new Promise<void>((resolve) => {
      const socket = httpRequest({ host: '127.0.0.1', port, path: '/v1/providers/hubspot', headers: { 'Content-Length': 'abc' } });
      socket.on('response', (response) => {
        response.resume();
        resolve();
      });
      socket.on('error', () => resolve());
      socket.end();
    });
    expect((await fetch(`${sandbox.baseUrl}/providers/hubspot`)).status).toBe(200);
  });
});

describe('request log', () => {
  it('records method, path, query, operation, status and header names, never values', async () => {
    await fetch(`${sandbox.baseUrl}/orgs/org_demo/invites?status=pending`, { headers: { ...bearer(), 'X-Trace': 'trace-value-7f3e' } });
    await fetch(`${sandbox.baseUrl}/orgs/org_demo`, { headers: apiKey() });
    const log = await requestLog();
    expect(log).toHaveLength(2);
    const [invites, org] = log as [RequestLogEntry, RequestLogEntry];
    expect(invites).toMatchObject({
      method: 'GET',
      path: '/v1/orgs/org_demo/invites',
      query: { status: 'pending' },
      operation: 'listOrgInvites',
      status: 200,
    });
    expect(invites.headerNames).toContain('authorization');
    expect(invites.headerNames).toContain('x-trace');
    expect(org).toMatchObject({ operation: 'getOrg', status: 401 });
    expect(org.headerNames).toContain('x-api-key');
    const text = JSON.stringify(log);
    expect(text).not.toContain(sandbox.token);
    expect(text).not.toContain(sandbox.apiKey);
    expect(text).not.toContain('trace-value-7f3e');
    expect(sandbox.state.requestLog).toHaveLength(2);
  });

  it('logs unknown paths without an operation, and not its own control routes', async () => {
    await fetch(`${sandbox.baseUrl}/nothing-here`);
    await requestLog();
    const log = await requestLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ path: '/v1/nothing-here', status: 404 });
    expect(log[0]).not.toHaveProperty('operation');
  });

  it('redacts a credential sent where it does not belong', async () => {
    await fetch(`${sandbox.baseUrl}/providers/hubspot?key=${sandbox.apiKey}`);
    const response = await fetch(`${sandbox.baseUrl}/providers/${sandbox.token}`);
    expect(await response.text()).not.toContain(sandbox.token);
    const text = JSON.stringify(await requestLog());
    expect(text).not.toContain(sandbox.apiKey);
    expect(text).not.toContain(sandbox.token);
  });

  it('is cleared by DELETE', async () => {
    await fetch(`${sandbox.baseUrl}/providers/hubspot`);
    const cleared = await fetch(`${origin()}/_sandbox/requests`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await requestLog()).toEqual([]);
  });
});

describe('seed data', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(createSandboxState())).toBe(JSON.stringify(createSandboxState()));
  });

  it('has a few hundred records, destinations and installations for later operations', () => {
    const state = createSandboxState();
    const projects = Object.values(state.projects);
    const records = projects.flatMap((project) =>
      project.providerData.flatMap((dataset) => Object.values(dataset.objects).flat()),
    );
    expect(records.length).toBeGreaterThanOrEqual(300);
    const demo = state.projects.proj_demo;
    expect(demo?.destinations.map((stored) => stored.destination.type)).toEqual(['webhook', 'sqs', 'snowflake', 's3']);
    expect(demo?.connections).toEqual([]);
    const installations = demo?.integrations[0]?.installations ?? [];
    expect(installations.map((installation) => installation.groupRef)).toEqual(['acme-corp', 'globex', 'initech']);
  });
});
