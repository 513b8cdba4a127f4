import { describe, expect, it } from 'vitest';
import { operations } from '../../src/api/operations.js';
import { routes, routeTemplates } from '../../src/api/routes.js';
import { defaultAuth, resolveTarget, type Target, type TargetSettings } from '../../src/request/target.js';

const settings: TargetSettings = { baseUrl: 'https://api.example.com/v1', searchUrl: 'https://search.example.com/v1', org: 'org_demo', project: 'proj_demo' };

function target(path: string, search = false, given: TargetSettings = settings): Target {
  const resolved = resolveTarget(path, search, given);
  if ('problem' in resolved) throw new Error(resolved.problem);
  return resolved;
}

function problem(path: string, given: TargetSettings = settings): string {
  const resolved = resolveTarget(path, false, given);
  return 'problem' in resolved ? resolved.problem : `no problem: ${resolved.url.href}`;
}

/** The reference's section 4 and its per-operation credential table (section 5), written out by hand. */
const referenceRoutes = [
  { method: 'GET', base: 'api', path: '/orgs/{orgId}/invites', auth: 'bearer' },
  { method: 'GET', base: 'api', path: '/orgs/{orgId}', auth: 'bearer' },
  { method: 'POST', base: 'api', path: '/projects/{projectIdOrName}/connections:generate', auth: 'apiKey' },
  { method: 'PATCH', base: 'api', path: '/projects/{projectIdOrName}/destinations/{destination}', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/providers/{provider}', auth: 'none' },
  { method: 'POST', base: 'search', path: '/projects/{projectId}/integrations/{integrationId}', auth: 'apiKey' },
  // read-operations.md: either credential unless said otherwise; the providers list takes none.
  { method: 'GET', base: 'api', path: '/projects', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}/connections', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}/connections/{connectionId}', auth: 'apiKeyOrBearer' },
  { method: 'DELETE', base: 'api', path: '/projects/{projectIdOrName}/connections/{connectionId}', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}/destinations', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}/destinations/{destination}', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/providers', auth: 'none' },
];

describe('routes', () => {
  it('are the reference\'s operations, method, base, path and credential alike', () => {
    const fromTable = routes.map(({ method, base, path, auth }) => ({ method, base, path, auth }));
    expect(fromTable.sort(byPath)).toEqual([...referenceRoutes].sort(byPath));
  });

  it('are what the operations send, each with an answer schema, so `ipctl api` and the commands agree', () => {
    const fromOperations = Object.values(operations).map(({ method, base, path, auth }) => ({ method, base, path, auth }));
    expect(fromOperations.sort(byPath)).toEqual([...referenceRoutes].sort(byPath));
    for (const operation of Object.values(operations)) expect(typeof operation.response, operation.id).toBe('object');
  });

  it('repeat after a possible arrival only what reads or sets a value: connections:generate creates, so it is repeated only before sending', () => {
    const beforeSend = routes.filter((route) => route.retry === 'beforeSend').map((route) => `${route.method} ${route.path}`);
    expect(beforeSend).toEqual(['POST /projects/{projectIdOrName}/connections:generate']);
  });

  it('are offered with {org} and {project} for the profile to fill', () => {
    expect(routeTemplates()).toContain('/orgs/{org}/invites');
    expect(routeTemplates()).toContain('/projects/{project}/destinations/{destination}');
    expect(routeTemplates()).toContain('/projects/{project}/integrations/{integrationId}');
  });
});

