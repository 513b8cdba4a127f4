// Every operation of the API reference, through a real sandbox: each answer,
// success or problem, is parsed with the schema written from the reference and
// the service's published contract (test/helpers/answer-shapes.ts). A route
// added without cases here, or an answer that drifts from its shape, fails.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { apiRoutes } from '../../src/sandbox/routes/index.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import {
  connectionShape,
  destinationShape,
  inviteShape,
  orgShape,
  problemShape,
  projectShape,
  providerCatalogueShape,
  providerShape,
  publishedSearchShape,
  referenceSearchShape,
  shapeProblems,
} from '../helpers/answer-shapes.js';

/**
 * Section 4 of the reference, then read-operations.md, each operation as its
 * method and path (search on its own base address).
 */
const referenceEndpoints = [
  'GET /v1/orgs/{orgId}/invites',
  'GET /v1/orgs/{orgId}',
  'POST /v1/projects/{projectIdOrName}/connections:generate',
  'PATCH /v1/projects/{projectIdOrName}/destinations/{destination}',
  'GET /v1/providers/{provider}',
  'POST /search/v1/projects/{projectId}/integrations/{integrationId}',
  // read-operations.md
  'GET /v1/projects',
  'GET /v1/projects/{projectIdOrName}',
  'GET /v1/projects/{projectIdOrName}/connections',
  'GET /v1/projects/{projectIdOrName}/connections/{connectionId}',
  'DELETE /v1/projects/{projectIdOrName}/connections/{connectionId}',
  'GET /v1/projects/{projectIdOrName}/destinations',
  'GET /v1/projects/{projectIdOrName}/destinations/{destination}',
  'GET /v1/providers',
] as const;

type Endpoint = (typeof referenceEndpoints)[number];

// Fixed credentials, so that the exchanges below can be written before the sandboxes start.
const credentials = { apiKey: 'sk_sandbox_answer_shapes', token: 'answer.shapes.token' };

let sandbox: Sandbox;
/** A second sandbox that answers search in the published shape. */
let published: Sandbox;

beforeAll(async () => {
  [sandbox, published] = await Promise.all([
    startSandbox({ host: '127.0.0.1', port: 0, ...credentials }),
    startSandbox({ host: '127.0.0.1', port: 0, ...credentials, searchAnswer: 'result' }),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox.close(), published.close()]);
});

const bearer = (): Record<string, string> => ({ Authorization: `Bearer ${credentials.token}` });
const apiKey = (): Record<string, string> => ({ 'X-Api-Key': credentials.apiKey });
const json = { 'Content-Type': 'application/json' };

interface Exchange {
  name: string;
  status: number;
  /** The schema of a success; problems are always checked against the problem schema. */
  shape?: z.ZodType;
  send(): Promise<Response>;
}

const get = (path: string, headers: Record<string, string> = {}) => () => fetch(`${sandbox.baseUrl}${path}`, { headers });

