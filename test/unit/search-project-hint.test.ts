// Search takes the project's ID (reference 4.6: projectId), where the other
// project operations take an ID or a name. A 404 for a project setting that
// reads as a name says so, without relying on the service's own remedy text:
// these stubs answer a bare problem.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type HttpStubs, startHttpStubs } from '../helpers/http-stub.js';
import { runMain } from '../helpers/in-process.js';

let stubs: HttpStubs;

beforeEach(async () => {
  stubs = await startHttpStubs();
});
afterEach(async () => {
  await stubs.close();
});

const notFound = { status: 404, json: { type: 'about:blank', title: 'Not Found', status: 404 } };
const hint = /Search takes the project's ID, not its name, and "demo" \(from (--project|IPCTL_PROJECT)\) looks like a name\./;

async function search(project: { flag?: string; env?: string }) {
  const result = await runMain(
    ['search', 'Contact', '--integration', 'int_x', '--group-ref', 'acme', '--where', 'city=Berlin', ...(project.flag ? ['--project', project.flag] : [])],
    { env: { IPCTL_SEARCH_URL: stubs.baseUrl, IPCTL_API_KEY: 'sk_stub_key_0123456789', IPCTL_CONFIG_DIR: '/nonexistent/ipctl-stub-config', IPCTL_PROJECT: project.env, NO_COLOR: '1' } },
  );
  stubs.verify();
  return result;
}

describe('search answered 404', () => {
  it('says that search takes the ID when --project is a name', async () => {
    stubs.register('POST', '/projects/demo/integrations/int_x', notFound);
    const result = await search({ flag: 'demo' });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(hint);
    expect(result.stderr).toContain('(from --project)');
    expect(result.stderr).toContain('projectId');
  });

  it('names IPCTL_PROJECT when the name came from there', async () => {
    stubs.register('POST', '/projects/demo/integrations/int_x', notFound);
    const result = await search({ env: 'demo' });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('(from IPCTL_PROJECT)');
  });

  it.each(['proj_4f2a9c', '3f1c2b4e-5d6a-4b7c-8d9e-0a1b2c3d4e5f', '123456'])('says nothing of names for an ID (%s)', async (id) => {
    stubs.register('POST', `/projects/${id}/integrations/int_x`, notFound);
    const result = await search({ flag: id });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Not Found (HTTP 404)');
    expect(result.stderr).not.toContain('not its name');
  });

  it('says nothing of names for another failure', async () => {
    stubs.register('POST', '/projects/demo/integrations/int_x', { status: 400, json: { type: 'about:blank', title: 'Bad Request', status: 400 } });
    const result = await search({ flag: 'demo' });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('not its name');
  });
});
