// A base URL without /v1, end to end: ipctl (in-process) against a server that
// serves the API's paths at its root (a recorder in front of the sandbox's
// /v1), in a pipe and at a terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipctl, ipctlAtTerminal } from '../helpers/in-process.js';
import { type RequestRecorder, startRequestRecorder } from '../helpers/request-recorder.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();
let atRoot: RequestRecorder;

beforeAll(async () => {
  atRoot = await startRequestRecorder(fixture.sandbox.baseUrl);
});
afterAll(async () => {
  await atRoot.close();
});

const notice = (base: string) => `Note: the base URL ${base} does not end with /v1, as the service's own URLs do; ipctl sends its requests there as given.`;

describe('IPCTL_BASE_URL at the root of a server serving the API there', () => {
  it('orgs get succeeds, with one notice at a terminal', async () => {
    const result = await ipctlAtTerminal(['orgs', 'get', 'org_demo'], { env: fixture.env({ IPCTL_BASE_URL: atRoot.origin }) });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('org_demo');
    expect(result.output.split(notice(atRoot.origin))).toHaveLength(2);
    expect(atRoot.requests.at(-1)).toMatchObject({ method: 'GET', path: '/orgs/org_demo' });
  });

  it('orgs get succeeds, with no notice in a pipe', async () => {
    const result = await ipctl(['orgs', 'get', 'org_demo', '-o', 'json'], { env: fixture.env({ IPCTL_BASE_URL: atRoot.origin }) });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'org_demo' });
    expect(result.stderr).toBe('');
  });

  it('a 404 there says where the service\'s own API would be', async () => {
    const gateway = `${atRoot.origin}/integrations`;
    const result = await ipctl(['orgs', 'get', 'org_demo'], { env: fixture.env({ IPCTL_BASE_URL: gateway }) });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`Hint: the base URL ${gateway} does not end with /v1. If the API is at ${gateway}/v1, as the service's own URLs are`);
  });
});
