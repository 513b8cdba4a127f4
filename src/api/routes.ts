// Every API operation ipctl performs, as plain data with nothing imported at run
// time: `ipctl api` reads the routes when it is declared (its PATH completes them),
// which must stay cheap. operations.ts adds each operation's answer schema; this
// table is the one place that says method, base, path, credential and retry mode.
// test/unit/request-target.test.ts checks it against the reference.
import type { RetryMode } from './retry.js';

/** Which credential an operation takes (spec section 5). */
export type AuthRequirement = 'none' | 'bearer' | 'apiKey' | 'apiKeyOrBearer';

/** Which base URL an operation's path is relative to. */
export type Base = 'api' | 'search';

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  base: Base;
  /** Path template below the base URL; `{name}` is a path parameter. */
  path: string;
  auth: AuthRequirement;
  /**
   * When a failed request may be sent again (see retry.ts): `safe` when
   * repeating it changes nothing more than sending it once, `beforeSend` when
   * only a request that cannot have reached the server may be repeated.
   */
  retry: RetryMode;
  /** Extra headers the operation always sends. */
  headers?: Readonly<Record<string, string>>;
}

/** What a request to the search base URL carries besides its credential (spec 4.6). */
export const searchRequestHeaders: Readonly<Record<string, string>> = { 'x-svc-request-type': 'search' };

function route(method: Route['method'], path: string, auth: AuthRequirement, retry: RetryMode = 'safe'): Route {
  return { method, base: 'api', path, auth, retry };
}

export const operationRoutes = {
  getOrg: route('GET', '/orgs/{orgId}', 'bearer'),
  listOrgInvites: route('GET', '/orgs/{orgId}/invites', 'bearer'),
  getProvider: route('GET', '/providers/{provider}', 'none'),
  /** Spec 4.6: query groupRef; body {objectName, fieldFilters}. A search reads: sending it twice changes nothing. */
  searchRecords: {
    ...route('POST', '/projects/{projectId}/integrations/{integrationId}', 'apiKey'),
    base: 'search',
    headers: searchRequestHeaders,
  },
  // Either credential works; the client sends the API key when both are configured.
  // The same mask and values give the same destination, however often they are sent.
  updateDestination: route('PATCH', '/projects/{projectIdOrName}/destinations/{destination}', 'apiKeyOrBearer'),
  // Sent twice, it could create two connections: repeated only when it cannot have arrived.
  generateConnection: route('POST', '/projects/{projectIdOrName}/connections:generate', 'apiKey', 'beforeSend'),
  // read-operations.md: what an administrator needs to see, check and undo.
  listProjects: route('GET', '/projects', 'apiKeyOrBearer'),
  getProject: route('GET', '/projects/{projectIdOrName}', 'apiKeyOrBearer'),
  /** Query, each an exact match: provider, groupRef, consumerRef. */
  listConnections: route('GET', '/projects/{projectIdOrName}/connections', 'apiKeyOrBearer'),
  /** ipctl never sends includeCreds, includeRefreshToken or refresh: looking changes nothing, and reads no token. */
  getConnection: route('GET', '/projects/{projectIdOrName}/connections/{connectionId}', 'apiKeyOrBearer'),
  /** 204 with no body; a repeat answers 404, which the caller reads as "already gone" where it knows the project exists. */
  deleteConnection: route('DELETE', '/projects/{projectIdOrName}/connections/{connectionId}', 'apiKeyOrBearer'),
  listDestinations: route('GET', '/projects/{projectIdOrName}/destinations', 'apiKeyOrBearer'),
  /** By the destination's name. ipctl never sends includeSecrets or rotate: secrets stay write-only, and looking rotates nothing. */
  getDestination: route('GET', '/projects/{projectIdOrName}/destinations/{destination}', 'apiKeyOrBearer'),
  listProviders: route('GET', '/providers', 'none'),
} satisfies Record<string, Route>;

export type OperationId = keyof typeof operationRoutes;

export const routes: readonly Route[] = Object.values(operationRoutes);

/** The org and project placeholders that `ipctl api` fills from the profile, by the spec's parameter names. */
const profilePlaceholders: Record<string, string> = { orgId: '{org}', projectId: '{project}', projectIdOrName: '{project}' };

/** The routes as `ipctl api` takes them: the org and project written as {org} and {project}. */
export function routeTemplates(): string[] {
  return routes.map((route) => route.path.replace(/\{(\w+)\}/g, (placeholder, name: string) => profilePlaceholders[name] ?? placeholder));
}

/** Every method `ipctl api` sends. */
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof httpMethods)[number];
