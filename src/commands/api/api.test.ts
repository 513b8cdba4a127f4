// ipctl api against a sandbox and HTTP stubs, in-process (main() with test
// streams; a clock whose waits before a retry take no time where retries are tried).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/cli.js';
import { useHttpStubs } from '../../../test/helpers/http-stub.js';
import { expectFailed, ipctl, type IpctlOptions, testClock } from '../../../test/helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../../../test/helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });
let files: ReturnType<typeof tempDir>;
/** A server on another origin, which must never be asked anything. */
let elsewhere: Server;
let elsewhereHits = 0;

const fileSecret = 'aws_api_CANARY_SECRET_3c59dc048e8850243be8';
const argvSecret = 'sk_argv_CANARY_API_c81e728d9d4c2f636f06';

beforeAll(async () => {
  files = tempDir();
  writeFileSync(join(files.path, 'secret.txt'), `${fileSecret}\n`, { mode: 0o600 });
  writeFileSync(join(files.path, 'search.json'), JSON.stringify({ objectName: 'Contact', fieldFilters: [{ fieldName: 'city', operator: 'eq', value: 'Berlin' }] }));
  writeFileSync(join(files.path, 'connection.json'), JSON.stringify({ provider: 'pipedrive', groupRef: 'acme-corp', consumerRef: 'u-42', providerWorkspaceRef: 'acme', apiKey: fileSecret }));
  elsewhere = createServer((_request, response) => {
    elsewhereHits += 1;
    response.end('{}');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  files.remove();
  await new Promise((resolve) => elsewhere.close(resolve));
});

/** ipctl in this process; a wait before a retry takes no time. */
const runInProcess = (args: string[], options: IpctlOptions) => ipctl(args, { ...options, clock: testClock() });

const api = (args: string[], env: Record<string, string | undefined> = {}, input?: string) => runInProcess(['api', ...args], { env: fixture.env({ IPCTL_PROJECT: 'proj_demo', ...env }), input });
const apiCall = (args: string[], env: Record<string, string | undefined> = {}) => ipctl(['api', ...args], { env: fixture.env({ IPCTL_PROJECT: 'proj_demo', ...env }) });

describe('ipctl api: the Done-when list', () => {
  it('prints the org as JSON, sent with the bearer token', async () => {
    const result = await apiCall(['/orgs/org_demo']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'org_demo', label: 'Acme Demo', defaultTeamId: expect.any(String) });
    expect(await fixture.requests()).toEqual([expect.objectContaining({ method: 'GET', operation: 'getOrg', status: 200, principal: expect.stringMatching(/token|bearer/i) })]);
  });

  it('prints one value with --query', async () => {
    const label = await apiCall(['orgs/org_demo', '--query', 'label']);
    expect(label.code).toBe(0);
    expect(label.stdout).toBe('"Acme Demo"\n');
    const name = await apiCall(['/providers/salesforce', '--query', 'name']);
    expect(name.code).toBe(0);
    expect(name.stdout).toBe('"salesforce"\n');
  });

  it('changes a destination with -X PATCH and -f fields', async () => {
    const result = await apiCall(['-X', 'PATCH', '/projects/proj_demo/destinations/dest_webhook', '-f', 'destination[name]=x', '-f', 'updateMask[]=name']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'dest_webhook', name: 'x' });
    expect(await fixture.requests()).toEqual([expect.objectContaining({ method: 'PATCH', operation: 'updateDestination', status: 200 })]);
    const back = await apiCall(['-X', 'PATCH', '/projects/{project}/destinations/dest_webhook', '-f', 'destination[name]=crm-events', '-f', 'updateMask[]=name', '--query', 'name']);
    expect(back.stdout).toBe('"crm-events"\n');
  });

  it('exits 3 for an unknown org, with the problem details on stderr and nothing on stdout', async () => {
    const result = await apiCall(['/orgs/no-such-org']);
    expectFailed(result, 3, 'Not Found (HTTP 404)', 'Organization "no-such-org" does not exist.');
    expect(result.stderr).toMatch(/Request ID: req_/);
  });

  it('refuses a URL on another origin with exit 2, and sends nothing', async () => {
    const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/v1/orgs/x`;
    for (const url of ['https://elsewhere.example.com/v1/orgs/x', other]) {
      const result = await apiCall([url, '--debug']);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/PATH: .* is not the origin of the base URL .*; ipctl sends credentials to the configured service only/);
      expect(result.stderr).not.toContain('debug: →');
    }
    expect(elsewhereHits).toBe(0);
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('ipctl api: requests', () => {
  it('takes a full URL on the base URL, and fills {org} from the profile', async () => {
    const full = await api([`${fixture.sandbox.baseUrl}/orgs/{org}`, '--query', 'id']);
    expect(full.code).toBe(0);
    expect(full.stdout).toBe('"org_demo"\n');
    const invites = await api(['/orgs/{org}/invites', '--query', 'length(@) > `0`']);
    expect(invites.stdout).toBe('true\n');
  });

  it('builds a typed, nested body with -F, and reads a secret field from a file', async () => {
    const result = await api([
      '-X', 'PATCH', '/projects/proj_demo/destinations/dest_sqs',
      '-F', `destination[secrets][awsSecretKey]=@${join(files.path, 'secret.txt')}`,
      '-F', 'destination[metadata][batchSize]=25',
      '-f', 'updateMask[]=secrets.awsSecretKey', '-f', 'updateMask[]=metadata.batchSize',
      '--debug',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'dest_sqs', metadata: expect.objectContaining({ batchSize: 25 }) });
    expect(result.stdout + result.stderr).not.toContain(fileSecret);
  });

  it('sends fields as query parameters beside an --input body, to the search URL with --search', async () => {
    const result = await api(['--search', '/projects/proj_demo/integrations/int_salesforce_sync', '-f', 'groupRef=acme-corp', '--input', join(files.path, 'search.json'), '--query', 'length(results) > `0`']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('true\n');
    expect(await fixture.requests()).toEqual([expect.objectContaining({ method: 'POST', operation: 'searchRecords', query: { groupRef: 'acme-corp' } })]);
  });

  it('reads --input from stdin', async () => {
    const body = JSON.stringify({ objectName: 'Contact', fieldFilters: [{ fieldName: 'city', operator: 'eq', value: 'Berlin' }] });
    const result = await api(['--search', '/projects/proj_demo/integrations/int_salesforce_sync?groupRef=acme-corp', '--input', '-', '-o', 'yaml'], {}, body);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^results:\n/);
  });

  it('prints the status line and headers with -i, and no body with --silent', async () => {
    const included = await api(['-i', '/providers/salesforce', '--query', 'name']);
    expect(included.code).toBe(0);
    expect(included.stdout).toMatch(/^HTTP\/1\.1 200 OK\ncontent-type: application\/json\n(?:.+\n)*\n"salesforce"\n$/);
    const silent = await api(['/orgs/org_demo', '--silent']);
    expect(silent.code).toBe(0);
    expect(silent.stdout).toBe('');
  });

  it('sends HEAD, and says of an error answer to it that it carries no details, naming GET', async () => {
    const found = await api(['-X', 'HEAD', '/providers/salesforce', '-i']);
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(/^HTTP\/1\.1 200 OK\ncontent-type: application\/json\n(?:.+\n)*\n$/);
    const missing = await api(['-X', 'HEAD', '/providers/no-such-provider']);
    expectFailed(missing, 3, 'HTTP 404', 'an answer to HEAD carries no body', 'Send the same request with GET (-X GET) to see them.');
    expect(missing.stderr).not.toContain('without problem details');
    expect((await fixture.requests()).map((request) => `${request.method} ${request.operation} ${request.status}`)).toEqual(['HEAD getProvider 200', 'HEAD getProvider 404']);
  });

  it('prints the status line and headers of an error answer with -i, its details on stderr', async () => {
    const result = await api(['-i', '/nope']);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\ncontent-type: application\/problem\+json\n(?:.+\n)*\n$/);
    expect(result.stdout).toMatch(/\nx-request-id: req_\w+\n/);
    expect(result.stdout).not.toContain('No sandbox API operation');
    expect(result.stderr).toContain('Not Found (HTTP 404)');
    expect(result.stderr).toContain('No sandbox API operation has the path');
    const refused = await api(['-i', '/orgs/org_demo', '--auth', 'none']);
    expect(refused.code).toBe(4);
    expect(refused.stdout).toMatch(/^HTTP\/1\.1 401 Unauthorized\n/);
  });

  it('sends the credential --auth names: none is refused by an org route (exit 4)', async () => {
    const result = await api(['/orgs/org_demo', '--auth', 'none']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    const requests = await fixture.requests();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headerNames).not.toContain('authorization');
    expect(requests[0]!.headerNames).not.toContain('x-api-key');
  });

  it('says which credential is missing before sending anything (exit 4)', async () => {
    const result = await api(['/orgs/org_demo'], { IPCTL_TOKEN: undefined });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('needs a bearer token');
    expect(await fixture.requests()).toEqual([]);
  });

  it('retries a GET, and a POST only with --retry-unsafe', async () => {
    const env = { IPCTL_RETRY_BACKOFF: '0.01' };
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 503 }] });
    const get = await api(['/orgs/org_demo', '--query', 'id'], env);
    expect(get.code).toBe(0);

    const connection = ['/projects/{project}/connections:generate', '--input', join(files.path, 'connection.json'), '--query', 'provider'];
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 503 }] });
    const post = await api(connection, env);
    expect(post.code).toBe(5);
    expect(post.stdout).toBe('');
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 503 }] });
    const unsafe = await api([...connection, '--retry-unsafe'], env);
    expect(unsafe.code).toBe(0);
    expect(unsafe.stdout).toBe('"pipedrive"\n');
    expect((await fixture.requests()).map((request) => `${request.operation} ${request.status}`)).toEqual([
      'getOrg 503', 'getOrg 200', 'generateConnection 503', 'generateConnection 503', 'generateConnection 201',
    ]);
  });

  it('takes a 408 as a network failure (exit 5): a GET is retried, a POST only with --retry-unsafe', async () => {
    const env = { IPCTL_RETRY_BACKOFF: '0.01' };
    await fixture.addFaults({ getOrg: [{ kind: 'status', status: 408 }] });
    expect((await api(['/orgs/org_demo', '--query', 'id'], env)).code).toBe(0);
    const connection = ['/projects/{project}/connections:generate', '--input', join(files.path, 'connection.json'), '--query', 'provider'];
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 408 }] });
    const post = await api(connection.slice(0, -2), env);
    expect(post.code).toBe(5);
    expect(post.stderr).toContain('Request Timeout (HTTP 408)');
    expect(post.stderr).toContain('Not retried: a POST may not be safe to repeat (it could do its work twice). Add --retry-unsafe to retry it.');
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 408 }] });
    expect((await api([...connection, '--retry-unsafe'], env)).code).toBe(0);
    expect((await fixture.requests()).map((request) => `${request.operation} ${request.status}`)).toEqual([
      'getOrg 408', 'getOrg 200', 'generateConnection 408', 'generateConnection 408', 'generateConnection 201',
    ]);
  });

  it('says a POST or PATCH was not retried because it may not be safe to repeat, only when a retry was due', async () => {
    const env = { IPCTL_RETRY_BACKOFF: '0.01' };
    const hint = 'may not be safe to repeat (it could do its work twice). Add --retry-unsafe to retry it.';
    const patch = ['-X', 'PATCH', '/projects/proj_demo/destinations/dest_webhook', '-f', 'destination[name]=x', '-f', 'updateMask[]=name'];
    await fixture.addFaults({ updateDestination: [{ kind: 'status', status: 503 }] });
    const unavailable = await api(patch, env);
    expect(unavailable.code).toBe(5);
    expect(unavailable.stderr).toContain(`Not retried: a PATCH ${hint}`);
    await fixture.addFaults({ generateConnection: [{ kind: 'status', status: 429 }] });
    const limited = await api(['/projects/{project}/connections:generate', '--input', join(files.path, 'connection.json')], env);
    expect(limited.code).toBe(5);
    expect(limited.stderr).toContain(`Not retried: a POST ${hint}`);
    // Retries off, a status no retry would repeat, a GET: no such hint.
    await fixture.addFaults({ updateDestination: [{ kind: 'status', status: 503 }] });
    const retriesOff = await api([...patch, '--retries', '0'], env);
    expect(retriesOff.code).toBe(5);
    expect(retriesOff.stderr).not.toContain('--retry-unsafe');
    const refused = await api(['-X', 'PATCH', '/projects/proj_demo/destinations/dest_webhook', '-f', 'destination[name]=x', '-f', 'updateMask[]=nope'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toContain('--retry-unsafe');
    expect((await fixture.requests()).map((request) => `${request.operation} ${request.status}`)).toEqual([
      'updateDestination 503', 'generateConnection 429', 'updateDestination 503', 'updateDestination 400',
    ]);
  });

  it('prints the request with --dry-run, credentials and secrets redacted, and sends nothing', async () => {
    const result = await api(['--dry-run', '-X', 'PATCH', '/projects/proj_demo/destinations/dest_s3', '-F', `destination[secrets][secretAccessKey]=@${join(files.path, 'secret.txt')}`, '-f', 'updateMask[]=secrets.secretAccessKey']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`PATCH ${fixture.sandbox.baseUrl}/projects/proj_demo/destinations/dest_s3`);
    expect(result.stdout).toContain(`x-api-key: ****${canaryApiKey.slice(-4)}`);
    expect(result.stdout).toContain(`"secretAccessKey": "****${fileSecret.slice(-4)}"`);
    const dryInput = await api(['--dry-run', '/projects/{project}/connections:generate', '--input', join(files.path, 'connection.json'), '-o', 'json']);
    expect(JSON.parse(dryInput.stdout)).toMatchObject({ method: 'POST', body: { provider: 'pipedrive', apiKey: `****${fileSecret.slice(-4)}` } });
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('ipctl api: refusals (exit 2, nothing sent)', () => {
  const refusals: Array<[name: string, args: string[], stderr: RegExp]> = [
    ['a secret field given on argv', ['/projects/{project}/connections:generate', '-f', `apiKey=${argvSecret}`], /-f apiKey: the value looks like a secret given on the command line.*-F 'apiKey=@PATH'/],
    ['a typed secret field on argv', ['-X', 'PATCH', '/projects/proj_demo/destinations/dest_s3', '-F', `destination[secrets][secretAccessKey]=${argvSecret}`], /-F destination\[secrets\]\[secretAccessKey\]: the value looks like a secret/],
    ['a refresh token on argv', ['/projects/{project}/connections:generate', '-f', `oauth2AuthorizationCode[refreshToken][token]=${argvSecret}`], /refreshToken\]\[token\]: the value looks like a secret/],
    ['a client secret on argv', ['/projects/{project}/connections:generate', '-f', `customAuth[clientSecret]=${argvSecret}`], /customAuth\[clientSecret\]: the value looks like a secret/],
    ['a destination credential header on argv', ['-X', 'PATCH', '/projects/proj_demo/destinations/dest_webhook', '-f', `destination[metadata][headers][Authorization]=Bearer ${argvSecret}`], /\[headers\]\[Authorization\]: the value looks like a secret/],
    ['a secret in a query parameter, even from a file', ['-X', 'GET', '/orgs/org_demo', '-F', 'apiKey=@-'], /-F apiKey: names a secret, and would put it in the URL/],
    [
      'a secret field beside --input, which makes fields query parameters',
      ['-X', 'PATCH', '/projects/proj_demo/destinations/dest_s3', '-F', 'destination[secrets][secretAccessKey]=@-', '--input', '-', '--dry-run'],
      /-F destination\[secrets\]\[secretAccessKey\]: names a secret, and beside --input the fields become query parameters, so it would be in the URL; put it in the body --input sends instead \(stdin can be read only once, so -F @- and --input - cannot both take it\)\n/,
    ],
    [
      'a secret field from a file beside --input',
      ['-X', 'POST', '/projects/{project}/connections:generate', '-F', 'apiKey=@secret.txt', '--input', 'connection.json'],
      /-F apiKey: names a secret, and beside --input the fields become query parameters, so it would be in the URL; put it in the body --input sends instead\n/,
    ],
    ['a PATH that repeats the base URL\'s /v1', ['/v1/orgs/org_demo'], /PATH is relative to the base URL, which already ends in \/v1: use \/orgs\/org_demo\n/],
    ['a credential header with -H', ['/orgs/org_demo', '-H', `Authorization: Bearer ${argvSecret}`], /-H Authorization: a credential header on the command line/],
    ['an API key header with -H', ['/orgs/org_demo', '-H', `X-Api-Key: ${argvSecret}`], /-H X-Api-Key: a credential header/],
    ['a -F file that cannot be read', ['-X', 'POST', '/projects/{project}/connections:generate', '-F', 'groupName=@/no/such/file.txt'], /-F groupName: cannot read \/no\/such\/file\.txt \(no such file\)/],
    ['a method that is not one', ['-X', 'FETCH', '/orgs/org_demo'], /--method: must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS/],
    ['a field without =', ['/orgs/org_demo', '-f', 'name'], /-f "name": expected key=value/],
    ['a key given twice', ['-X', 'POST', '/orgs/org_demo', '-f', 'a=1', '-f', 'a[b]=2'], /-f a\[b\]: a already holds a value that is not an object/],
    ['a placeholder the profile cannot fill', ['/projects/{project}/destinations/{destination}'], /PATH: \{destination\} is a placeholder/],
    ['a path that steps up', ['/orgs/../admin'], /PATH: must not hold "\." or "\.\." steps/],
    ['an unknown --auth', ['/orgs/org_demo', '--auth', 'basic'], /--auth: must be one of key, token, none/],
    ['a URL longer than servers take', ['/orgs/org_demo', '-f', `q=${'x'.repeat(9000)}`, '-X', 'GET'], /PATH: the URL would be \d+ characters long, and servers refuse more than 8192/],
  ];

  it.each(refusals)('%s', async (_name, args, stderr) => {
    const result = await api([...args, '--debug']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(stderr);
    expect(result.stderr).not.toContain(argvSecret);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('ipctl api: no credential in any output', () => {
  const canaries = [canaryApiKey, canaryToken, fileSecret];
  const runs: string[][] = [
    ['/orgs/org_demo', '--debug'],
    ['/orgs/org_demo', '--debug', '-i'],
    ['/orgs/no-such-org', '--debug'],
    ['/orgs/no-such-org', '--debug', '-o', 'json'],
    ['/orgs/org_demo', '--dry-run', '--debug'],
    ['/orgs/org_demo', '--dry-run', '-o', 'json'],
    ['/projects/proj_demo/destinations/dest_webhook', '-X', 'PATCH', '--dry-run', '--auth', 'token'],
    ['/projects/proj_demo/destinations/dest_webhook', '-X', 'PATCH', '-f', 'destination[name]=crm-events', '-f', 'updateMask[]=name', '--debug', '-i'],
    ['/projects/{project}/connections:generate', '--debug', '--dry-run', '--input', '{dir}/connection.json'],
    ['/projects/{project}/connections:generate', '--debug', '-i', '--input', '{dir}/connection.json'],
  ];

  it.each(runs.map((args) => [args.join(' '), args] as const))('ipctl api %s', async (_name, args) => {
    const result = await api(args.map((arg) => arg.replace('{dir}', files.path)));
    expect(result.code).not.toBeNull();
    for (const canary of canaries) {
      expect(result.stdout).not.toContain(canary);
      expect(result.stderr).not.toContain(canary);
    }
  });

  it('redacts in the --debug trace and in --dry-run, rather than leaving the header out', async () => {
    const traced = await api(['/orgs/org_demo', '--debug']);
    expect(traced.stderr).toContain(`authorization: Bearer ****${canaryToken.slice(-4)}`);
    const dry = await api(['/orgs/org_demo', '--dry-run', '--auth', 'key']);
    expect(dry.stdout).toContain(`x-api-key: ****${canaryApiKey.slice(-4)}`);
  });
});

describe('ipctl api: answers as they come, from a service that is not the sandbox', () => {
  const stubs = useHttpStubs('all');

  const run = (args: string[]) =>
    runInProcess(['api', ...args], { env: { IPCTL_CONFIG_DIR: files.path, IPCTL_BASE_URL: stubs.baseUrl, IPCTL_SEARCH_URL: stubs.baseUrl, IPCTL_API_KEY: canaryApiKey, IPCTL_TOKEN: canaryToken } });

  it('shows a text answer as it came, its control characters visible and the credentials it echoes scrubbed', async () => {
    stubs.register('GET', '/status', { status: 200, body: `\u001b[31mred\u001b]0;title\u0007 key=${canaryApiKey}\n` });
    const result = await run(['/status']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('\\x1b[31mred\\x1b]0;title\\x07 key=[redacted]\n');
    stubs.verify();
  });

  it('escapes bidi controls in a JSON answer, and prints nothing for an empty one', async () => {
    stubs.register('GET', '/things/1', { status: 200, json: { name: 'evil\u202etxt.exe' } });
    stubs.register('DELETE', '/things/1', { status: 204 });
    const json = await run(['/things/1']);
    expect(json.stdout).toBe('{\n  "name": "evil\\u202etxt.exe"\n}\n');
    const empty = await run(['-X', 'delete', '/things/1']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    stubs.verify();
  });

  it('refuses -o and --query on an answer that is not JSON (exit 1, nothing on stdout)', async () => {
    stubs.register('GET', '/status', { status: 200, body: 'fine' });
    const result = await run(['/status', '--query', 'x']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('is not JSON, so -o and --query cannot be applied');
    stubs.verify();
  });

  it('refuses to print an answer nested too deeply, and shows a --dry-run body that is not', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    stubs.register('GET', '/deep', { status: 200, headers: { 'content-type': 'application/json' }, body: deep });
    const answer = await run(['/deep']);
    expect(answer.code).toBe(1);
    expect(answer.stdout).toBe('');
    expect(answer.stderr).toContain('is nested deeper than 512 levels');
    writeFileSync(join(files.path, 'deep.json'), deep);
    const dry = await run(['-X', 'POST', '/deep', '--input', join(files.path, 'deep.json'), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/"\(40000 bytes from .*deep\.json, nested deeper than 512 levels: not shown\)"/);
    stubs.verify();
  });

  it('sends the API key to a route the spec does not list, and nothing to /providers', async () => {
    stubs.register('GET', '/webhooks', { status: 200, json: [] });
    stubs.register('GET', '/providers/x', { status: 200, json: {} });
    const unknown = await run(['/webhooks', '--dry-run']);
    expect(unknown.stdout).toContain(`x-api-key: ****${canaryApiKey.slice(-4)}`);
    const provider = await run(['/providers/x', '--dry-run']);
    expect(provider.stdout).not.toMatch(/x-api-key|authorization/);
    expect((await run(['/webhooks'])).code).toBe(0);
    expect((await run(['/providers/x'])).code).toBe(0);
    stubs.verify();
  });
});