const generate = (project: string, body: unknown, headers: Record<string, string> = { ...apiKey(), ...json }) => () =>
  fetch(`${sandbox.baseUrl}/projects/${project}/connections:generate`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

const patchDestination = (project: string, destination: string, body: unknown, headers: Record<string, string> = { ...bearer(), ...json }) => () =>
  fetch(`${sandbox.baseUrl}/projects/${project}/destinations/${destination}`, { method: 'PATCH', headers, body: JSON.stringify(body) });

const search = (target: () => Sandbox, options: { integration?: string; requestType?: string | null; key?: boolean } = {}) => () => {
  const server = target();
  const headers: Record<string, string> = { ...json };
  if (options.key !== false) headers['x-api-key'] = credentials.apiKey;
  if (options.requestType !== null) headers['x-svc-request-type'] = options.requestType ?? 'search';
  const body = { objectName: 'Contact', fieldFilters: [{ fieldName: 'Title', operator: 'eq', value: 'CTO' }] };
  return fetch(`${server.searchUrl}/projects/proj_demo/integrations/${options.integration ?? 'int_salesforce_sync'}?groupRef=acme-corp`, { method: 'POST', headers, body: JSON.stringify(body) });
};

/** Makes a connection for `provider` (with the body below), then sends what `then` makes of its ID. */
const withConnection = (provider: string, then: (connectionId: string) => () => Promise<Response>) => async () => {
  const made = await generate('demo', { provider, groupRef: 'read-ops', consumerRef: 'u-read', ...connectionBodies[provider] })();
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  return then(id)();
};

const deleteConnection = (project: string, connectionId: string, headers: Record<string, string> = apiKey()) => () =>
  fetch(`${sandbox.baseUrl}/projects/${project}/connections/${connectionId}`, { method: 'DELETE', headers });

/** A providerMetadata value in the published contract's shape. */
const given = (value: string) => ({ value, source: 'input' });

/** A connection body the sandbox accepts for each provider of its catalogue. */
const connectionBodies: Record<string, Record<string, unknown>> = {
  salesforce: { providerWorkspaceRef: 'globex', oauth2AuthorizationCode: { scopes: ['api'], refreshToken: { token: 'rt-1' }, accessToken: { token: 'at-1', expiresAt: '2030-01-01T00:00:00Z' } } },
  hubspot: { oauth2AuthorizationCode: { refreshToken: { token: 'rt-2' } } },
  pipedrive: { providerWorkspaceRef: 'acme', apiKey: 'k-1' },
  openweather: { apiKey: 'k-2', providerMetadata: { units: given('imperial') } },
  freshdesk: { apiKey: 'k-3', providerMetadata: { workspace: given('acme') } },
  zendesk: { providerWorkspaceRef: 'acme', basicAuth: { username: 'u', password: 'p' } },
  snowflake: { providerMetadata: { database: given('SALES') }, customAuth: { account: 'a', username: 'u', password: 'p', role: 'LOADER', warehouse: 'w' } },
  'public-holidays': {},
  'docusign-jwt': { providerMetadata: { accountId: given('1') }, customAuth: { integrationKey: 'i', userId: 'u', privateKey: 'k', environment: 'demo' } },
};

const exchanges: Record<Endpoint, Exchange[]> = {
  'GET /v1/orgs/{orgId}': [
    { name: 'an org', status: 200, shape: orgShape, send: get('/orgs/org_demo', bearer()) },
    { name: 'an org without invites', status: 200, shape: orgShape, send: get('/orgs/org_empty', bearer()) },
    { name: 'an unknown org', status: 404, send: get('/orgs/no-such-org', bearer()) },
    { name: 'no credential', status: 401, send: get('/orgs/org_demo') },
    { name: 'an invalid org ID', status: 400, send: get('/orgs/bad%20id', bearer()) },
    { name: 'a method it does not take', status: 405, send: () => fetch(`${sandbox.baseUrl}/orgs/org_demo`, { method: 'DELETE', headers: bearer() }) },
  ],
  'GET /v1/orgs/{orgId}/invites': [
    { name: "an org's invites", status: 200, shape: z.array(inviteShape).check(z.minLength(1)), send: get('/orgs/org_demo/invites', bearer()) },
    { name: 'no invites', status: 200, shape: z.array(inviteShape), send: get('/orgs/org_empty/invites', bearer()) },
    { name: 'an unknown org', status: 404, send: get('/orgs/no-such-org/invites', bearer()) },
    { name: 'no credential', status: 401, send: get('/orgs/org_demo/invites') },
  ],
  'POST /v1/projects/{projectIdOrName}/connections:generate': [
    ...Object.entries(connectionBodies).map(([provider, body]) => ({
      name: `a ${provider} connection`,
      status: 201,
      shape: connectionShape,
      send: generate('demo', { provider, groupRef: 'globex', groupName: 'Globex', consumerRef: 'u-7', ...body }),
    })),
    { name: 'an empty body', status: 400, send: generate('demo', {}) },
    { name: 'providerMetadata values as bare strings', status: 422, send: generate('demo', { provider: 'pipedrive', groupRef: 'g', consumerRef: 'c', apiKey: 'k', providerMetadata: { workspace: 'acme' } }) },
    { name: 'an unknown provider', status: 400, send: generate('demo', { provider: 'nope', groupRef: 'g', consumerRef: 'c' }) },
    { name: 'an unknown project', status: 404, send: generate('no-such-project', { provider: 'public-holidays', groupRef: 'g', consumerRef: 'c' }) },
    { name: 'no credential', status: 401, send: generate('demo', { provider: 'public-holidays', groupRef: 'g', consumerRef: 'c' }, json) },
    { name: 'a body that is not JSON', status: 415, send: generate('demo', 'provider=x', { ...apiKey(), 'Content-Type': 'text/plain' }) },
  ],
  'PATCH /v1/projects/{projectIdOrName}/destinations/{destination}': [
    { name: 'a renamed destination', status: 200, shape: destinationShape, send: patchDestination('demo', 'dest_webhook', { updateMask: ['name'], destination: { name: 'hook-2' } }) },
    {
      name: 'new metadata and secrets',
      status: 200,
      shape: destinationShape,
      send: patchDestination('proj_demo', 'dest_snowflake', { updateMask: ['metadata.batchSize', 'secrets.password'], destination: { metadata: { batchSize: 500 }, secrets: { password: 'pw' } } }),
    },
    ...['dest_sqs', 'dest_s3'].map((destination) => ({
      name: `${destination} with an API key`,
      status: 200,
      shape: destinationShape,
      send: patchDestination('demo', destination, { updateMask: ['name'], destination: { name: `${destination}-renamed` } }, { ...apiKey(), ...json }),
    })),
    { name: 'an unknown update mask', status: 400, send: patchDestination('demo', 'dest_webhook', { updateMask: ['metadata.nope'], destination: {} }) },
    { name: 'an unknown destination', status: 404, send: patchDestination('demo', 'dest_nope', { updateMask: ['name'], destination: { name: 'x' } }) },
    { name: 'no credential', status: 401, send: patchDestination('demo', 'dest_webhook', { updateMask: ['name'], destination: { name: 'x' } }, json) },
  ],
  'GET /v1/providers/{provider}': [
    ...Object.keys(connectionBodies).map((provider) => ({ name: provider, status: 200, shape: providerShape, send: get(`/providers/${provider}`) })),
    { name: 'an unknown provider', status: 404, send: get('/providers/no-such-provider') },
  ],
  'POST /search/v1/projects/{projectId}/integrations/{integrationId}': [
    { name: 'results, as the reference names them', status: 200, shape: referenceSearchShape.check(z.refine((answer) => answer.results.length > 0, 'expected matches')), send: search(() => sandbox) },
    { name: 'result, as the published contract names it', status: 200, shape: publishedSearchShape.check(z.refine((answer) => answer.result.length > 0, 'expected matches')), send: search(() => published) },
    { name: 'no request-type header', status: 400, send: search(() => sandbox, { requestType: null }) },
    { name: 'an unknown integration', status: 404, send: search(() => sandbox, { integration: 'int_nope' }) },
    { name: 'no API key', status: 401, send: search(() => sandbox, { key: false }) },
    { name: 'a problem from the published-shape sandbox', status: 404, send: search(() => published, { integration: 'int_nope' }) },
  ],
  'GET /v1/projects': [
    { name: 'the projects, with a token', status: 200, shape: z.array(projectShape).check(z.minLength(1)), send: get('/projects', bearer()) },
    { name: 'the projects, with an API key', status: 200, shape: z.array(projectShape).check(z.minLength(1)), send: get('/projects', apiKey()) },
    { name: 'no credential', status: 401, send: get('/projects') },
  ],
  'GET /v1/projects/{projectIdOrName}': [
    { name: 'a project by ID', status: 200, shape: projectShape, send: get('/projects/proj_demo', bearer()) },
    { name: 'a project by name', status: 200, shape: projectShape, send: get('/projects/marketing', apiKey()) },
    { name: 'an unknown project', status: 404, send: get('/projects/no-such-project', bearer()) },
    { name: 'no credential', status: 401, send: get('/projects/proj_demo') },
    { name: 'an invalid project identifier', status: 400, send: get('/projects/bad%20id', bearer()) },
  ],
  'GET /v1/projects/{projectIdOrName}/connections': [
    ...Object.keys(connectionBodies).map((provider) => ({
      name: `a list holding a ${provider} connection`,
      status: 200,
      shape: z.array(connectionShape).check(z.minLength(1)),
      send: withConnection(provider, () => get(`/projects/demo/connections?provider=${provider}`, bearer())),
    })),
    { name: 'no match', status: 200, shape: z.array(connectionShape).check(z.maxLength(0)), send: get('/projects/demo/connections?groupRef=no-such-group', apiKey()) },
    { name: 'an unknown project', status: 404, send: get('/projects/no-such-project/connections', bearer()) },
    { name: 'no credential', status: 401, send: get('/projects/demo/connections') },
    { name: 'an invalid project identifier', status: 400, send: get('/projects/bad%20id/connections', bearer()) },
  ],
  'GET /v1/projects/{projectIdOrName}/connections/{connectionId}': [
    ...Object.keys(connectionBodies).map((provider) => ({
      name: `a ${provider} connection`,
      status: 200,
      shape: connectionShape,
      send: withConnection(provider, (id) => get(`/projects/demo/connections/${id}`, bearer())),
    })),
    {
      name: 'a salesforce connection with its tokens',
      status: 200,
      shape: connectionShape.check(z.refine((answer) => answer.oauth2AuthorizationCode?.refreshToken !== undefined, 'expected the refresh token')),
      send: withConnection('salesforce', (id) => get(`/projects/proj_demo/connections/${id}?includeCreds=true&includeRefreshToken=true`, apiKey())),
    },
    { name: 'an unknown connection', status: 404, send: get('/projects/demo/connections/conn_nope', bearer()) },
    { name: 'an unknown project', status: 404, send: get('/projects/no-such-project/connections/conn_nope', bearer()) },
    { name: 'no credential', status: 401, send: withConnection('pipedrive', (id) => get(`/projects/demo/connections/${id}`)) },
    { name: 'an invalid connection identifier', status: 400, send: get('/projects/demo/connections/bad%20id', bearer()) },
  ],
  'DELETE /v1/projects/{projectIdOrName}/connections/{connectionId}': [
    { name: 'a connection, with an API key', status: 204, send: withConnection('pipedrive', (id) => deleteConnection('demo', id)) },
    { name: 'a connection, with a token', status: 204, send: withConnection('salesforce', (id) => deleteConnection('proj_demo', id, bearer())) },
    { name: 'an unknown connection', status: 404, send: deleteConnection('demo', 'conn_nope') },
    { name: 'an unknown project', status: 404, send: deleteConnection('no-such-project', 'conn_nope') },
    { name: 'no credential', status: 401, send: withConnection('pipedrive', (id) => deleteConnection('demo', id, {})) },
    { name: 'an invalid connection identifier', status: 400, send: deleteConnection('demo', 'bad%20id') },
  ],
  'GET /v1/projects/{projectIdOrName}/destinations': [
    { name: "the demo project's destinations", status: 200, shape: z.array(destinationShape).check(z.minLength(1)), send: get('/projects/demo/destinations', bearer()) },
    { name: "the marketing project's destinations", status: 200, shape: z.array(destinationShape).check(z.minLength(1)), send: get('/projects/proj_marketing/destinations', apiKey()) },
    { name: 'an unknown project', status: 404, send: get('/projects/no-such-project/destinations', bearer()) },
    { name: 'no credential', status: 401, send: get('/projects/demo/destinations') },
    { name: 'an invalid project identifier', status: 400, send: get('/projects/bad%20id/destinations', bearer()) },
  ],
  'GET /v1/projects/{projectIdOrName}/destinations/{destination}': [
    // Seed names the PATCH exchanges above leave as they are.
    { name: 'a destination by name', status: 200, shape: destinationShape, send: get('/projects/demo/destinations/analytics-warehouse', bearer()) },
    { name: 'a destination with secrets, by name', status: 200, shape: destinationShape, send: get('/projects/marketing/destinations/marketing-stream', apiKey()) },
    { name: 'an unknown destination name', status: 404, send: get('/projects/demo/destinations/no-such-destination', bearer()) },
    { name: 'an unknown project', status: 404, send: get('/projects/no-such-project/destinations/analytics-warehouse', bearer()) },
    { name: 'no credential', status: 401, send: get('/projects/demo/destinations/analytics-warehouse') },
    { name: 'an invalid destination name', status: 400, send: get('/projects/demo/destinations/bad%0Aname', bearer()) },
  ],
  'GET /v1/providers': [
    // read-operations.md: no authentication.
    { name: 'the catalogue, without a credential', status: 200, shape: providerCatalogueShape.check(z.refine((catalogue) => Object.keys(catalogue).length > 0, 'expected providers')), send: get('/providers') },
    { name: 'the catalogue, with a token', status: 200, shape: providerCatalogueShape, send: get('/providers', bearer()) },
    { name: 'a method it does not take', status: 405, send: () => fetch(`${sandbox.baseUrl}/providers`, { method: 'POST', headers: { ...bearer(), ...json }, body: '{}' }) },
  ],
};

/** A problem document: its schema, its content type, and an absolute `instance` naming its request. */
async function expectProblem(response: Response, status: number): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const problem = (await response.json()) as Record<string, unknown>;
  expect(shapeProblems(problemShape, problem)).toEqual([]);
  expect(problem.status).toBe(status);
  expect(problem.requestId).toBe(response.headers.get('x-request-id'));
  expect(problem.instance).toBe(`urn:ipctl-sandbox:request:${String(problem.requestId)}`);
}

