// Search takes the project's ID (reference 4.6: projectId), where every other
// command takes an ID or a name. A --project that reads as a name is looked up
// with one GET /projects/{name} (read-operations.md), and search goes to the
// ID it answers with. A 404 from search names `ipctl projects list`, without
// relying on the service's own remedy text: these stubs answer a bare problem.
import { describe, expect, it } from 'vitest';
import { useHttpStubs } from '../../../test/helpers/http-stub.js';
import { runMain } from '../../../test/helpers/in-process.js';

const stubs = useHttpStubs();

const notFound = { status: 404, json: { type: 'about:blank', title: 'Not Found', status: 404 } };
const found = { status: 200, json: { results: [] } };
const demo = { status: 200, json: { id: 'proj_4f2a9c', name: 'demo', appName: 'Demo', orgId: 'org_1', createTime: '2024-01-01T00:00:00Z' } };

async function search(project: { flag?: string; env?: string }) {
  const result = await runMain(
    ['search', 'Contact', '--integration', 'int_x', '--group-ref', 'acme', '--where', 'city=Berlin', ...(project.flag ? ['--project', project.flag] : [])],
    {
      env: {
        IPCTL_BASE_URL: stubs.baseUrl,
        IPCTL_SEARCH_URL: stubs.baseUrl,
        IPCTL_API_KEY: 'sk_stub_key_0123456789',
        IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config',
        IPCTL_PROJECT: project.env,
        NO_COLOR: '1',
      },
    },
  );
  stubs.verify();
  return result;
}

describe('search with a project name', () => {
  it.each([{ flag: 'demo' }, { env: 'demo' }])('looks the name up once and searches the ID it answers with (%o)', async (project) => {
    stubs.register('GET', '/projects/demo', demo);
    stubs.register('POST', '/projects/proj_4f2a9c/integrations/int_x', found);
    const result = await search(project);
    expect(result.code).toBe(0);
  });

  it('an unknown name is exit 3, with the hint naming ipctl projects list', async () => {
    stubs.register('GET', '/projects/nosuch', notFound);
    const result = await search({ flag: 'nosuch' });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('`ipctl projects list`');
  });

  it.each(['proj_4f2a9c', '3f1c2b4e-5d6a-4b7c-8d9e-0a1b2c3d4e5f', '123456'])('sends an ID as it is, with no lookup (%s)', async (id) => {
    stubs.register('POST', `/projects/${id}/integrations/int_x`, notFound);
    const result = await search({ flag: id });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Not Found (HTTP 404)');
    expect(result.stderr).toContain(`"${id}" (from --project)`);
    expect(result.stderr).toContain('`ipctl projects list`');
  });

  it('says nothing of projects for another failure', async () => {
    stubs.register('POST', '/projects/proj_4f2a9c/integrations/int_x', { status: 400, json: { type: 'about:blank', title: 'Bad Request', status: 400 } });
    const result = await search({ flag: 'proj_4f2a9c' });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('projects list');
  });
});
