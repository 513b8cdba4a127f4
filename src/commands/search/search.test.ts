// ipctl search against a sandbox, in-process (main() with test streams): in a
// pipe, at a terminal, with a profile, and its help.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/cli.js';
import { expectFailed, ipctl, ipctlAtTerminal, type IpctlResult } from '../../../test/helpers/in-process.js';
import { canaryApiKey, canaryToken, useFixture } from '../../../test/helpers/sandbox.js';

const fixture = useFixture();

const salesforce = ['--integration', 'int_salesforce_sync'];
const hubspot = ['--project', 'proj_marketing', '--integration', 'int_hubspot_sync'];
const adaEmail = 'ada.okafor0@northwindlogistics.example.com';
const fullPageOwner = '005Ac00000000001AA';

/** A search in a pipe. */
function search(args: string[], env: Record<string, string | undefined> = {}): Promise<IpctlResult> {
  return ipctl(['search', ...args], { env: fixture.env({ IPCTL_PROJECT: 'proj_demo', ...env }) });
}

/** A search at a terminal: `output` is what it shows, stdout and stderr together. */
function searchInTerminal(args: string[]): Promise<IpctlResult> {
  return ipctlAtTerminal(['search', ...args], { env: fixture.env({ IPCTL_PROJECT: 'proj_demo' }) });
}

/** Rows of tab-separated output, the header first. */
function tsv(stdout: string): string[][] {
  return stdout
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.split('\t'));
}

/** The value of a column in every data row. */
function column(stdout: string, name: string): string[] {
  const [header = [], ...rows] = tsv(stdout);
  const index = header.indexOf(name);
  expect(index, `column ${name} in ${header.join(', ')}`).toBeGreaterThanOrEqual(0);
  return rows.map((row) => row[index] ?? '');
}

function expectNoCanary(result: IpctlResult): void {
  for (const text of [result.stdout, result.stderr]) {
    expect(text).not.toContain(canaryApiKey);
    expect(text).not.toContain(canaryToken);
  }
}

