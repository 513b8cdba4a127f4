// The spec's routes as plain data, with nothing imported: `ipctl api` reads
// them when it is declared (its PATH completes them), which must stay cheap.
// test/unit/request-target.test.ts checks them, and operations.ts, against the reference.
import type { AuthRequirement, Base } from './operations.js';

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  base: Base;
  /** As operations.ts writes it: `{name}` is a path parameter. */
  path: string;
  auth: AuthRequirement;
}

export const routes: readonly Route[] = [
  { method: 'GET', base: 'api', path: '/orgs/{orgId}', auth: 'bearer' },
  { method: 'GET', base: 'api', path: '/orgs/{orgId}/invites', auth: 'bearer' },
  { method: 'GET', base: 'api', path: '/providers/{provider}', auth: 'none' },
  { method: 'POST', base: 'search', path: '/projects/{projectId}/integrations/{integrationId}', auth: 'apiKey' },
  { method: 'PATCH', base: 'api', path: '/projects/{projectIdOrName}/destinations/{destination}', auth: 'apiKeyOrBearer' },
  { method: 'POST', base: 'api', path: '/projects/{projectIdOrName}/connections:generate', auth: 'apiKey' },
  { method: 'GET', base: 'api', path: '/projects', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}/connections', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}/connections/{connectionId}', auth: 'apiKeyOrBearer' },
  { method: 'DELETE', base: 'api', path: '/projects/{projectIdOrName}/connections/{connectionId}', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}/destinations', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/projects/{projectIdOrName}/destinations/{destination}', auth: 'apiKeyOrBearer' },
  { method: 'GET', base: 'api', path: '/providers', auth: 'none' },
];

/** What a request to the search base URL carries besides its credential (spec 4.6). */
export const searchRequestHeaders: Readonly<Record<string, string>> = { 'x-svc-request-type': 'search' };

/** The org and project placeholders that `ipctl api` fills from the profile, by the spec's parameter names. */
const profilePlaceholders: Record<string, string> = { orgId: '{org}', projectId: '{project}', projectIdOrName: '{project}' };

/** The routes as `ipctl api` takes them: the org and project written as {org} and {project}. */
export function routeTemplates(): string[] {
  return routes.map((route) => route.path.replace(/\{(\w+)\}/g, (placeholder, name: string) => profilePlaceholders[name] ?? placeholder));
}

/** Every method `ipctl api` sends. */
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof httpMethods)[number];
