// The commands that show what exists (read-operations.md): projects, connections,
// destinations and the providers list, in-process against a real sandbox. Expected
// values come from read-operations.md, the README and the sandbox's seed data
// (README, "The sandbox": projects demo and marketing, the demo destinations).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { expectFailed, runMain } from '../helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });

/** The API keys the connections below are made with: customers' secrets, which no output may show. */
const customerKeys = ['pd_customer_CANARY_KEY_0a1b2c3d4e5f6071', 'pd_customer_CANARY_KEY_1b2c3d4e5f607182', 'pd_customer_CANARY_KEY_2c3d4e5f60718293'];
const groups = ['admin-acme', 'admin-globex', 'admin-initech'];

let dir: string;

async function ipctl(args: string[], env: Record<string, string | undefined> = {}) {
  return runMain(args, { env: fixture.env({ NO_COLOR: '1', ...env }), timeoutMs: 20_000 });
}

function expectNoCustomerKey(...texts: string[]): void {
  for (const text of texts) for (const key of customerKeys) expect(text).not.toContain(key);
}

async function sandboxConnections(project = 'demo'): Promise<Array<{ id: string; groupRef: string }>> {
  const answer = await fetch(`${fixture.sandbox.baseUrl.replace(/\/v1$/, '')}/_sandbox/projects/${project}/connections`);
  return ((await answer.json()) as { connections: Array<{ id: string; groupRef: string }> }).connections;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ipctl-administer-'));
  for (const [index, group] of groups.entries()) {
    writeFileSync(join(dir, `key-${index}.txt`), `${customerKeys[index]}\n`);
    const made = await runMain(
      ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', group, '--consumer-ref', `u-${index}`, '--workspace', 'acme', '--api-key-file', join(dir, `key-${index}.txt`), '-o', 'json'],
      { env: fixture.env() },
    );
    expect(made.code, made.stderr).toBe(0);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('connections list', () => {
  it('lists the connections generated, with id, provider and group.groupRef, as an array', async () => {
    const result = await ipctl(['connections', 'list', '--project', 'demo', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const listed = JSON.parse(result.stdout) as Array<{ id: string; provider: string; group: { groupRef: string } }>;
    const ours = listed.filter((connection) => groups.includes(connection.group.groupRef));
    expect(ours.map((connection) => connection.group.groupRef).sort()).toEqual([...groups].sort());
    for (const connection of ours) {
      expect(connection.id).toMatch(/^\S+$/);
      expect(connection.provider).toBe('pipedrive');
    }
    expectNoCustomerKey(result.stdout, result.stderr);
  });

  it('--group-ref narrows the list, and the request carries the groupRef query', async () => {
    const result = await ipctl(['connections', 'list', '--project', 'demo', '--group-ref', 'admin-globex', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const listed = JSON.parse(result.stdout) as Array<{ group: { groupRef: string } }>;
    expect(listed.map((connection) => connection.group.groupRef)).toEqual(['admin-globex']);
    const sent = (await fixture.requests()).filter((request) => request.operation === 'listConnections');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.query).toEqual({ groupRef: 'admin-globex' });
  });

  it('sends each filter as its query parameter, and says so when nothing matches', async () => {
    const result = await ipctl(['connections', 'list', '--project', 'demo', '--provider', 'salesforce', '--consumer-ref', 'u-0'], { IPCTL_PAGER: '' });
    expect(result.code, result.stderr).toBe(0);
    const sent = (await fixture.requests()).filter((request) => request.operation === 'listConnections');
    expect(sent[0]?.query).toEqual({ provider: 'salesforce', consumerRef: 'u-0' });
    // The table's header alone in a pipe: no rows.
    expect(result.stdout.trim().split('\n')).toEqual(['ID\tPROVIDER\tGROUP\tCONSUMER\tSTATUS\tCREATED']);
  });

  it('shows each customer API key redacted as ****abcd in every format, and never asks for credentials', async () => {
    for (const format of ['table', 'wide', 'json', 'yaml', 'ndjson']) {
      const result = await ipctl(['connections', 'list', '--project', 'demo', '-o', format]);
      expect(result.code, `${format}: ${result.stderr}`).toBe(0);
      expectNoCustomerKey(result.stdout, result.stderr);
      if (format !== 'table' && format !== 'wide') for (const key of customerKeys) expect(result.stdout).toContain(`****${key.slice(-4)}`);
    }
    const debug = await ipctl(['connections', 'list', '--project', 'demo', '--debug', '-o', 'json']);
    expectNoCustomerKey(debug.stdout, debug.stderr);
    for (const request of await fixture.requests()) {
      for (const name of ['includeCreds', 'includeRefreshToken', 'refresh']) expect(Object.keys(request.query)).not.toContain(name);
    }
  });

  it('an unknown project is exit 3', async () => {
    const result = await ipctl(['connections', 'list', '--project', 'no-such-project']);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
  });

  it('a flag with a control character is exit 2, and nothing is sent', async () => {
    const result = await ipctl(['connections', 'list', '--project', 'demo', '--group-ref', 'a\u001bb']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--group-ref');
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('connections get', () => {
  it('never shows the API key that created the connection, in any format', async () => {
    const [connection] = (await sandboxConnections()).filter((candidate) => candidate.groupRef === 'admin-acme');
    for (const format of ['table', 'json', 'yaml', 'ndjson']) {
      const result = await ipctl(['connections', 'get', connection!.id, '--project', 'demo', '-o', format]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(connection!.id);
      expectNoCustomerKey(result.stdout, result.stderr);
    }
    const json = JSON.parse((await ipctl(['connections', 'get', connection!.id, '--project', 'demo', '--json'])).stdout) as Record<string, unknown>;
    expect(json.apiKey).toBe(`****${customerKeys[0]!.slice(-4)}`);
    const sent = (await fixture.requests()).filter((request) => request.operation === 'getConnection');
    for (const request of sent) expect(request.query).toEqual({});
  });

  it('an unknown connection is exit 3', async () => {
    const result = await ipctl(['connections', 'get', 'conn_nosuchconnection', '--project', 'demo']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('404');
  });

  it('needs a project: exit 2 naming --project and ipctl projects list, nothing sent', async () => {
    const result = await ipctl(['connections', 'get', 'conn_x'], { IPCTL_PROJECT: undefined });
    expectFailed(result, 2, '--project', 'ipctl projects list');
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('projects', () => {
  it('projects get demo gives the sandbox project\'s ID', async () => {
    const result = await ipctl(['projects', 'get', 'demo', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'proj_demo', name: 'demo', orgId: 'org_demo' });
  });

  it('projects get by ID and by name show the same project', async () => {
    const byId = await ipctl(['projects', 'get', 'proj_marketing', '-o', 'yaml']);
    const byName = await ipctl(['projects', 'get', 'marketing', '-o', 'yaml']);
    expect(byId.code).toBe(0);
    expect(parseYaml(byId.stdout)).toEqual(parseYaml(byName.stdout));
  });

  it('projects list shows both sandbox projects, in a table and as JSON', async () => {
    const table = await ipctl(['projects', 'list']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[0]).toBe('NAME\tID\tAPP NAME\tORG\tCREATED');
    expect(table.stdout).toMatch(/^demo\tproj_demo\t/m);
    expect(table.stdout).toMatch(/^marketing\tproj_marketing\t/m);
    const json = JSON.parse((await ipctl(['projects', 'list', '--query', '[].id'])).stdout);
    expect(json).toEqual(['proj_demo', 'proj_marketing']);
  });

  it('an unknown project is exit 3; no credential is exit 4', async () => {
    expect((await ipctl(['projects', 'get', 'nope'])).code).toBe(3);
    const none = await ipctl(['projects', 'list'], { IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined });
    expect(none.code).toBe(4);
  });

  it('the README\'s search example works with a project name', async () => {
    // README, search: a name is looked up (GET /projects/{name}), and search goes to the ID.
    const result = await ipctl(['search', 'Contact', '--project', 'demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'city=Berlin', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(result.stdout).results)).toBe(true);
    const operations = (await fixture.requests()).map((request) => `${request.operation} ${request.path}`);
    expect(operations).toEqual(['getProject /v1/projects/demo', 'searchRecords /search/v1/projects/proj_demo/integrations/int_salesforce_sync']);
  });
});

describe('destinations', () => {
  it('destinations list shows the README\'s destination', async () => {
    const result = await ipctl(['destinations', 'list', '--project', 'demo']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^crm-events-webhook\twebhook\tdest_webhook\t/m);
  });

  it('destinations get shows it by name and by ID, with one list first to find the name', async () => {
    const byName = await ipctl(['destinations', 'get', 'crm-events-webhook', '--project', 'demo', '-o', 'json']);
    const byId = await ipctl(['destinations', 'get', 'dest_webhook', '--project', 'demo', '-o', 'json']);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byId.code, byId.stderr).toBe(0);
    expect(JSON.parse(byName.stdout)).toMatchObject({ id: 'dest_webhook', name: 'crm-events-webhook', type: 'webhook' });
    expect(JSON.parse(byId.stdout)).toEqual(JSON.parse(byName.stdout));
    const gets = (await fixture.requests()).filter((request) => request.operation === 'getDestination');
    // read-operations.md: the get takes the name; includeSecrets and rotate are never sent.
    expect(gets.map((request) => request.path)).toEqual(['/v1/projects/demo/destinations/crm-events-webhook', '/v1/projects/demo/destinations/crm-events-webhook']);
    for (const request of gets) expect(request.query).toEqual({});
  });

  it('an unknown destination is exit 3', async () => {
    const result = await ipctl(['destinations', 'get', 'no-such-destination', '--project', 'demo']);
    expect(result.code).toBe(3);
  });
});

describe('providers list', () => {
  it('-o json is the sandbox\'s whole catalogue, as an array of Provider objects sorted by name', async () => {
    const result = await ipctl(['providers', 'list', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const listed = JSON.parse(result.stdout) as Array<{ name: string }>;
    // read-operations.md: the providers list takes no credential.
    expect((await fixture.requests()).map((request) => request.principal)).toEqual(['anonymous']);
    const catalogue = (await (await fetch(`${fixture.sandbox.baseUrl}/providers`)).json()) as Record<string, unknown>;
    expect(listed.map((provider) => provider.name)).toEqual(Object.keys(catalogue).sort());
    for (const provider of listed) expect(provider).toEqual(catalogue[provider.name]);
  });

  it('--auth-type and --supports filter by the catalogue\'s own fields', async () => {
    const catalogue = (await (await fetch(`${fixture.sandbox.baseUrl}/providers`)).json()) as Record<string, { authType?: string; support?: Record<string, unknown> }>;
    // read-operations.md and the issue: supported when the key is true, or an object that is present (search: any operator).
    const expectedSearch = Object.entries(catalogue)
      .filter(([, provider]) => Object.values((provider.support?.search as { operators?: Record<string, boolean> } | undefined)?.operators ?? {}).includes(true))
      .map(([name]) => name)
      .sort();
    const search = JSON.parse((await ipctl(['providers', 'list', '--supports', 'search', '--query', '[].name'])).stdout);
    expect(search).toEqual(expectedSearch);
    const apiKeyed = JSON.parse((await ipctl(['providers', 'list', '--auth-type', 'apiKey', '--query', '[].name'])).stdout);
    expect(apiKeyed).toEqual(Object.entries(catalogue).filter(([, provider]) => provider.authType === 'apiKey').map(([name]) => name).sort());
    const both = JSON.parse((await ipctl(['providers', 'list', '--supports', 'delete', '--supports', 'search', '--query', '[].name'])).stdout) as string[];
    for (const name of both) expect(expectedSearch).toContain(name);
  });

  it('an unknown capability or auth type is exit 2, naming the flag and the choices, nothing sent', async () => {
    const result = await ipctl(['providers', 'list', '--supports', 'teleport', '--auth-type', 'magic']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--supports');
    expect(result.stderr).toContain('read, write, delete, proxy, subscribe, search');
    expect(result.stderr).toContain('--auth-type');
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('every new command', () => {
  const commands = [
    ['projects', 'list'],
    ['projects', 'get', 'demo'],
    ['connections', 'list', '--project', 'demo'],
    ['destinations', 'list', '--project', 'demo'],
    ['destinations', 'get', 'dest_sqs', '--project', 'demo'],
    ['providers', 'list'],
  ];

  it.each(commands)('%s %s: every output format, and ndjson one JSON value a line', async (...args) => {
    for (const format of ['json', 'yaml', 'ndjson', 'wide']) {
      const result = await ipctl([...args, '-o', format]);
      expect(result.code, `${format}: ${result.stderr}`).toBe(0);
      if (format === 'ndjson') for (const line of result.stdout.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
      if (format === 'yaml') expect(() => parseYaml(result.stdout)).not.toThrow();
    }
    for (const secret of [canaryApiKey, canaryToken]) expect((await ipctl([...args, '--debug'])).stderr).not.toContain(secret);
  });

});