describe('the sandbox answers every operation of the reference in its shapes', () => {
  it('serves exactly the operations of the reference, and each has exchanges here', () => {
    const served = apiRoutes.map((route) => `${route.method} ${route.pattern}`);
    expect([...served].sort()).toEqual([...referenceEndpoints].sort());
    for (const endpoint of referenceEndpoints) {
      expect(exchanges[endpoint].filter((exchange) => exchange.status < 300).length, endpoint).toBeGreaterThan(0);
      expect(exchanges[endpoint].filter((exchange) => exchange.status >= 400).length, endpoint).toBeGreaterThan(0);
    }
  });

  for (const endpoint of referenceEndpoints) {
    describe(endpoint, () => {
      for (const exchange of exchanges[endpoint].filter((candidate) => candidate.status === 204)) {
        // read-operations.md: a delete answers 204 with no body, so no JSON content type either.
        it(`${exchange.name}: ${exchange.status} with no body`, async () => {
          const response = await exchange.send();
          const text = await response.text();
          expect(response.status, text).toBe(204);
          expect(text).toBe('');
          expect(response.headers.get('content-type')).toBeNull();
        });
      }
      for (const exchange of exchanges[endpoint].filter((candidate) => candidate.status < 300 && candidate.status !== 204)) {
        it(`${exchange.name}: ${exchange.status} in its shape`, async () => {
          const response = await exchange.send();
          const body: unknown = await response.json();
          expect(response.status, JSON.stringify(body)).toBe(exchange.status);
          expect(response.headers.get('content-type')).toBe('application/json');
          expect(shapeProblems(exchange.shape as z.ZodType, body)).toEqual([]);
        });
      }
      for (const exchange of exchanges[endpoint].filter((candidate) => candidate.status >= 400)) {
        it(`${exchange.name}: ${exchange.status} problem details`, async () => {
          await expectProblem(await exchange.send(), exchange.status);
        });
      }
    });
  }
});

