// Every request body ipctl's own commands build, checked against the shapes of
// the API reference and the service's published contract
// (test/helpers/request-shapes.ts). Each operation is sent with every flag
// combination that changes its body, in this process, through a recorder in
// front of a real sandbox; the recorder keeps each body as it went on the wire.
// A GET must carry no body at all.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { operations } from '../../src/api/operations.js';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.js';
import { runMain } from '../helpers/in-process.js';
import { type RecordedRequest, type RequestRecorder, startRequestRecorder } from '../helpers/request-recorder.js';
import { generateConnectionBodyShape, searchRecordsBodyShape, updateDestinationBodyShape } from '../helpers/request-shapes.js';
import { shapeProblems } from '../helpers/answer-shapes.js';

type OperationId = keyof typeof operations;

/** Which credential header an operation carries (reference section 5; read-operations.md: either, the providers list none). */
type Credential = 'none' | 'apiKey' | 'bearer' | 'either';

/**
 * Section 4 of the reference and read-operations.md: each operation's method and path, the
 * query parameters ipctl may send, its credential, and the shape of its body (none for a GET or a DELETE).
 * ipctl never sends includeCreds, includeRefreshToken, refresh, includeSecrets, rotate or includeEntitlements.
 */
const reference: Record<OperationId, { method: string; path: RegExp; credential: Credential; query?: readonly string[]; body?: z.ZodType }> = {
  listOrgInvites: { method: 'GET', path: /^\/v1\/orgs\/[^/]+\/invites$/, credential: 'bearer' },
  getOrg: { method: 'GET', path: /^\/v1\/orgs\/[^/]+$/, credential: 'bearer' },
  generateConnection: { method: 'POST', path: /^\/v1\/projects\/[^/]+\/connections:generate$/, credential: 'apiKey', body: generateConnectionBodyShape },
  updateDestination: { method: 'PATCH', path: /^\/v1\/projects\/[^/]+\/destinations\/[^/]+$/, credential: 'either', body: updateDestinationBodyShape },
  getProvider: { method: 'GET', path: /^\/v1\/providers\/[^/]+$/, credential: 'none' },
  searchRecords: { method: 'POST', path: /^\/search\/v1\/projects\/[^/]+\/integrations\/[^/]+$/, credential: 'apiKey', query: ['groupRef'], body: searchRecordsBodyShape },
  // read-operations.md
  listProjects: { method: 'GET', path: /^\/v1\/projects$/, credential: 'either' },
  getProject: { method: 'GET', path: /^\/v1\/projects\/[^/]+$/, credential: 'either' },
  listConnections: { method: 'GET', path: /^\/v1\/projects\/[^/]+\/connections$/, credential: 'either', query: ['provider', 'groupRef', 'consumerRef'] },
  getConnection: { method: 'GET', path: /^\/v1\/projects\/[^/]+\/connections\/[^/]+$/, credential: 'either' },
  deleteConnection: { method: 'DELETE', path: /^\/v1\/projects\/[^/]+\/connections\/[^/]+$/, credential: 'either' },
  listDestinations: { method: 'GET', path: /^\/v1\/projects\/[^/]+\/destinations$/, credential: 'either' },
  getDestination: { method: 'GET', path: /^\/v1\/projects\/[^/]+\/destinations\/[^/]+$/, credential: 'either' },
  listProviders: { method: 'GET', path: /^\/v1\/providers$/, credential: 'none' },
};

interface Case {
  name: string;
  operation: OperationId;
  args: string[];
  /** Files the run reads, by name in {dir}. */
  files?: Record<string, string>;
  stdin?: string;
  env?: Record<string, string>;
}

const generate = ['connections', 'generate', '--project', 'demo'];
const who = ['--group-ref', 'shape-corp', '--consumer-ref', 'u-1'];
const snowflakeAuth = ['--custom', 'account=acme-xy12345', '--custom', 'username=LOADER', '--custom', 'password=@{dir}/password.txt', '--custom', 'role=LOADER', '--custom', 'warehouse=WH'];
const secrets = { 'key.txt': 'shape-api-key-0001\n', 'password.txt': 'shape-password-0002\n', 'refresh.txt': 'shape-refresh-0003\n', 'access.txt': 'shape-access-0004\n', 'pem.txt': 'shape-pem-0005\n' };

