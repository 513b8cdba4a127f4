import { describe, expect, it } from 'vitest';
import { useBareSandbox } from '../helpers/sandbox.js';

const { sandbox, origin } = useBareSandbox();

async function generate(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.baseUrl}/projects/demo/connections:generate`, {
    method: 'POST',
    headers: { 'X-Api-Key': sandbox.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, unknown>;
}

describe('GET /_sandbox/projects/{projectIdOrName}/connections', () => {
  it('lists who each connection is for, in the order created, and never a credential', async () => {
    const first = await generate({ provider: 'pipedrive', groupRef: 'list-a', consumerRef: 'u1', providerWorkspaceRef: 'acme', apiKey: 'pk_list_secret_value_1' });
    const second = await generate({ provider: 'public-holidays', groupRef: 'list-b', consumerRef: 'u2' });
    const response = await fetch(`${origin()}/_sandbox/projects/demo/connections`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('pk_list_secret_value_1');
    const listed = (JSON.parse(text) as { projectId: string; connections: Array<Record<string, unknown>> });
    expect(listed.projectId).toBe('proj_demo');
    expect(listed.connections.slice(-2)).toEqual([
      { id: first.id, provider: 'pipedrive', groupRef: 'list-a', consumerRef: 'u1', providerWorkspaceRef: 'acme', status: 'created', createTime: first.createTime },
      { id: second.id, provider: 'public-holidays', groupRef: 'list-b', consumerRef: 'u2', status: 'created', createTime: second.createTime },
    ]);
    // Not an API call: the request log does not record it.
    const log = (await (await fetch(`${origin()}/_sandbox/requests`)).json()) as Array<{ path: string }>;
    expect(log.some((entry) => entry.path.endsWith('/connections'))).toBe(false);
  });

  it('answers 404 for an unknown project and 405 for a write', async () => {
    expect((await fetch(`${origin()}/_sandbox/projects/nope/connections`)).status).toBe(404);
    expect((await fetch(`${origin()}/_sandbox/projects/demo/connections`, { method: 'DELETE' })).status).toBe(405);
  });

  it('keeps one group per groupRef across many connections (looked up by index)', async () => {
    for (let index = 0; index < 50; index++) await generate({ provider: 'public-holidays', groupRef: `idx-${index % 5}`, groupName: `Group ${index}`, consumerRef: `c-${index % 7}` });
    const project = sandbox.state.projects.proj_demo!;
    expect(project.groups.filter((group) => group.groupRef.startsWith('idx-'))).toHaveLength(5);
    expect(project.consumers.filter((consumer) => consumer.consumerRef.startsWith('c-'))).toHaveLength(7);
    // The last name given wins.
    expect(project.groups.find((group) => group.groupRef === 'idx-4')?.groupName).toBe('Group 49');
  });
});