describe('the published shapes in detail', () => {
  it('gives every module of every provider a displayName, a baseURL and a support object', async () => {
    for (const provider of Object.keys(connectionBodies)) {
      const answer = providerShape.parse(await (await get(`/providers/${provider}`)()).json());
      const modules = Object.values(answer.modules ?? {});
      expect(modules.length, provider).toBeGreaterThan(0);
      expect(modules.map((module) => Object.keys(module).sort()), provider).toEqual(modules.map(() => ['baseURL', 'displayName', 'support']));
    }
  });

  it('marks providerMetadata values the request gave as input, and defaults as provider', async () => {
    const answer = connectionShape.parse(await (await generate('demo', { provider: 'openweather', groupRef: 'g', consumerRef: 'c', apiKey: 'k', providerMetadata: { units: given('imperial') } })()).json());
    expect(answer.providerMetadata).toEqual({
      units: { value: 'imperial', source: 'input', displayName: 'Units' },
      lang: { value: 'en', source: 'provider', displayName: 'Language' },
    });
  });

  it('gives the same records in both search shapes, without the id in the published one', async () => {
    const reference = referenceSearchShape.parse(await (await search(() => sandbox)()).json());
    const publishedAnswer = publishedSearchShape.parse(await (await search(() => published)()).json());
    expect(publishedAnswer.result).toEqual(reference.results.map(({ id: _id, ...entry }) => entry));
  });
});