describe('resolveTarget', () => {
  it('joins a path to the base URL, with or without its leading slash', () => {
    expect(target('/orgs/org_demo').url.href).toBe('https://api.example.com/v1/orgs/org_demo');
    expect(target('orgs/org_demo').url.href).toBe('https://api.example.com/v1/orgs/org_demo');
    expect(target('/orgs/org_demo?x=1').url.href).toBe('https://api.example.com/v1/orgs/org_demo?x=1');
    expect(target('/orgs/x', false, { ...settings, baseUrl: 'https://api.example.com/v1/' }).url.href).toBe('https://api.example.com/v1/orgs/x');
  });

  it('refuses a PATH that repeats the path of the base URL, naming the PATH meant', () => {
    expect(problem('/v1/orgs/org_demo')).toBe('PATH is relative to the base URL, which already ends in /v1: use /orgs/org_demo');
    expect(problem('v1/orgs/{org}/invites?x=1')).toBe('PATH is relative to the base URL, which already ends in /v1: use /orgs/{org}/invites?x=1');
    expect(problem('/v1')).toBe('PATH is relative to the base URL, which already ends in /v1: use /');
    expect(problem('/api/v2/orgs/x', { ...settings, baseUrl: 'https://gw.example.com/api/v2/' })).toBe('PATH is relative to the base URL, which already ends in /api/v2: use /orgs/x');
    const searched = resolveTarget('/search/v1/projects/p', true, { ...settings, searchUrl: 'https://api.example.com/search/v1' });
    expect(searched).toEqual({ problem: 'PATH is relative to the search URL, which already ends in /search/v1: use /projects/p' });
    // Not the prefix itself, a base URL without a path, a full URL: joined as given.
    expect(target('/v1x/orgs').url.href).toBe('https://api.example.com/v1/v1x/orgs');
    expect(target('/v1/orgs', false, { ...settings, baseUrl: 'https://api.example.com' }).url.href).toBe('https://api.example.com/v1/orgs');
    expect(target('https://api.example.com/v1/orgs/org_demo').url.href).toBe('https://api.example.com/v1/orgs/org_demo');
  });

  it('joins to the search URL with --search', () => {
    expect(target('/projects/p/integrations/i', true)).toEqual({ url: new URL('https://search.example.com/v1/projects/p/integrations/i'), base: 'search' });
  });

  it('fills {org} and {project} from the profile, encoded', () => {
    expect(target('/orgs/{org}/invites').url.pathname).toBe('/v1/orgs/org_demo/invites');
    expect(target('/projects/{project}/destinations/d', false, { ...settings, project: 'my project' }).url.pathname).toBe('/v1/projects/my%20project/destinations/d');
  });

  it('says how to set {org} or {project} when the profile has none', () => {
    expect(problem('/orgs/{org}', { ...settings, org: undefined })).toMatch(/^PATH: \{org\} stands for the profile's org, and none is configured; set one with IPCTL_ORG/);
  });

  it('refuses any other placeholder, naming it', () => {
    expect(problem('/projects/{project}/destinations/{destination}')).toMatch(/^PATH: \{destination\} is a placeholder; put the destination itself in its place/);
  });

  it('takes a full URL on the origin of the base URL or the search URL', () => {
    expect(target('https://api.example.com/v1/orgs/x')).toEqual({ url: new URL('https://api.example.com/v1/orgs/x'), base: 'api' });
    expect(target('https://search.example.com/v1/projects/p/integrations/i').base).toBe('search');
  });

  it('tells the search URL from the base URL on one origin by the longer base', () => {
    const shared = { baseUrl: 'http://127.0.0.1:4510/v1', searchUrl: 'http://127.0.0.1:4510/search/v1' };
    expect(target('http://127.0.0.1:4510/search/v1/projects/p/integrations/i', false, shared).base).toBe('search');
    expect(target('http://127.0.0.1:4510/v1/orgs/x', false, shared).base).toBe('api');
  });

  it('refuses a URL on another origin, another scheme, or with a password', () => {
    expect(problem('https://elsewhere.example.com/v1/orgs/x')).toMatch(/^PATH: https:\/\/elsewhere\.example\.com is not the origin of the base URL/);
    expect(problem('http://api.example.com/v1/orgs/x')).toMatch(/is not the origin/);
    expect(problem('https://api.example.com:8443/v1/orgs/x')).toMatch(/is not the origin/);
    expect(problem('file:///etc/passwd')).toMatch(/^PATH: file: URLs are not sent/);
    expect(problem('https://user:pw@api.example.com/v1/orgs/x')).toMatch(/must not hold a user name or password/);
  });

  it('refuses dot steps, spaces and control characters', () => {
    expect(problem('/orgs/../admin')).toMatch(/must not hold "\." or "\.\." steps/);
    expect(problem('/orgs/%2e%2e/admin')).toMatch(/must not hold "\." or "\.\." steps/);
    expect(problem('/orgs/a b')).toMatch(/must not hold spaces or control characters/);
  });
});

describe('resolveTarget: the base URL\'s path holds in every spelling', () => {
  const dotStep = /^PATH: must not hold "\." or "\.\." steps, in any spelling/;

  it('reads backslashes in a relative PATH as slashes, and refuses the steps they spell', () => {
    expect(problem('/orgs\\..\\..\\admin')).toMatch(dotStep);
    expect(problem('/orgs/x\\..\\y')).toMatch(dotStep);
    expect(problem('..\\admin')).toMatch(dotStep);
    expect(problem('\\v1\\orgs\\x')).toBe('PATH is relative to the base URL, which already ends in /v1: use /orgs/x');
    // Near-misses: a backslash that steps nowhere is a slash; one in the query is data.
    expect(target('/orgs\\org_demo').url.href).toBe('https://api.example.com/v1/orgs/org_demo');
    expect(target('\\\\elsewhere.example.com/x').url.href).toBe('https://api.example.com/v1/elsewhere.example.com/x');
    expect(target('/orgs/x?q=a\\..').url.pathname).toBe('/v1/orgs/x');
  });

  it('refuses steps spelt with encoded dots, encoded slashes or ;parameters', () => {
    for (const path of ['/orgs/%2E%2e/x', '/orgs/.%2E/x', '/orgs/%2e/x', '/orgs/..%2fadmin', '/orgs/x%2F..%2Fy', '/orgs/..%5cadmin', '/orgs/..;/admin', '/orgs/%2e%2e;x=1/y']) {
      expect(problem(path), path).toMatch(dotStep);
    }
    // Near-misses: dots that are part of a name, an encoded slash that steps nowhere.
    expect(target('/orgs/a..b/x').url.pathname).toBe('/v1/orgs/a..b/x');
    expect(target('/orgs/.../x').url.pathname).toBe('/v1/orgs/.../x');
    expect(target('/orgs/.well-known').url.pathname).toBe('/v1/orgs/.well-known');
    expect(target('/orgs/a%2Fb').url.pathname).toBe('/v1/orgs/a%2Fb');
    expect(target('/orgs/x;v=1').url.pathname).toBe('/v1/orgs/x;v=1');
  });

  it('resolves a full URL as its parser does, then keeps it below the path of the base URL or the search URL', () => {
    for (const url of [
      'https://api.example.com/v1/../admin',
      'https://api.example.com/v1/%2e%2e/admin',
      'https://api.example.com/v1/.%2E/admin',
      'https://api.example.com/v1\\..\\admin',
      'https://api.example.com/v1/orgs/..%2f..%2fadmin',
      'https://api.example.com/v1/..;/admin',
    ]) {
      expect(problem(url), url).toMatch(dotStep);
    }
    expect(problem('https://api.example.com/admin')).toBe('PATH: /admin is not below the path of the base URL (/v1) or of the search URL (/v1); ipctl sends requests to the configured service only');
    expect(problem('https://api.example.com/v1x/orgs')).toMatch(/^PATH: \/v1x\/orgs is not below the path of the base URL/);
    expect(problem('https://api.example.com/V1/orgs')).toMatch(/is not below the path of the base URL/);
    // The search URL's path on the base URL's origin is not the base URL's: each path goes with its own origin.
    expect(problem('https://search.example.com/admin')).toMatch(/is not below the path/);
    // Near-misses: the base URL itself, a path below it, a backslash that steps nowhere.
    expect(target('https://api.example.com/v1').url.href).toBe('https://api.example.com/v1');
    expect(target('https://api.example.com/v1/orgs/x?next=/../admin').url.pathname).toBe('/v1/orgs/x');
    expect(target('https://api.example.com/v1\\orgs\\x').url.href).toBe('https://api.example.com/v1/orgs/x');
    expect(target('https://search.example.com/v1/projects/p/integrations/i').base).toBe('search');
  });

  it('takes any path on the origin of a base URL without one', () => {
    const bare = { ...settings, baseUrl: 'https://api.example.com', searchUrl: 'https://api.example.com' };
    expect(target('https://api.example.com/anything', false, bare).url.pathname).toBe('/anything');
    expect(resolveTarget('https://api.example.com/a/../b', false, bare)).toEqual({ problem: expect.stringMatching(dotStep) });
  });

  it('tells the near-miss port from the base URL\'s own', () => {
    const local = { baseUrl: 'http://127.0.0.1:4510/v1', searchUrl: 'http://127.0.0.1:4510/search/v1' };
    expect(target('http://127.0.0.1:4510/v1/orgs/x', false, local).url.port).toBe('4510');
    expect(problem('http://127.0.0.1:45100/v1/orgs/x', local)).toMatch(/^PATH: http:\/\/127\.0\.0\.1:45100 is not the origin of the base URL \(http:\/\/127\.0\.0\.1:4510\)/);
    expect(problem('http://127.0.0.1:451/v1/orgs/x', local)).toMatch(/is not the origin/);
  });
});

describe('defaultAuth', () => {
  const auth = (path: string, search = false) => defaultAuth(target(path, search), settings);

  it('is the credential the spec gives the route', () => {
    expect(auth('/orgs/org_demo')).toBe('bearer');
    expect(auth('/orgs/org_demo/invites')).toBe('bearer');
    expect(auth('/providers/salesforce')).toBe('none');
    expect(auth('/projects/p/destinations/d')).toBe('apiKeyOrBearer');
    expect(auth('/projects/p/connections:generate')).toBe('apiKey');
    // read-operations.md: either credential, and none for the providers list.
    expect(auth('/projects')).toBe('apiKeyOrBearer');
    expect(auth('/projects/p/connections')).toBe('apiKeyOrBearer');
    expect(auth('/providers')).toBe('none');
    expect(auth('/projects/p/integrations/i', true)).toBe('apiKey');
  });

  it('is the bearer token for other org routes, and the API key for any other path', () => {
    expect(auth('/orgs/org_demo/members')).toBe('bearer');
    expect(auth('/projects/p/integrations')).toBe('apiKey');
    expect(auth('/anything/else')).toBe('apiKey');
  });
});

function byPath(a: { path: string; method: string }, b: { path: string; method: string }): number {
  return a.path.localeCompare(b.path) || a.method.localeCompare(b.method);
}
