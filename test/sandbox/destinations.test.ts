import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { readUpdate } from '../../src/sandbox/routes/destinations.js';
import { createSeedData } from '../../src/sandbox/seed.js';
import type { RequestLogEntry } from '../../src/sandbox/state.js';
import type { Destination } from '../../src/sandbox/types.js';
import { useBareSandbox } from '../helpers/sandbox.js';

const { sandbox, origin } = useBareSandbox();

const secretValue = 'sandbox-secret-CANARY-4b8e1f0c9a7d';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

beforeEach(async () => {
  // Every test starts from the seed: patches change the state.
  sandbox.state.projects = createSeedData().projects;
});

interface StateView {
  projectId: string;
  destination: Destination;
  secretNames: string[];
}

function patch(project: string, destination: string, body: unknown, headers: Record<string, string> = { 'X-Api-Key': sandbox.apiKey }) {
  return fetch(`${sandbox.baseUrl}/projects/${project}/destinations/${destination}`, {
    method: 'PATCH',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function stateOf(project: string, destination: string): Promise<StateView> {
  const response = await fetch(`${origin()}/_sandbox/projects/${project}/destinations/${destination}`);
  expect(response.status).toBe(200);
  return (await response.json()) as StateView;
}

async function issuesOf(response: Response): Promise<Array<Record<string, unknown>>> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = (await response.json()) as { title: string; issues: Array<Record<string, unknown>> };
  expect(problem.title).toBe('Bad Request');
  return problem.issues;
}

describe('PATCH /v1/projects/{projectIdOrName}/destinations/{destination}', () => {
  it('updates exactly the masked fields and sets updateTime', async () => {
    const before = await stateOf('demo', 'dest_snowflake');
    const started = Date.now();
    const response = await patch('demo', 'dest_snowflake', {
      updateMask: ['name', 'metadata.batchSize'],
      destination: { name: 'warehouse-2', metadata: { batchSize: 1000 } },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Destination;
    const after = await stateOf('demo', 'dest_snowflake');
    expect(body).toEqual(after.destination);
    expect(after.destination).toEqual({
      ...before.destination,
      name: 'warehouse-2',
      metadata: { ...before.destination.metadata, batchSize: 1000 },
      updateTime: expect.any(String),
    });
    expect(Date.parse(after.destination.updateTime)).toBeGreaterThanOrEqual(started - 1000);
    expect(after.destination.updateTime).not.toBe(before.destination.updateTime);
    expect(after.secretNames).toEqual(before.secretNames);
  });

  it('clears a masked path that is absent from the body, or null', async () => {
    const before = await stateOf('proj_demo', 'dest_snowflake');
    const response = await patch('proj_demo', 'dest_snowflake', {
      updateMask: ['metadata.maxWaitSecs', 'metadata.tableName', 'secrets.privateKey'],
      destination: { metadata: { tableName: null } },
    });
    expect(response.status).toBe(200);
    const after = await stateOf('proj_demo', 'dest_snowflake');
    const { maxWaitSecs: _wait, tableName: _table, ...kept } = before.destination.metadata;
    expect(after.destination.metadata).toEqual(kept);
    expect(after.secretNames).toEqual([]);
  });

  it('replaces the whole headers object', async () => {
    const response = await patch('demo', 'dest_webhook', {
      updateMask: ['metadata.headers'],
      destination: { metadata: { headers: { 'X-Only': 'one' } } },
    });
    expect(response.status).toBe(200);
    const after = await stateOf('demo', 'dest_webhook');
    expect(after.destination.metadata).toEqual({ url: 'https://hooks.example.com/ipctl/crm-events', headers: { 'X-Only': 'one' } });
  });

  it('stores secrets as names and digests, and never returns them', async () => {
    const response = await patch(
      'marketing',
      'dest_marketing_kinesis',
      { updateMask: ['secrets.awsSessionToken', 'secrets.awsSecretKey'], destination: { secrets: { awsSessionToken: secretValue, awsSecretKey: `${secretValue}-2` } } },
      { Authorization: `Bearer ${sandbox.token}` },
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(secretValue);
    expect(JSON.parse(text)).not.toHaveProperty('secrets');
    const state = await stateOf('marketing', 'dest_marketing_kinesis');
    expect(state.secretNames).toEqual(['awsKeyId', 'awsSecretKey', 'awsSessionToken']);
    expect(JSON.stringify(state)).not.toContain(secretValue);
    const stored = sandbox.state.projects.proj_marketing?.destinations.find((item) => item.destination.id === 'dest_marketing_kinesis');
    expect(stored?.secretDigests).toEqual({ awsSessionToken: sha256(secretValue), awsSecretKey: sha256(`${secretValue}-2`) });
    expect(JSON.stringify(sandbox.state)).not.toContain(secretValue);
  });

  it('answers 400 with an issue and a suggestion for an unknown mask path, changing nothing', async () => {
    const before = await stateOf('demo', 'dest_sqs');
    const response = await patch('demo', 'dest_sqs', {
      updateMask: ['metadata.regoin', 'name'],
      destination: { name: 'renamed' },
    });
    const issues = await issuesOf(response);
    expect(issues).toEqual([
      expect.objectContaining({ in: 'body', name: 'updateMask[0]', value: 'metadata.regoin', detail: expect.stringContaining('Did you mean metadata.region?') }),
    ]);
    expect(await stateOf('demo', 'dest_sqs')).toEqual(before);
  });

  it('answers 400 for values of the wrong type, never echoing a secret', async () => {
    const response = await patch('demo', 'dest_snowflake', {
      updateMask: ['metadata.batchSize', 'metadata.maxWaitSecs', 'metadata.url', 'metadata.headers', 'secrets.password', 'name'],
      destination: {
        name: '',
        metadata: { batchSize: '500', maxWaitSecs: -1, url: 42, headers: ['X-A'] },
        secrets: { password: { value: secretValue } },
      },
    });
    const text = await response.clone().text();
    expect(text).not.toContain(secretValue);
    const issues = await issuesOf(response);
    const byName = Object.fromEntries(issues.map((issue) => [issue.name, issue]));
    expect(Object.keys(byName).sort()).toEqual(
      ['destination.metadata.batchSize', 'destination.metadata.headers', 'destination.metadata.maxWaitSecs', 'destination.metadata.url', 'destination.name', 'destination.secrets.password'].sort(),
    );
    expect(byName['destination.metadata.batchSize']).toMatchObject({ value: '500', detail: 'metadata.batchSize must be a non-negative integer.' });
    expect(byName['destination.metadata.maxWaitSecs']).toMatchObject({ value: -1 });
    expect(byName['destination.secrets.password']).toMatchObject({ value: null });
  });

  it('answers 400 for a batchSize that is not a whole number', async () => {
    const issues = await issuesOf(await patch('demo', 'dest_snowflake', { updateMask: ['metadata.batchSize'], destination: { metadata: { batchSize: 1.5 } } }));
    expect(issues).toEqual([expect.objectContaining({ name: 'destination.metadata.batchSize', value: 1.5 })]);
  });

  it('answers 400 for a field in the body but not in the mask, and for read-only or unknown fields', async () => {
    const issues = await issuesOf(
      await patch('demo', 'dest_sqs', {
        updateMask: ['name'],
        destination: { name: 'x', id: 'other', metadata: { region: 'eu-west-2', regoin: 'x' }, secrets: { password: secretValue } },
        extra: true,
      }),
    );
    const summary = issues.map((issue) => `${issue.name}: ${String(issue.type).split('/').pop()}`).sort();
    expect(summary).toEqual([
      'destination.id: read-only-field',
      'destination.metadata.region: not-in-update-mask',
      'destination.metadata.regoin: unknown-field',
      'destination.secrets.password: not-in-update-mask',
      'extra: unknown-field',
    ]);
    expect(JSON.stringify(issues)).not.toContain(secretValue);
  });

  it('answers 400 for a missing, empty or repeating mask, a name without a value, and no body', async () => {
    expect((await issuesOf(await patch('demo', 'dest_sqs', { destination: { name: 'x' } })))[0]).toMatchObject({ name: 'updateMask' });
    expect((await issuesOf(await patch('demo', 'dest_sqs', { updateMask: [] })))[0]).toMatchObject({ name: 'updateMask' });
    expect((await issuesOf(await patch('demo', 'dest_sqs', { updateMask: ['name', 'name'], destination: { name: 'x' } })))[0]).toMatchObject({ name: 'updateMask[1]' });
    expect((await issuesOf(await patch('demo', 'dest_sqs', { updateMask: ['name'] })))[0]).toMatchObject({ name: 'destination.name' });
    const empty = await fetch(`${sandbox.baseUrl}/projects/demo/destinations/dest_sqs`, { method: 'PATCH', headers: { 'X-Api-Key': sandbox.apiKey } });
    expect((await issuesOf(empty))[0]).toMatchObject({ in: 'body', name: '' });
  });

  it('answers 404 for an unknown destination or project, naming what exists', async () => {
    const destination = await patch('demo', 'dest_nope', { updateMask: ['name'], destination: { name: 'x' } });
    expect(destination.status).toBe(404);
    const problem = (await destination.json()) as { detail: string; remedy: string };
    expect(problem.detail).toContain('dest_nope');
    expect(problem.remedy).toContain('dest_webhook, dest_sqs, dest_snowflake, dest_s3');
    const project = await patch('nope', 'dest_sqs', { updateMask: ['name'], destination: { name: 'x' } });
    expect(project.status).toBe(404);
    // Destinations belong to one project: marketing has no dest_sqs.
    expect((await patch('marketing', 'dest_sqs', { updateMask: ['name'], destination: { name: 'x' } })).status).toBe(404);
  });

  it('takes an API key or a bearer token, and nothing else', async () => {
    const body = { updateMask: ['name'], destination: { name: 'x' } };
    expect((await patch('demo', 'dest_sqs', body, { 'X-Api-Key': sandbox.apiKey })).status).toBe(200);
    expect((await patch('demo', 'dest_sqs', body, { Authorization: `Bearer ${sandbox.token}` })).status).toBe(200);
    expect((await patch('demo', 'dest_sqs', body, {})).status).toBe(401);
    expect((await patch('demo', 'dest_sqs', body, { 'X-Api-Key': 'sk_wrong' })).status).toBe(401);
    const log = (await (await fetch(`${origin()}/_sandbox/requests`)).json()) as RequestLogEntry[];
    expect(log.map((entry) => [entry.operation, entry.status])).toEqual([
      ['updateDestination', 200],
      ['updateDestination', 200],
      ['updateDestination', 401],
      ['updateDestination', 401],
    ]);
  });
});

describe('GET /_sandbox/projects/{projectIdOrName}/destinations/{destination}', () => {
  it('shows a destination and the names of its secrets, and is not logged', async () => {
    const state = await stateOf('demo', 'dest_s3');
    expect(state).toEqual({
      projectId: 'proj_demo',
      destination: expect.objectContaining({ id: 'dest_s3', type: 's3', name: 'raw-archive' }),
      secretNames: ['accessKeyId', 'secretAccessKey'],
    });
    expect(await (await fetch(`${origin()}/_sandbox/requests`)).json()).toEqual([]);
  });

  it('answers 404 for unknown things and 405 for anything but GET and HEAD', async () => {
    expect((await fetch(`${origin()}/_sandbox/projects/demo/destinations/dest_nope`)).status).toBe(404);
    expect((await fetch(`${origin()}/_sandbox/nothing`)).status).toBe(404);
    const post = await fetch(`${origin()}/_sandbox/projects/demo/destinations/dest_s3`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('readUpdate', () => {
  it('returns the mask and the values, leaving cleared paths out', () => {
    const update = readUpdate({
      updateMask: ['metadata.region', 'metadata.bucket', 'secrets.uri'],
      destination: { metadata: { region: 'eu-west-1', bucket: null }, secrets: { uri: 'postgres://x' } },
    });
    expect(update.mask).toEqual(['metadata.region', 'metadata.bucket', 'secrets.uri']);
    expect([...update.values]).toEqual([
      ['metadata.region', 'eu-west-1'],
      ['secrets.uri', 'postgres://x'],
    ]);
  });
});
