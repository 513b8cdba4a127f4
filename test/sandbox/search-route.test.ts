// The search route over HTTP: a real sandbox on 127.0.0.1:0, raw requests, so
// that requests ipctl never sends (other operators, no header, no key) are covered
// too, and their problems rendered the way ipctl renders them.
import { plain } from '../../src/output/paint.js';
import { describe, expect, it } from 'vitest';
import { parseProblem } from '../../src/api/problem.js';
import { ApiError } from '../../src/errors.js';
import { problemText } from '../../src/output/diagnostics.js';
import type { RequestLogEntry } from '../../src/sandbox/state.js';
import { useBareSandbox } from '../helpers/sandbox.js';

const { sandbox, origin } = useBareSandbox();

interface SearchCall {
  project?: string;
  integration?: string;
  query?: string;
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

function search(call: SearchCall = {}): Promise<Response> {
  const project = call.project ?? 'proj_demo';
  const integration = call.integration ?? 'int_salesforce_sync';
  const query = call.query ?? 'groupRef=acme-corp';
  const headers: Record<string, string> = {};
  const wanted = { 'x-api-key': sandbox.apiKey, 'x-svc-request-type': 'search', 'content-type': 'application/json', ...call.headers };
  for (const [name, value] of Object.entries(wanted)) if (value !== undefined) headers[name] = value;
  const body = call.body === undefined ? { objectName: 'Contact', fieldFilters: [{ fieldName: 'Title', operator: 'eq', value: 'CTO' }] } : call.body;
  return fetch(`${sandbox.searchUrl}/projects/${project}/integrations/${integration}${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

function filters(...triples: Array<[string, string, unknown]>) {
  return triples.map(([fieldName, operator, value]) => ({ fieldName, operator, value }));
}

interface ProblemBody {
  status: number;
  title: string;
  detail: string;
  remedy?: string;
  issues?: Array<{ type: string; in: string; name: string; value: unknown; detail: string }>;
}

async function problem(response: Response, status: number): Promise<ProblemBody & { rendered: string }> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const text = await response.text();
  const body = JSON.parse(text) as ProblemBody;
  expect(body.status).toBe(status);
  // What ipctl prints for it (no color).
  const parsed = parseProblem(status, '', response.headers.get('content-type') ?? '', text);
  const rendered = problemText(new ApiError(status, parsed, response.headers.get('x-request-id') ?? undefined), plain);
  return { ...body, rendered };
}

async function requestLog(): Promise<RequestLogEntry[]> {
  return (await (await fetch(`${origin()}/_sandbox/requests`)).json()) as RequestLogEntry[];
}

describe('a search that succeeds', () => {
  it('answers {results} with id, fields, mappedFields and raw', async () => {
    const response = await search({ body: { objectName: 'Contact', fieldFilters: filters(['email', 'eq', 'ada.okafor0@northwindlogistics.example.com']) } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { results: Array<Record<string, Record<string, unknown>>> };
    expect(Object.keys(body)).toEqual(['results']);
    expect(body.results).toHaveLength(1);
    const [result] = body.results;
    expect(result).toMatchObject({
      id: '003Ac00000000001AA',
      mappedFields: { fullName: 'Ada Okafor', email: 'ada.okafor0@northwindlogistics.example.com', city: 'Berlin' },
      fields: { Email: 'ada.okafor0@northwindlogistics.example.com', MailingCity: 'Berlin' },
      raw: { attributes: { type: 'Contact' }, Id: '003Ac00000000001AA' },
    });
  });

  it('returns a single page of at most the page size', async () => {
    const response = await search({ body: { objectName: 'Contact', fieldFilters: filters(['OwnerId', 'eq', '005Ac00000000001AA']) } });
    const body = (await response.json()) as { results: unknown[] };
    // docs/commands/search.md: one page only, the first 25 matches (this owner has more).
    expect(body.results).toHaveLength(25);
    expect(Object.keys(body)).toEqual(['results']);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await search({ body: { objectName: 'Account', fieldFilters: filters(['city', 'eq', 'Atlantis']) } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [] });
  });

  it('records the request type, what was searched, the credential and the count in the log, never the key', async () => {
    await search({ body: { objectName: 'Contact', fieldFilters: filters(['Title', 'eq', 'CTO']) } });
    const [entry] = await requestLog();
    expect(entry).toMatchObject({
      operation: 'searchRecords',
      status: 200,
      principal: 'apiKey',
      query: { groupRef: 'acme-corp' },
      facts: { requestType: 'search', objectName: 'Contact', fieldFilters: filters(['Title', 'eq', 'CTO']), resultCount: 10 },
    });
    expect(entry!.headerNames).toEqual(expect.arrayContaining(['x-api-key', 'x-svc-request-type', 'content-type']));
    expect(JSON.stringify(await requestLog())).not.toContain(sandbox.apiKey);
  });

  it('redacts a credential typed into a filter before it reaches the log', async () => {
    await search({ body: { objectName: 'Contact', fieldFilters: filters(['Title', 'eq', sandbox.apiKey]) } });
    const text = JSON.stringify(await requestLog());
    expect(text).not.toContain(sandbox.apiKey);
    expect(text).toContain('[REDACTED]');
  });
});

describe('credentials', () => {
  it('answers 401 without an API key, naming the header, and logs no principal', async () => {
    const body = await problem(await search({ headers: { 'x-api-key': undefined } }), 401);
    expect(body.detail).toContain('X-Api-Key');
    expect(body.remedy).toContain('ipctl auth set-key');
    expect(body.rendered).toMatch(/^Error: Unauthorized \(HTTP 401\)\n {2}This operation requires an API key/);
    expect(body.rendered).toContain('Remedy: Set the sandbox API key');
    const [entry] = await requestLog();
    expect(entry).toMatchObject({ status: 401, operation: 'searchRecords' });
    expect(entry).not.toHaveProperty('principal');
  });

  it('answers 401 for a wrong API key, and for a bearer token instead of a key', async () => {
    expect((await problem(await search({ headers: { 'x-api-key': 'sk_wrong' } }), 401)).detail).toBe('The API key is not valid');
    const bearer = await problem(await search({ headers: { 'x-api-key': undefined, authorization: `Bearer ${sandbox.token}` } }), 401);
    expect(bearer.detail).toContain('accepts only an API key');
  });
});

describe('the request: header, query and body (400)', () => {
  it('requires x-svc-request-type: search', async () => {
    const missing = await problem(await search({ headers: { 'x-svc-request-type': undefined } }), 400);
    expect(missing.issues).toEqual([expect.objectContaining({ in: 'header', name: 'x-svc-request-type', value: null })]);
    expect(missing.remedy).toBe('Send the header x-svc-request-type: search.');
    expect(missing.rendered).toContain('header x-svc-request-type: Search requests must carry the header x-svc-request-type: search.');
    expect(missing.rendered).toContain('Remedy: Send the header x-svc-request-type: search.');
    const wrong = await problem(await search({ headers: { 'x-svc-request-type': 'read' } }), 400);
    expect(wrong.issues?.[0]).toMatchObject({ in: 'header', value: 'read', detail: 'must be "search", not "read".' });
    const [entry] = await requestLog();
    expect(entry?.facts).toMatchObject({ requestType: null });
  });

  it('requires one groupRef in the query', async () => {
    const missing = await problem(await search({ query: '' }), 400);
    expect(missing.issues).toEqual([expect.objectContaining({ in: 'query', name: 'groupRef' })]);
    const twice = await problem(await search({ query: 'groupRef=acme-corp&groupRef=globex' }), 400);
    expect(twice.issues?.[0]).toMatchObject({ in: 'query', name: 'groupRef', value: ['acme-corp', 'globex'] });
  });

  it('rejects an unsupported operator with an issue and a remedy naming eq', async () => {
    const body = await problem(await search({ body: { objectName: 'Contact', fieldFilters: filters(['Title', 'eq', 'CTO'], ['Email', 'contains', 'ada']) } }), 400);
    expect(body.title).toBe('Bad Request');
    expect(body.issues).toEqual([
      {
        type: 'https://sandbox.ipctl.dev/problems/unsupported-operator',
        in: 'body',
        name: 'fieldFilters[1].operator',
        value: 'contains',
        detail: 'The operator "contains" is not supported; the supported operator is eq.',
      },
    ]);
    expect(body.remedy).toContain('Use the operator eq');
    expect(body.rendered).toContain('body fieldFilters[1].operator: The operator "contains" is not supported; the supported operator is eq.');
    expect(body.rendered).toContain('Remedy: Use the operator eq');
  });

  it('reports every problem of the body at once', async () => {
    const body = await problem(
      await search({
        headers: { 'x-svc-request-type': undefined },
        body: { objectName: '', fieldFilters: [{ fieldName: '', operator: 'gt', value: 5 }, 'Name=Ada'] },
      }),
      400,
    );
    expect(body.issues?.map((item) => `${item.in} ${item.name}`)).toEqual([
      'header x-svc-request-type',
      'body objectName',
      'body fieldFilters[0].fieldName',
      'body fieldFilters[0].operator',
      'body fieldFilters[0].value',
      'body fieldFilters[1]',
    ]);
    expect(body.detail).toContain('6 problems');
    expect(body.remedy).toContain('x-svc-request-type: search');
    expect(body.remedy).toContain('Use the operator eq');
    expect(body.remedy).toContain('Correct the request');
  });

  it('requires a body, and at least one filter', async () => {
    const none = await fetch(`${sandbox.searchUrl}/projects/proj_demo/integrations/int_salesforce_sync?groupRef=acme-corp`, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.apiKey, 'x-svc-request-type': 'search' },
    });
    expect((await problem(none, 400)).issues?.[0]).toMatchObject({ in: 'body', name: '' });
    const empty = await problem(await search({ body: { objectName: 'Contact', fieldFilters: [] } }), 400);
    expect(empty.issues?.[0]).toMatchObject({ name: 'fieldFilters', detail: expect.stringContaining('at least one filter') });
  });
});

describe('lookups (404)', () => {
  it('answers 404 for an unknown project, and says to use the ID when given the name', async () => {
    const unknown = await problem(await search({ project: 'proj_nope' }), 404);
    expect(unknown.detail).toBe('Project "proj_nope" does not exist.');
    const byName = await problem(await search({ project: 'demo' }), 404);
    expect(byName.remedy).toBe('Search takes the project ID, not its name: use proj_demo (the project named "demo").');
  });

  it('answers 404 for an unknown integration, or one of another project', async () => {
    const unknown = await problem(await search({ integration: 'int_nope' }), 404);
    expect(unknown.detail).toBe('Integration "int_nope" does not exist in project proj_demo.');
    expect(unknown.remedy).toContain('int_salesforce_sync (salesforce-sync)');
    const elsewhere = await problem(await search({ integration: 'int_hubspot_sync' }), 404);
    expect(elsewhere.remedy).toContain('belongs to project proj_marketing');
  });

  it('answers 404 for a groupRef without an installation, listing those with one', async () => {
    const body = await problem(await search({ query: 'groupRef=umbrella' }), 404);
    expect(body.detail).toBe('Integration int_salesforce_sync has no installation for groupRef "umbrella".');
    expect(body.remedy).toBe('Search the installation of an installed user group: acme-corp, globex, initech.');
    expect(body.rendered).toMatch(/^Error: Not Found \(HTTP 404\)\n {2}Integration int_salesforce_sync has no installation/);
  });
});

describe('rules (400)', () => {
  it('refuses an object that is not under read', async () => {
    const body = await problem(await search({ body: { objectName: 'Lead', fieldFilters: filters(['Status', 'eq', 'Open']) } }), 400);
    expect(body.issues).toEqual([expect.objectContaining({ in: 'body', name: 'objectName', value: 'Lead', type: 'https://sandbox.ipctl.dev/problems/object-not-searchable' })]);
    expect(body.detail).toContain('not defined under read in the manifest of integration salesforce-sync');
    expect(body.remedy).toBe('Objects searchable for groupRef acme-corp: Account, Contact, Opportunity. To search Lead, add it under read.objects in the manifest.');
  });

  it('refuses an object the installation disables, and allows one marked enabled: always', async () => {
    const disabled = await problem(await search({ query: 'groupRef=globex', body: { objectName: 'Opportunity', fieldFilters: filters(['StageName', 'eq', 'Closed Won']) } }), 400);
    expect(disabled.detail).toContain('the installation for groupRef globex disables it (read.objects.Opportunity.disabled: true)');
    expect(disabled.remedy).toContain('Objects searchable for groupRef globex: Account, Contact.');
    const always = await search({ query: 'groupRef=initech', body: { objectName: 'Account', fieldFilters: filters(['city', 'eq', 'Berlin']) } });
    expect(always.status).toBe(200);
    expect(((await always.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });

  it('refuses unknown fields, all at once, with the fields that exist', async () => {
    const body = await problem(
      await search({ body: { objectName: 'Contact', fieldFilters: filters(['Title', 'eq', 'CTO'], ['mailingcity', 'eq', 'Lyon'], ['Shoe', 'eq', '42']) } }),
      400,
    );
    expect(body.issues?.map((item) => item.name)).toEqual(['fieldFilters[1].fieldName', 'fieldFilters[2].fieldName']);
    expect(body.issues?.[0]?.detail).toContain('Did you mean "MailingCity"?');
    expect(body.remedy).toContain('mapped fields: fullName, email, city');
    expect(body.remedy).toContain('provider fields: Id, FirstName');
    expect(body.rendered).toContain('body fieldFilters[2].fieldName: "Shoe" is neither a mapped field nor a field of Contact.');
  });
});