describe('problems outside the operations', () => {
  it('an unknown path', async () => {
    await expectProblem(await fetch(`${sandbox.baseUrl}/widgets`), 404);
  });

  it('an injected fault', async () => {
    const faulty = await startSandbox({ host: '127.0.0.1', port: 0, faults: { getProvider: [{ kind: 'status', status: 503, retryable: true, problemRetryAfter: 30 }] } });
    try {
      await expectProblem(await fetch(`${faulty.baseUrl}/providers/hubspot`), 503);
    } finally {
      await faulty.close();
    }
  });

  it('a request line too long to read', async () => {
    const answer = await rawGet(`/v1/providers/${'a'.repeat(100 * 1024)}`);
    expect(answer.status).toBe(431);
    expect(answer.contentType).toBe('application/problem+json');
    const problem = JSON.parse(answer.body) as Record<string, unknown>;
    expect(shapeProblems(problemShape, problem)).toEqual([]);
    expect(problem.instance).toBe(`urn:ipctl-sandbox:request:${String(problem.requestId)}`);
  });
});

/** One GET on its own connection, for requests fetch would not send as they are. */
function rawGet(path: string): Promise<{ status: number; contentType: string; body: string }> {
  const origin = new URL(sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: origin.hostname, port: origin.port, method: 'GET', path, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}
