// The read commands against a sandbox, in-process (main() with test streams):
// each command's output in a pipe and on a terminal, its exit codes, and the
// edge cases (flag rules, formats, problems).
import { describe, expect, it } from 'vitest';
import { expectFailed, ipctl as runInProcess, ipctlAtTerminal } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture();


describe('orgs get', () => {
  it('prints the org as a tab-separated vertical table in a pipe', async () => {
    const result = await runInProcess(['orgs', 'get', 'org_demo'], { env: fixture.env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('FIELD\tVALUE');
    expect(lines).toContain('ID\torg_demo');
    expect(lines).toContain('Label\tAcme Demo');
    expect(result.stdout).not.toMatch(/\u001b\[|┌|│/);
  });

  it('prints the API object as JSON', async () => {
    const result = await runInProcess(['orgs', 'get', '--json'], { env: fixture.env() });
    expect(result.code).toBe(0);
    const org = JSON.parse(result.stdout);
    expect(org).toMatchObject({ id: 'org_demo', label: 'Acme Demo' });
    expect(Object.keys(org)).toEqual(expect.arrayContaining(['id', 'label', 'defaultTeamId', 'createTime', 'updateTime']));
  });

  it('draws a boxed, colored table on a terminal', async () => {
    const result = await ipctlAtTerminal(['orgs', 'get', 'org_demo'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('┌');
    expect(result.stdout).toMatch(/│ \u001b\[1mLabel\u001b\[22m +│ Acme Demo/);
  });

  it('draws no color on a terminal when NO_COLOR is set, or with --no-color', async () => {
    for (const [args, env] of [
      [['orgs', 'get'], { NO_COLOR: '1' }],
      [['orgs', 'get', '--no-color'], {}],
    ] as const) {
      const result = await ipctlAtTerminal([...args], { env: fixture.env(env) });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('┌');
      expect(result.stdout).toContain('Acme Demo');
      expect(result.stdout).not.toContain('\u001b[');
    }
  });

  it('colors a pipe when FORCE_COLOR is set', async () => {
    const result = await runInProcess(['orgs', 'get'], { env: fixture.env({ FORCE_COLOR: '1' }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('FIELD\tVALUE');
    // README, Output: FORCE_COLOR (other than 0) turns color on even in a pipe; --no-color, FORCE_COLOR=0 and no FORCE_COLOR leave it off.
    const sgr = /\u001b\[[\d;]*m/;
    const failed = (args: string[], env: Record<string, string>) => runInProcess(['orgs', 'get', 'org_missing', ...args], { env: fixture.env(env) });
    const forced = await failed([], { FORCE_COLOR: '1' });
    expect(forced.code).toBe(3);
    expect(forced.stderr).toMatch(sgr);
    expect(forced.stderr.replace(/\u001b\[[\d;]*m/g, '')).toMatch(/^Error: Not Found \(HTTP 404\)/);
    for (const [args, env] of [[[], {}], [[], { FORCE_COLOR: '0' }], [['--no-color'], { FORCE_COLOR: '1' }]] as const) {
      const plain = await failed([...args], { ...env });
      expect(plain.code).toBe(3);
      expect(plain.stderr, JSON.stringify([args, env])).not.toMatch(sgr);
    }
  });

  it('exits 3 with the problem details for an unknown org, and prints nothing on stdout', async () => {
    const result = await runInProcess(['orgs', 'get', 'org_missing'], { env: fixture.env() });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Error: Not Found \(HTTP 404\)/);
    expect(result.stderr).toContain('org_missing');
    expect(result.stderr).toMatch(/Request ID: req_\w+/);
    expect(result.stderr).toContain('Support: support@sandbox.ipctl.dev');
  });

  it('prints the problem object as JSON on stderr with --output json', async () => {
    const result = await runInProcess(['orgs', 'get', 'org_missing', '-o', 'json'], { env: fixture.env() });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    const problem = JSON.parse(result.stderr);
    expect(problem).toMatchObject({ status: 404, title: 'Not Found' });
    expect(problem.requestId).toMatch(/^req_/);
  });

  it('puts an absolute URI naming the request in the problem\'s instance', async () => {
    const result = await runInProcess(['orgs', 'get', 'no-such-org', '-o', 'json'], { env: fixture.env() });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    const problem = JSON.parse(result.stderr) as { instance: string; requestId: string };
    expect(problem.instance).toBe(`urn:ipctl-sandbox:request:${problem.requestId}`);
    expect(problem.instance).toMatch(/^[A-Za-z][A-Za-z0-9+.-]*:/);
    expect(URL.canParse(problem.instance)).toBe(true);
  });

  it('exits 4 without sending anything when no token is configured', async () => {
    const result = await runInProcess(['orgs', 'get'], { env: fixture.env({ IPCTL_TOKEN: undefined }) });
    expectFailed(result, 4, 'needs a bearer token', 'ipctl auth set-token');
    expect(await fixture.requests()).toEqual([]);
  });

  it('exits 4 with the problem when the token is rejected (401)', async () => {
    const result = await runInProcess(['orgs', 'get'], { env: fixture.env({ IPCTL_TOKEN: 'not-the-right-token-at-all' }) });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('(HTTP 401)');
    expect(result.stderr).not.toContain('not-the-right-token-at-all');
  });

  it('exits 2 and sends nothing when no org is given anywhere', async () => {
    const result = await runInProcess(['orgs', 'get'], { env: fixture.env({ IPCTL_ORG: undefined }) });
    expectFailed(result, 2, 'No organization given', '--org');
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('invites list', () => {
  it('lists invites as email, status, created, id', async () => {
    const result = await runInProcess(['invites', 'list', 'org_demo'], { env: fixture.env() });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('EMAIL\tSTATUS\tCREATED\tID');
    const statuses = lines.slice(1).map((line) => line.split('\t')[1]);
    expect(new Set(statuses)).toEqual(new Set(['pending', 'accepted', 'revoked', 'expired']));
  });

  it('draws a boxed table on a terminal', async () => {
    const result = await ipctlAtTerminal(['invites', 'list'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/│ \u001b\[1mEMAIL\u001b\[22m\s+│/);
    expect(result.stdout).toMatch(/│ ana\.silva@example\.com\s+│ pending/);
  });

  it('filters on --status', async () => {
    const result = await runInProcess(['invites', 'list', '--status', 'pending', '--json'], { env: fixture.env() });
    expect(result.code).toBe(0);
    const invites = JSON.parse(result.stdout) as Array<{ status: string }>;
    expect(invites.length).toBeGreaterThan(0);
    expect(invites.every((invite) => invite.status === 'pending')).toBe(true);
  });

  it('rejects an unknown --status with exit 2, naming the flag and the choices, sending nothing', async () => {
    const result = await runInProcess(['invites', 'list', '--status', 'maybe'], { env: fixture.env() });
    expectFailed(result, 2, '--status', 'pending, accepted, revoked, expired');
    expect(await fixture.requests()).toEqual([]);
  });

  it('prints an empty table, [] in JSON, and exits 0 when there are no invites', async () => {
    const table = await runInProcess(['invites', 'list', 'org_empty'], { env: fixture.env() });
    expect(table.code).toBe(0);
    expect(table.stdout).toBe('EMAIL\tSTATUS\tCREATED\tID\n');
    expect(table.stderr).toBe('');
    const json = await runInProcess(['invites', 'list', 'org_empty', '-o', 'json'], { env: fixture.env() });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);
    const terminal = await ipctlAtTerminal(['invites', 'list', 'org_empty'], { env: fixture.env() });
    expect(terminal.output).toContain('No invites in org_empty.');
  });
});

describe('providers get', () => {
  it('needs no credential and summarises what a connection needs', async () => {
    const result = await runInProcess(['providers', 'get', 'pipedrive'], { env: fixture.env({ IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined }) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Auth type\tapiKey');
    expect(result.stdout).toMatch(/API key\tapiKey\tsecret\tyes/);
    expect(result.stdout).toContain('FEATURE\tSUPPORTED\tDETAILS');
    const [request] = await fixture.requests();
    expect(request?.headerNames).not.toContain('x-api-key');
    expect(request?.headerNames).not.toContain('authorization');
  });

  it('shows scopes and workspace for an OAuth provider that requires them', async () => {
    const result = await runInProcess(['providers', 'get', 'salesforce'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Scopes\toauth2AuthorizationCode\.scopes\tlist\tyes/);
    expect(result.stdout).toMatch(/Workspace\tproviderWorkspaceRef\ttext\tyes/);
  });

  it('draws the summary, needs and support grid as boxed tables on a terminal', async () => {
    const result = await ipctlAtTerminal(['providers', 'get', 'snowflake'], { env: fixture.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('A connection needs');
    expect(result.stdout).toMatch(/│ Password\s+│ customAuth\.password\s+│ secret/);
    expect(result.stdout).toMatch(/one of [\w, ]+/);
    expect(result.stdout).toMatch(/│ read\s+│ \u001b\[32myes\u001b\[39m/);
  });

  it('prints the whole provider object as JSON', async () => {
    const result = await runInProcess(['providers', 'get', 'salesforce', '-o', 'json'], { env: fixture.env() });
    expect(result.code).toBe(0);
    const provider = JSON.parse(result.stdout);
    expect(provider).toMatchObject({ name: 'salesforce', authType: 'oauth2' });
    expect(provider.support).toBeTypeOf('object');
    expect(provider.oauth2Opts.explicitScopesRequired).toBe(true);
  });

  it('gives every module in JSON a displayName, a baseURL and a support object, and a line each in the table', async () => {
    const json = await runInProcess(['providers', 'get', 'salesforce', '-o', 'json'], { env: fixture.env() });
    expect(json.code).toBe(0);
    const modules = (JSON.parse(json.stdout) as { modules: Record<string, Record<string, unknown>> }).modules;
    expect(Object.keys(modules)).toEqual(['crm', 'pardot']);
    const support = { bulkWrite: expect.any(Object), proxy: expect.any(Boolean), read: expect.any(Boolean), subscribe: expect.any(Boolean), write: expect.any(Boolean), delete: expect.any(Boolean), search: { operators: expect.any(Object) } };
    for (const module of Object.values(modules)) {
      expect(module).toEqual({ displayName: expect.any(String), baseURL: expect.stringMatching(/^https:\/\//), support });
    }
    expect(modules.pardot).toMatchObject({ displayName: 'Account Engagement (Pardot)', baseURL: 'https://pi.pardot.com/api/v5', support: { read: true, write: true, delete: false } });
    const table = await runInProcess(['providers', 'get', 'salesforce'], { env: fixture.env() });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('MODULE\tDISPLAY NAME\tBASE URL\tSUPPORTS\n');
    expect(table.stdout).toContain('pardot\tAccount Engagement (Pardot)\thttps://pi.pardot.com/api/v5\tproxy, read, write\n');
  });

  it('exits 3 for an unknown provider, naming it', async () => {
    const result = await runInProcess(['providers', 'get', 'nosuchprovider'], { env: fixture.env() });
    expectFailed(result, 3, 'nosuchprovider');
  });

  it('exits 2 without a provider name', async () => {
    const result = await runInProcess(['providers', 'get'], { env: fixture.env() });
    expectFailed(result, 2, "Error: Missing required argument 'name'.");
  });
});

describe('usage errors', () => {
  it('suggests the closest command for a typo, exit 2', async () => {
    const result = await runInProcess(['invites', 'lst'], { env: fixture.env() });
    expectFailed(result, 2, 'list');
  });

  it('rejects an unknown flag with a suggestion, exit 2, nothing sent', async () => {
    const result = await runInProcess(['orgs', 'get', '--jsn'], { env: fixture.env() });
    expectFailed(result, 2, "Error: Unknown option '--jsn'.", '--json');
    expect(await fixture.requests()).toEqual([]);
  });

  it('rejects an unknown output format, exit 2', async () => {
    const result = await runInProcess(['orgs', 'get', '-o', 'xml'], { env: fixture.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--output');
    expect(result.stderr).toContain('table, wide, json');
  });

  it('rejects an invalid --timeout and IPCTL_BASE_URL, exit 2', async () => {
    const timeout = await runInProcess(['orgs', 'get', '--timeout', 'soon'], { env: fixture.env() });
    expect(timeout.code).toBe(2);
    expect(timeout.stderr).toContain('--timeout');
    const baseUrl = await runInProcess(['orgs', 'get'], { env: fixture.env({ IPCTL_BASE_URL: 'ftp:/nowhere' }) });
    expect(baseUrl.code).toBe(2);
    expect(baseUrl.stderr).toContain('IPCTL_BASE_URL');
    expect(await fixture.requests()).toEqual([]);
  });
});