/** The same search, sent straight to the sandbox: what the API answers. */
async function searchDirectly(projectId: string, integrationId: string, groupRef: string, body: unknown): Promise<string> {
  const response = await fetch(`${fixture.sandbox.searchUrl}/projects/${projectId}/integrations/${integrationId}?groupRef=${groupRef}`, {
    method: 'POST',
    headers: { 'x-api-key': canaryApiKey, 'x-svc-request-type': 'search', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe('ipctl search: matching', () => {
  it('matches by a mapped field name, showing the mapped fields marked as such', async () => {
    const result = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', `email=${adaEmail}`]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [header, ...rows] = tsv(result.stdout);
    expect(header?.slice(0, 4)).toEqual(['ID', 'fullName (mapped)', 'email (mapped)', 'city (mapped)']);
    expect(header).toEqual(expect.arrayContaining(['Email', 'MailingCity', 'FirstName', 'LastName']));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(0, 4)).toEqual(['003Ac00000000001AA', 'Ada Okafor', adaEmail, 'Berlin']);
    expect(column(result.stdout, 'Email')).toEqual([adaEmail]);
    expectNoCanary(result);
  });

  it("uses the installation's own choice for a mapped name: city is MailingCountry for globex", async () => {
    const result = await search(['Contact', ...salesforce, '--group-ref', 'globex', '--where', 'city=Germany', '--fields', 'city,MailingCity,MailingCountry']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(tsv(result.stdout)[0]).toEqual(['ID', 'city (mapped)', 'MailingCity', 'MailingCountry']);
    expect(column(result.stdout, 'MailingCountry').length).toBeGreaterThan(0);
    expect(new Set(column(result.stdout, 'MailingCountry'))).toEqual(new Set(['Germany']));
    expect(new Set(column(result.stdout, 'city (mapped)'))).toEqual(new Set(['Germany']));
  });

  it("matches by the provider's own field name (HubSpot keeps fields under properties)", async () => {
    const result = await search(['contacts', ...hubspot, '--group-ref', 'hooli', '--where', 'lastname=Haddad']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lastnames = column(result.stdout, 'lastname');
    expect(lastnames.length).toBeGreaterThan(0);
    expect(new Set(lastnames)).toEqual(new Set(['Haddad']));
    // hooli maps stage to jobtitle
    expect(column(result.stdout, 'stage (mapped)')).toEqual(column(result.stdout, 'jobtitle'));
  });

  it('ANDs several filters, and accepts the FIELD eq VALUE form', async () => {
    const one = await search(['Account', ...salesforce, '--group-ref', 'acme-corp', '--where', 'city=Berlin', '--fields', 'companyName,Industry,BillingCity']);
    const two = await search(['Account', ...salesforce, '--group-ref', 'acme-corp', '--where', 'city=Berlin', '--where', 'Industry eq Technology', '--fields', 'companyName,Industry,BillingCity']);
    for (const result of [one, two]) {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    }
    const berlin = tsv(one.stdout).slice(1);
    const both = tsv(two.stdout).slice(1);
    expect(berlin.length).toBeGreaterThan(both.length);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every(([, , industry, city]) => industry === 'Technology' && city === 'Berlin')).toBe(true);
    expect(both).toEqual(berlin.filter(([, , industry]) => industry === 'Technology'));
    const [logged] = (await fixture.requests()).slice(-1);
    expect(logged?.facts?.fieldFilters).toEqual([
      { fieldName: 'city', operator: 'eq', value: 'Berlin' },
      { fieldName: 'Industry', operator: 'eq', value: 'Technology' },
    ]);
  });

  it('searches an object marked enabled: always on an installation that disables it', async () => {
    const result = await search(['Account', ...salesforce, '--group-ref', 'initech', '--where', 'city=Berlin', '--fields', 'companyName']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(tsv(result.stdout)).toEqual([
      ['ID', 'companyName (mapped)'],
      ['001In00000000001AA', 'Northwind Logistics'],
      ['001In00000000013AA', 'Pinecrest Robotics'],
    ]);
  });

  it('prints an empty table, {"results": []} or no lines, and exits 0, when nothing matches', async () => {
    const args = ['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Email=nobody@example.com'];
    const table = await search(args);
    expect(table).toMatchObject({ code: 0, stdout: 'ID\n', stderr: '' });
    const picked = await search([...args, '--fields', 'fullName,Email']);
    expect(picked).toMatchObject({ code: 0, stdout: 'ID\tfullName\tEmail\n', stderr: '' });
    const json = await search([...args, '-o', 'json']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toEqual({ results: [] });
    const ndjson = await search([...args, '-o', 'ndjson']);
    expect(ndjson).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const terminal = await searchInTerminal(args);
    expect(terminal.code).toBe(0);
    expect(terminal.output).toContain('No Contact records match in the installation for acme-corp.');
  });
});

describe('ipctl search: output formats', () => {
  const adaSearch = ['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', `email=${adaEmail}`];

  it('-o json prints the response as received', async () => {
    const result = await search([...adaSearch, '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const direct = await searchDirectly('proj_demo', 'int_salesforce_sync', 'acme-corp', {
      objectName: 'Contact',
      fieldFilters: [{ fieldName: 'email', operator: 'eq', value: adaEmail }],
    });
    expect(result.stdout).toBe(`${JSON.stringify(JSON.parse(direct), null, 2)}\n`);
    const response = JSON.parse(result.stdout);
    expect(Object.keys(response.results[0])).toEqual(['id', 'fields', 'mappedFields', 'raw']);
    expect(response.results[0].raw.attributes).toEqual({ type: 'Contact', url: '/services/data/v60.0/sobjects/Contact/003Ac00000000001AA' });
    const alias = await search([...adaSearch, '--json']);
    expect(alias.stdout).toBe(result.stdout);
  });

  it('-o ndjson prints one result a line', async () => {
    const result = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title=CTO', '-o', 'ndjson']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(10);
    const items = lines.map((line) => JSON.parse(line));
    expect(items.every((item) => item.fields.Title === 'CTO' && typeof item.id === 'string' && item.mappedFields && item.raw)).toBe(true);
    const json = JSON.parse((await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title=CTO', '-o', 'json'])).stdout);
    expect(items).toEqual(json.results);
  });

  it('--fields picks columns, after the ID', async () => {
    const result = await search([...adaSearch, '--fields', 'Email,fullName,Title']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(tsv(result.stdout)).toEqual([
      ['ID', 'Email', 'fullName (mapped)', 'Title'],
      ['003Ac00000000001AA', adaEmail, 'Ada Okafor', 'VP Sales'],
    ]);
  });

  it('--fields warns on stderr about a name no result has', async () => {
    const result = await search([...adaSearch, '--fields', 'Email,Shoe']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Warning: no result has a field named "Shoe" (from --fields).\n');
    expect(tsv(result.stdout)).toEqual([
      ['ID', 'Email', 'Shoe'],
      ['003Ac00000000001AA', adaEmail, ''],
    ]);
  });

  it("--raw shows the provider's native record, and --fields reaches into it", async () => {
    const raw = await search(['contacts', ...hubspot, '--group-ref', 'hooli', '--where', 'lastname=Haddad', '--raw']);
    expect(raw).toMatchObject({ code: 0, stderr: '' });
    expect(tsv(raw.stdout)[0]).toEqual(['ID', 'id', 'properties', 'createdAt', 'updatedAt', 'archived']);
    const properties = column(raw.stdout, 'properties').map((text) => JSON.parse(text));
    expect(properties.every((item) => item.lastname === 'Haddad')).toBe(true);
    expect(new Set(column(raw.stdout, 'archived'))).toEqual(new Set(['false']));
    const picked = await search(['contacts', ...hubspot, '--group-ref', 'hooli', '--where', 'lastname=Haddad', '--raw', '--fields', 'properties.email,createdAt']);
    expect(picked).toMatchObject({ code: 0, stderr: '' });
    expect(tsv(picked.stdout)[0]).toEqual(['ID', 'properties.email', 'createdAt']);
    expect(column(picked.stdout, 'properties.email').every((email) => /^[a-z]+\.haddad\d+@/.test(email))).toBe(true);
  });

  it('draws a boxed table on a terminal, with the mapped fields marked', async () => {
    const result = await searchInTerminal([...adaSearch, '--fields', 'fullName,Title']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('┌');
    expect(result.stdout).toMatch(/│ \u001b\[1mfullName \(mapped\)\u001b\[22m +│/);
    expect(result.stdout).toMatch(/│ 003Ac00000000001AA │ Ada Okafor +│ VP Sales +│/);
    expect(result.output).not.toContain('page is full');
  });

  it('says when the page is full, on a terminal and in a pipe alike; --quiet and IPCTL_QUIET silence it, never the results', async () => {
    const args = ['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', `OwnerId=${fullPageOwner}`, '--fields', 'fullName'];
    const notice = 'This page is full (25 results). Search returns a single page and is meant for narrow queries, so more records may match; add --where filters to narrow it.\n';
    const terminal = await searchInTerminal(args);
    expect(terminal.code).toBe(0);
    expect(terminal.output).toContain(notice.trim());
    const piped = await search(args);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe(notice);
    expect(tsv(piped.stdout)).toHaveLength(26);
    const json = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', `OwnerId=${fullPageOwner}`, '-o', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stderr)).toEqual({ type: 'urn:ipctl:notice:page-full', title: notice.trim(), results: 25, moreMayExist: true });
    for (const quiet of [await search([...args, '--quiet']), await search(args, { IPCTL_QUIET: '1' })]) {
      expect(quiet.code).toBe(0);
      expect(quiet.stderr).toBe('');
      expect(quiet.stdout).toBe(piped.stdout);
    }
  });

  it('rejects --fields and --raw with -o json or ndjson, exit 2, nothing sent', async () => {
    const result = await search([...adaSearch, '--fields', 'Email', '--raw', '-o', 'ndjson']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    // One problem document, in the format asked for, naming each flag.
    expect(JSON.parse(result.stderr).errors).toEqual([
      { flag: '--fields', detail: 'shapes the table only; -o ndjson prints the results as received (pick fields with --query)' },
      { flag: '--raw', detail: 'shapes the table only; -o ndjson prints the results as received (pick fields with --query)' },
    ]);
    const json = await search([...adaSearch, '--raw', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr).errors).toEqual([{ flag: '--raw', detail: 'shapes the table only; --json prints the results as received (pick fields with --query)' }]);
    expect(await fixture.requests()).toEqual([]);
  });
});

describe('ipctl search: what is sent', () => {
  it('sends x-svc-request-type: search and the API key to the search base URL (asserted on the sandbox side)', async () => {
    const result = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title=CTO', '--fields', 'Title']);
    expect(result.code).toBe(0);
    const requests = await fixture.requests();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/search/v1/projects/proj_demo/integrations/int_salesforce_sync',
      query: { groupRef: 'acme-corp' },
      operation: 'searchRecords',
      status: 200,
      principal: 'apiKey',
      facts: {
        requestType: 'search',
        objectName: 'Contact',
        fieldFilters: [{ fieldName: 'Title', operator: 'eq', value: 'CTO' }],
        resultCount: 10,
      },
    });
    expect(request?.headerNames).toEqual(expect.arrayContaining(['x-api-key', 'x-svc-request-type', 'content-type']));
    expect(request?.headerNames).not.toContain('authorization');
    expect(JSON.stringify(requests)).not.toContain(canaryApiKey);
  });

  it('takes the project from --project over IPCTL_PROJECT, and from a profile', async () => {
    const flag = await search(['contacts', '--project', 'proj_marketing', '--integration', 'int_hubspot_sync', '--group-ref', 'umbrella', '--where', 'stage=customer']);
    expect(flag).toMatchObject({ code: 0, stderr: '' });
    // Its own config directory, so that the profile stays out of the other tests.
    const config = tempDir();
    try {
      const env = fixture.env({ IPCTL_CONFIG_DIR: config.path });
      const added = await ipctl(['profile', 'add', 'marketing', '--project', 'proj_marketing'], { env });
      expect(added.code).toBe(0);
      const profile = await ipctl(['search', 'contacts', '--profile', 'marketing', '--integration', 'int_hubspot_sync', '--group-ref', 'umbrella', '--where', 'stage=customer'], { env });
      expect(profile).toMatchObject({ code: 0, stderr: '' });
      expect(profile.stdout).toBe(flag.stdout);
    } finally {
      config.remove();
    }
    const paths = (await fixture.requests()).filter((request) => request.operation === 'searchRecords').map((request) => request.path);
    expect(paths).toEqual(['/search/v1/projects/proj_marketing/integrations/int_hubspot_sync', '/search/v1/projects/proj_marketing/integrations/int_hubspot_sync']);
  });

  it('traces the request with --debug, the key redacted', async () => {
    const result = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title=CTO', '--debug', '-o', 'ndjson']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`→ POST ${fixture.sandbox.searchUrl}/projects/proj_demo/integrations/int_salesforce_sync?groupRef=acme-corp`);
    expect(result.stderr).toContain('x-svc-request-type: search');
    expect(result.stderr).toMatch(/x-api-key: \*+[A-Za-z0-9]{4}\n/);
    expectNoCanary(result);
  });
});

describe('ipctl search: input rejected locally (exit 2, nothing sent)', () => {
  it('rejects an operator other than eq, naming eq', async () => {
    const result = await search(['Account', ...salesforce, '--group-ref', 'acme-corp', '--where', 'AnnualRevenue gt 1000000']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'Error: Invalid input. --where: "AnnualRevenue gt 1000000": the operator "gt" is not supported; the only supported operator is eq (write AnnualRevenue=1000000 or "AnnualRevenue eq 1000000").\nSee: ipctl search --help\n',
    );
    expect(await fixture.requests()).toEqual([]);
  });

  it('reports every missing piece at once', async () => {
    const result = await search([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Invalid input (4 problems):');
    expect(result.stderr).toContain('  - OBJECT: is required: the object to search, such as Contact');
    expect(result.stderr).toContain('  - --integration: is required: the integration ID');
    expect(result.stderr).toContain('  - --group-ref: is required');
    expect(result.stderr).toContain('  - --where: is required: at least one filter');
    expect(await fixture.requests()).toEqual([]);
  });

  it('rejects filters that are not FIELD=VALUE, each named', async () => {
    const result = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title', '--where', '=CTO', '--where', 'Title eq']);
    expectFailed(
      result,
      2,
      '  - --where: "Title" is not a filter; write FIELD=VALUE or "FIELD eq VALUE".',
      '  - --where: "=CTO" has no field name before "="; write FIELD=VALUE.',
      '  - --where: "Title eq" has no value after eq; write "Title eq VALUE".',
    );
    expect(await fixture.requests()).toEqual([]);
  });

  it('needs a project', async () => {
    const result = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title=CTO'], { IPCTL_PROJECT: undefined });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('Error: No project given.\nPass --project ID|NAME, or set a default with IPCTL_PROJECT or `ipctl profile add NAME --project ID|NAME`; `ipctl projects list` lists them.\n');
    expect(await fixture.requests()).toEqual([]);
  });

  it('needs an API key (exit 4), even with a bearer token', async () => {
    const result = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title=CTO'], { IPCTL_API_KEY: undefined });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('This command needs an API key, and none is configured.');
    expect(await fixture.requests()).toEqual([]);
  });

  it('says in its help that search returns a single page, for narrow queries', async () => {
    const result = await ipctl(['search', '--help']);
    expect(result.code).toBe(0);
    // Wrapped to 80 columns in a pipe (README, Output: help fits the terminal).
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('Usage: ipctl search OBJECT --integration ID --group-ref REF --where FIELD=VALUE... [options]');
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('Search returns a single page of results and is meant for narrow, targeted queries');
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('(25 results or more)');
    const top = await ipctl(['--help']);
    expect(top.stdout.replace(/\s+/g, ' ')).toContain("search Search records in a customer's SaaS instance (one page; for narrow queries)");
  });
});

describe('ipctl search: problems from the sandbox', () => {
  async function refused(args: string[], code: number, env: Record<string, string | undefined> = {}): Promise<IpctlResult> {
    const result = await search(args, env);
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/\n {2}Request ID: req_\w+\n/);
    expect(result.stderr).toContain('  Support: support@sandbox.ipctl.dev');
    expectNoCanary(result);
    return result;
  }

  it('an object disabled by the installation: 400, exit 1, with the issue and remedy', async () => {
    const result = await refused(['Opportunity', ...salesforce, '--group-ref', 'globex', '--where', 'StageName=Closed Won'], 1);
    expect(result.stderr).toMatch(/^Error: Bad Request \(HTTP 400\)\n/);
    expect(result.stderr).toContain(
      '  The object "Opportunity" is not searchable: the installation for groupRef globex disables it (read.objects.Opportunity.disabled: true).\n  body objectName: disabled by the installation config of groupRef globex.\n',
    );
    expect(result.stderr).toContain('  Remedy: Objects searchable for groupRef globex: Account, Contact. To search Opportunity, enable it');
  });

  it('an object not under read: 400, exit 1', async () => {
    const result = await refused(['Lead', ...salesforce, '--group-ref', 'acme-corp', '--where', 'LeadSource=Web'], 1);
    expect(result.stderr).toMatch(/^Error: Bad Request \(HTTP 400\)\n {2}The object "Lead" is not searchable: it is not defined under read in the manifest of integration salesforce-sync\.\n/);
    expect(result.stderr).toContain('  body objectName: "Lead" is not under read.objects in the manifest; search needs the object there.\n');
    expect(result.stderr).toContain('  Remedy: Objects searchable for groupRef acme-corp: Account, Contact, Opportunity. To search Lead, add it under read.objects in the manifest.\n');
  });

  it('an unknown field: 400, exit 1, suggesting the right case', async () => {
    const result = await refused(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'mailingcity=Lyon'], 1);
    expect(result.stderr).toContain('  body fieldFilters[0].fieldName: "mailingcity" is neither a mapped field nor a field of Contact. Did you mean "MailingCity"? Field names are case-sensitive.\n');
    expect(result.stderr).toContain('  Remedy: Filter on a field Contact has (mapped fields: fullName, email, city; provider fields: Id, ');
  });

  it('an unknown groupRef, integration or project: 404, exit 3', async () => {
    const groupRef = await refused(['Contact', ...salesforce, '--group-ref', 'umbrella', '--where', 'Title=CTO'], 3);
    expect(groupRef.stderr).toMatch(/^Error: Not Found \(HTTP 404\)\n {2}Integration int_salesforce_sync has no installation for groupRef "umbrella"\.\n {2}Remedy: Search the installation of an installed user group: acme-corp, globex, initech\.\n/);
    const integration = await refused(['Contact', '--integration', 'int_hubspot_sync', '--group-ref', 'acme-corp', '--where', 'Title=CTO'], 3);
    expect(integration.stderr).toContain('  Integration "int_hubspot_sync" does not exist in project proj_demo.\n');
    expect(integration.stderr).toContain('  Remedy: Integration int_hubspot_sync belongs to project proj_marketing; search it with --project proj_marketing.');
    // A name is looked up first (README, search); an unknown one is the lookup's 404.
    const project = await refused(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title=CTO'], 3, { IPCTL_PROJECT: 'no-such-project' });
    expect(project.stderr).toContain('`ipctl projects list`');
  });

  it('a wrong API key: 401, exit 4, without echoing it', async () => {
    const wrongKey = 'sk_wrong_CANARY_0000111122223333';
    const result = await search(['Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', 'Title=CTO'], { IPCTL_API_KEY: wrongKey });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Error: Unauthorized \(HTTP 401\)\n {2}The API key is not valid\n {2}Remedy: Set the sandbox API key for ipctl with `ipctl auth set-key`/);
    expect(result.stderr).not.toContain(wrongKey);
    const [request] = await fixture.requests();
    expect(request).toMatchObject({ status: 401, operation: 'searchRecords' });
    expect(request).not.toHaveProperty('principal');
  });

  it('prints the problem as JSON on stderr with -o json or ndjson', async () => {
    for (const format of ['json', 'ndjson']) {
      const result = await search(['Lead', ...salesforce, '--group-ref', 'acme-corp', '--where', 'LeadSource=Web', '-o', format]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      const problem = JSON.parse(result.stderr);
      expect(problem).toMatchObject({ status: 400, title: 'Bad Request', issues: [{ in: 'body', name: 'objectName', value: 'Lead' }] });
      expect(problem.remedy).toContain('add it under read.objects');
    }
  });
});

describe('search against a sandbox that answers in the published shape (`result`, entries without an id)', () => {
  const published = useFixture({ searchAnswer: 'result' });

  const args = ['search', 'Contact', ...salesforce, '--group-ref', 'acme-corp', '--where', `email=${adaEmail}`];

  it('prints a table led by the mapped fields and exits 0', async () => {
    const result = await ipctl(args, { env: published.env({ IPCTL_PROJECT: 'proj_demo' }) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [header = [], ...rows] = tsv(result.stdout);
    expect(header).not.toContain('ID');
    expect(header[0]).toMatch(/ \(mapped\)$/);
    expect(rows).toHaveLength(1);
    expect(column(result.stdout, 'email (mapped)')).toEqual([adaEmail]);
    // The same record as the reference shape gives, less its ID column.
    const reference = await search(args.slice(1));
    expect(reference.code).toBe(0);
    const [referenceHeader = [], ...referenceRows] = tsv(reference.stdout);
    expect(referenceHeader).toEqual(['ID', ...header]);
    expect(referenceRows.map((row) => row.slice(1))).toEqual(rows);
  });

  it('-o json prints the answer as received: `result`, entries with fields, mappedFields and raw', async () => {
    const result = await ipctl([...args, '-o', 'json'], { env: published.env({ IPCTL_PROJECT: 'proj_demo' }) });
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { result: Array<Record<string, unknown>> };
    expect(Object.keys(answer)).toEqual(['result']);
    expect(answer.result.map((entry) => Object.keys(entry))).toEqual([['fields', 'mappedFields', 'raw']]);
  });
});