const cases: Case[] = [
  // connections generate, one connection: each auth type, and each flag that fills a body field.
  { name: 'apiKey with --workspace', operation: 'generateConnection', args: [...generate, '--provider', 'pipedrive', ...who, '--workspace', 'acme', '--api-key-file', '{dir}/key.txt'] },
  { name: 'apiKey with --metadata workspace=, --group-name, --consumer-name', operation: 'generateConnection', args: [...generate, '--provider', 'pipedrive', ...who, '--group-name', 'Shape Corp', '--consumer-name', 'Una', '--metadata', 'workspace=acme', '--api-key-file', '{dir}/key.txt'] },
  { name: 'apiKey from the environment, with --metadata', operation: 'generateConnection', args: [...generate, '--provider', 'openweather', ...who, '--metadata', 'units=imperial', '--metadata', 'lang=de'], env: { IPCTL_CONNECTION_API_KEY: 'shape-env-key-0006' } },
  { name: 'an API key as Basic credentials', operation: 'generateConnection', args: [...generate, '--provider', 'freshdesk', ...who, '--workspace', 'acme', '--api-key-file', '-'], stdin: 'shape-stdin-key-0007' },
  { name: 'Basic auth with --username and --password-file', operation: 'generateConnection', args: [...generate, '--provider', 'zendesk', ...who, '--workspace', 'acme', '--username', 'agent@acme.test', '--password-file', '{dir}/password.txt'] },
  { name: 'custom inputs with --custom and --metadata', operation: 'generateConnection', args: [...generate, '--provider', 'snowflake', ...who, ...snowflakeAuth, '--metadata', 'database=SALES', '--metadata', 'schema=RAW'] },
  {
    name: 'jwt inputs with a structured password input (KEY:=@PATH)',
    operation: 'generateConnection',
    args: [...generate, '--provider', 'docusign-jwt', ...who, '--metadata', 'accountId=8a1b', '--custom', 'integrationKey=ik-1', '--custom', 'userId=u-1', '--custom', 'privateKey:=@{dir}/key.json', '--custom', 'environment:="demo"'],
    files: { 'key.json': JSON.stringify({ pem: 'shape-pem-0008', kid: 'k1' }) },
  },
  {
    name: 'OAuth 2.0 with --scopes, --refresh-token-file and --access-token-file',
    operation: 'generateConnection',
    args: [...generate, '--provider', 'salesforce', ...who, '--workspace', 'acme', '--scopes', 'api,refresh_token', '--refresh-token-file', '{dir}/refresh.txt', '--access-token-file', '{dir}/access.txt'],
  },
  { name: 'OAuth 2.0 with a refresh token alone', operation: 'generateConnection', args: [...generate, '--provider', 'hubspot', ...who], env: { IPCTL_CONNECTION_REFRESH_TOKEN: 'shape-env-refresh-0009' } },
  { name: 'no credential, metadata defaults left to the service', operation: 'generateConnection', args: [...generate, '--provider', 'public-holidays', ...who] },
  { name: 'no credential, with --metadata', operation: 'generateConnection', args: [...generate, '--provider', 'public-holidays', ...who, '--metadata', 'countryCode=DE'] },
  {
    name: '--input-json with metadata as bare strings and objects, flags over it',
    operation: 'generateConnection',
    args: [...generate, '--input-json', '{dir}/body.json', '--metadata', 'schema=RAW', '--consumer-name', 'Una'],
    files: {
      'body.json': JSON.stringify({
        provider: 'snowflake',
        groupRef: 'shape-corp',
        consumerRef: 'u-1',
        providerMetadata: { database: { value: 'SALES', source: 'input', displayName: 'Sales DB' }, schema: 'PUBLIC' },
        customAuth: { account: 'a', username: 'u', password: 'shape-password-0010', role: 'LOADER', warehouse: 'w' },
      }),
    },
  },
  // connections generate --from-file: each row a body, the flags its defaults.
  {
    name: 'JSONL rows of every auth type, metadata bare and as objects',
    operation: 'generateConnection',
    args: [...generate, '--from-file', '{dir}/rows.jsonl'],
    files: {
      'rows.jsonl': [
        { provider: 'pipedrive', groupRef: 'row-1', consumerRef: 'u', providerWorkspaceRef: 'acme', apiKey: 'shape-row-key-0011' },
        { provider: 'snowflake', groupRef: 'row-2', consumerRef: 'u', providerMetadata: { schema: { value: 'RAW' } }, customAuth: { account: 'a', username: 'u', password: 'shape-row-pw-0012', role: 'LOADER', warehouse: 'w' } },
        { provider: 'zendesk', groupRef: 'row-3', consumerRef: 'u', providerMetadata: { workspace: 'acme' }, basicAuth: { username: 'u', password: 'shape-row-pw-0013' } },
        { provider: 'salesforce', groupRef: 'row-4', consumerRef: 'u', providerWorkspaceRef: 'acme', oauth2AuthorizationCode: { scopes: ['api'], refreshToken: { token: 'shape-row-rt-0014', expiresAt: '2030-01-01T00:00:00Z' } } },
        { provider: 'openweather', groupRef: 'row-5', consumerRef: 'u', apiKey: 'shape-row-key-0015', providerMetadata: { units: { value: 'metric', source: 'input', displayName: 'Units' } } },
      ]
        .map((row) => JSON.stringify(row))
        .join('\n'),
    },
  },
  {
    name: 'JSONL rows with --metadata and --custom as defaults',
    operation: 'generateConnection',
    args: [...generate, '--provider', 'snowflake', '--from-file', '{dir}/defaults.jsonl', '--metadata', 'database=SALES', '--custom', 'warehouse=WH', '--custom', 'role=LOADER'],
    files: {
      'defaults.jsonl': [
        { groupRef: 'def-1', consumerRef: 'u', customAuth: { account: 'a', username: 'u', password: 'shape-row-pw-0016' } },
        { groupRef: 'def-2', consumerRef: 'u', providerMetadata: { database: { value: 'RAW' } }, customAuth: { account: 'a', username: 'u', password: 'shape-row-pw-0017', warehouse: 'W2' } },
      ]
        .map((row) => JSON.stringify(row))
        .join('\n'),
    },
  },
  {
    name: 'CSV rows with --workspace, --username, --group-name and --consumer-name as defaults',
    operation: 'generateConnection',
    args: [...generate, '--provider', 'zendesk', '--workspace', 'acme', '--username', 'agent@acme.test', '--group-name', 'Shape Corp', '--consumer-name', 'Una', '--from-file', '{dir}/basic.csv'],
    files: { 'basic.csv': 'groupRef,consumerRef,basicAuth.password\nbasic-1,u-1,shape-csv-pw-0018\nbasic-2,u-2,shape-csv-pw-0019\n' },
  },
  {
    name: 'CSV rows with every kind of column',
    operation: 'generateConnection',
    args: [...generate, '--provider', 'salesforce', '--from-file', '{dir}/columns.csv'],
    files: {
      'columns.csv':
        'groupRef,groupName,consumerRef,consumerName,providerWorkspaceRef,providerMetadata.workspace,oauth2AuthorizationCode.scopes,oauth2AuthorizationCode.refreshToken,oauth2AuthorizationCode.refreshToken.expiresAt,oauth2AuthorizationCode.accessToken\n' +
        'csv-1,CSV One,u-1,Una,acme,acme,"api refresh_token",shape-csv-rt-0015,2030-01-01T00:00:00Z,shape-csv-at-0016\n' +
        'csv-2,,u-2,,,acme,api,shape-csv-rt-0017,,\n',
    },
  },
  // destinations patch: each flag that puts a path in the mask.
  { name: '--name', operation: 'updateDestination', args: ['destinations', 'patch', 'dest_webhook', '--project', 'demo', '--name', 'shape-hook'] },
  { name: '--set, text and integer and JSON', operation: 'updateDestination', args: ['destinations', 'patch', 'dest_snowflake', '--project', 'demo', '--set', 'metadata.database=SALES', '--set', 'metadata.batchSize=500', '--set', 'metadata.maxWaitSecs:=30'] },
  { name: '--replace-headers --header', operation: 'updateDestination', args: ['destinations', 'patch', 'dest_webhook', '--project', 'demo', '--replace-headers', '--header', 'X-Source=ipctl', '--header', 'X-Environment: staging'] },
  { name: '--secret from a file and from stdin', operation: 'updateDestination', args: ['destinations', 'patch', 'dest_s3', '--project', 'demo', '--secret', 'accessKeyId=@{dir}/key.txt', '--secret', 'secretAccessKey=-'], stdin: 'shape-stdin-secret-0018' },
  { name: '--clear a metadata key and a secret', operation: 'updateDestination', args: ['destinations', 'patch', 'dest_snowflake', '--project', 'demo', '--clear', 'metadata.maxWaitSecs', '--clear', 'secrets.privateKey'] },
  { name: '--update-mask given', operation: 'updateDestination', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--name', 'q', '--set', 'metadata.region=eu-central-1', '--update-mask', 'metadata.region,name'] },
  {
    name: '--input-json with a flag over it',
    operation: 'updateDestination',
    args: ['destinations', 'patch', 'dest_snowflake', '--project', 'demo', '--input-json', '{dir}/patch.json', '--name', 'warehouse-eu'],
    files: { 'patch.json': JSON.stringify({ updateMask: ['metadata.batchSize', 'metadata.maxWaitSecs'], destination: { metadata: { batchSize: 250, maxWaitSecs: null } } }) },
  },
  // search: one filter, several, and the operator form (--where is required).
  { name: 'search with --where FIELD=VALUE, twice', operation: 'searchRecords', args: ['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'city=Berlin', '--where', 'Title=CTO'] },
  { name: 'search with --where "FIELD eq VALUE"', operation: 'searchRecords', args: ['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'Title eq "Head of IT"'] },
  // The reads: no body.
  { name: 'orgs get', operation: 'getOrg', args: ['orgs', 'get', 'org_demo'] },
  { name: 'invites list', operation: 'listOrgInvites', args: ['invites', 'list', '--org', 'org_demo'] },
  { name: 'providers get', operation: 'getProvider', args: ['providers', 'get', 'salesforce'] },
  { name: 'projects list', operation: 'listProjects', args: ['projects', 'list'] },
  { name: 'projects get by name', operation: 'getProject', args: ['projects', 'get', 'demo'] },
  { name: 'search with a project name, looked up first', operation: 'getProject', args: ['search', 'Contact', '--project', 'demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'city=Berlin'] },
  { name: 'connections list', operation: 'listConnections', args: ['connections', 'list', '--project', 'demo'] },
  { name: 'connections list with every filter', operation: 'listConnections', args: ['connections', 'list', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'shape corp/1', '--consumer-ref', 'u-1'] },
  { name: 'connections get', operation: 'getConnection', args: ['connections', 'get', '{connection}', '--project', 'demo'] },
  { name: 'connections get with a bearer token alone', operation: 'getConnection', args: ['connections', 'get', '{connection}', '--project', 'demo'], env: { IPCTL_API_KEY: '' } },
  { name: 'destinations list', operation: 'listDestinations', args: ['destinations', 'list', '--project', 'demo'] },
  { name: 'destinations get by ID', operation: 'getDestination', args: ['destinations', 'get', 'dest_webhook', '--project', 'demo'] },
  { name: 'providers list with filters', operation: 'listProviders', args: ['providers', 'list', '--supports', 'search', '--auth-type', 'oauth2'] },
  // Last: it removes the connection the reads above look at.
  { name: 'connections remove', operation: 'deleteConnection', args: ['connections', 'remove', '{connection}', '--project', 'demo', '--yes'] },
];

let sandbox: Sandbox;
let recorder: RequestRecorder;
let dir: string;
/** A connection the reads of one connection look at, made straight at the sandbox. */
let connectionId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, apiKey: 'sk_request_shapes_key', token: 'request.shapes.token' });
  recorder = await startRequestRecorder(new URL(sandbox.baseUrl).origin);
  dir = mkdtempSync(join(tmpdir(), 'ipctl-request-shapes-'));
  for (const [name, text] of Object.entries(secrets)) writeFileSync(join(dir, name), text);
  const made = await fetch(`${sandbox.baseUrl}/projects/demo/connections:generate`, {
    method: 'POST',
    headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'public-holidays', groupRef: 'shape-corp', consumerRef: 'u-1' }),
  });
  connectionId = ((await made.json()) as { id: string }).id;
});
afterAll(async () => {
  await recorder.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  recorder.requests.length = 0;
});

/** The operation of the reference a request is, or undefined for any other request. */
function operationOf(request: RecordedRequest): OperationId | undefined {
  return (Object.keys(reference) as OperationId[]).find((id) => reference[id].method === request.method && reference[id].path.test(request.path));
}

/** Every way a request differs from the reference: an unknown route, a body of the wrong shape, a GET with a body. */
function requestProblems(request: RecordedRequest): string[] {
  const id = operationOf(request);
  if (!id) return [`${request.method} ${request.path} is no operation of the reference`];
  const { body: shape, query = [], credential } = reference[id];
  const problems = [...queryProblems(id, request.query, query), ...credentialProblems(id, request.headers, credential)];
  if (!shape) {
    const declared = request.headers['content-length'] ?? request.headers['transfer-encoding'] ?? request.headers['content-type'];
    return request.body === '' && declared === undefined ? problems : [...problems, `${id}: a ${request.method} sent a body (${request.body.length} characters)`];
  }
  if (request.headers['content-type'] !== 'application/json') return [...problems, `${id}: Content-Type ${String(request.headers['content-type'])}, not application/json`];
  return [...problems, ...shapeProblems(shape, JSON.parse(request.body)).map((problem) => `${id}: ${problem}`)];
}

function queryProblems(id: OperationId, query: URLSearchParams, allowed: readonly string[]): string[] {
  return [...query.keys()].filter((name) => !allowed.includes(name)).map((name) => `${id}: query parameter ${name} is not one ipctl sends`);
}

function credentialProblems(id: OperationId, headers: RecordedRequest['headers'], credential: Credential): string[] {
  const apiKey = headers['x-api-key'] !== undefined;
  const bearer = /^Bearer \S+$/.test(String(headers.authorization ?? ''));
  const carried = apiKey && bearer ? 'both' : apiKey ? 'apiKey' : bearer ? 'bearer' : headers.authorization !== undefined ? 'another authorization' : 'none';
  const fits = credential === 'either' ? carried === 'apiKey' || carried === 'bearer' : carried === credential;
  return fits ? [] : [`${id}: carries ${carried} as its credential, where the reference gives ${credential}`];
}

async function send(entry: Case): Promise<void> {
  for (const [name, text] of Object.entries(entry.files ?? {})) writeFileSync(join(dir, name), text);
  const result = await runMain(
    entry.args.map((arg) => arg.replaceAll('{dir}', dir).replaceAll('{connection}', connectionId)),
    {
      env: {
        IPCTL_CONFIG_DIR: join(dir, 'config'),
        IPCTL_BASE_URL: `${recorder.origin}/v1`,
        IPCTL_SEARCH_URL: `${recorder.origin}/search/v1`,
        IPCTL_API_KEY: sandbox.apiKey,
        IPCTL_TOKEN: sandbox.token,
        IPCTL_ORG: sandbox.org,
        NO_COLOR: '1',
        ...entry.env,
      },
      stdin: entry.stdin,
    },
  );
  expect(result.code, result.stderr).toBe(0);
}

describe('every request body ipctl builds has the shape the reference and the published contract give it', () => {
  it('covers every operation, each with a case', () => {
    expect(Object.keys(reference).sort()).toEqual(Object.keys(operations).sort());
    for (const id of Object.keys(reference)) expect(cases.some((entry) => entry.operation === id), id).toBe(true);
  });

  for (const entry of cases) {
    it(`${entry.operation}: ${entry.name}`, async () => {
      await send(entry);
      const sent = recorder.requests.filter((request) => operationOf(request) === entry.operation);
      expect(sent.length, `no ${entry.operation} request was sent`).toBeGreaterThan(0);
      expect(recorder.requests.flatMap(requestProblems)).toEqual([]);
    });
  }

  it('sees a body that breaks the shapes: a bare providerMetadata string and an unnamed field fail', () => {
    const request = (body: unknown): RecordedRequest => ({ method: 'POST', path: '/v1/projects/demo/connections:generate', query: new URLSearchParams(), headers: { 'content-type': 'application/json', 'x-api-key': 'k' }, body: JSON.stringify(body) });
    expect(requestProblems(request({ provider: 'pipedrive', providerMetadata: { workspace: { value: 'acme', source: 'input' } } }))).toEqual([]);
    expect(requestProblems(request({ provider: 'pipedrive', providerMetadata: { workspace: 'acme' } }))).toHaveLength(1);
    expect(requestProblems(request({ provider: 'pipedrive', workspace: 'acme' }))).toHaveLength(1);
    expect(requestProblems({ method: 'GET', path: '/v1/orgs/o1', query: new URLSearchParams(), headers: { 'content-length': '2', authorization: 'Bearer t' }, body: '{}' })).toHaveLength(1);
  });

  it('sees a query, a credential or a body that the read operations must not carry', () => {
    const request = (method: string, path: string, query: string, headers: RecordedRequest['headers']): RecordedRequest => ({ method, path, query: new URLSearchParams(query), headers, body: '' });
    const key = { 'x-api-key': 'k' };
    expect(requestProblems(request('GET', '/v1/projects/demo/connections/c1', '', key))).toEqual([]);
    expect(requestProblems(request('GET', '/v1/projects/demo/connections/c1', 'includeCreds=true', key))).toHaveLength(1);
    expect(requestProblems(request('GET', '/v1/projects/demo/connections/c1', 'refresh=force', key))).toHaveLength(1);
    expect(requestProblems(request('GET', '/v1/projects/demo/destinations/hook', 'rotate=true', key))).toHaveLength(1);
    expect(requestProblems(request('GET', '/v1/projects/demo/connections', 'groupRef=g', key))).toEqual([]);
    expect(requestProblems(request('GET', '/v1/providers', '', key))).toHaveLength(1);
    expect(requestProblems(request('GET', '/v1/projects', '', {}))).toHaveLength(1);
    expect(requestProblems({ method: 'DELETE', path: '/v1/projects/demo/connections/c1', query: new URLSearchParams(), headers: { ...key, 'content-length': '2' }, body: '{}' })).toHaveLength(1);
  });
});
