import * as z from '../schema/zod.js';
import type { RetryMode } from './retry.js';
import { searchRequestHeaders } from './routes.js';
import { ConnectionSchema, DestinationSchema, InviteSchema, OrgSchema, ProjectSchema, ProviderCatalogueSchema, ProviderSchema, SearchResponseSchema } from './schemas.js';

/** Which credential an operation takes (spec section 5). */
export type AuthRequirement = 'none' | 'bearer' | 'apiKey' | 'apiKeyOrBearer';

/** Which base URL an operation's path is relative to. */
export type Base = 'api' | 'search';

export interface Operation<Response = unknown> {
  id: string;
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
  headers?: Record<string, string>;
  response: z.ZodMiniType<Response>;
}

function operation<Response>(definition: Operation<Response>): Operation<Response> {
  return definition;
}

/** Every API operation ipctl performs, as data; the client executes any of them. */
export const operations = {
  getOrg: operation({
    id: 'getOrg',
    method: 'GET',
    base: 'api',
    path: '/orgs/{orgId}',
    auth: 'bearer',
    retry: 'safe',
    response: OrgSchema,
  }),
  listOrgInvites: operation({
    id: 'listOrgInvites',
    method: 'GET',
    base: 'api',
    path: '/orgs/{orgId}/invites',
    auth: 'bearer',
    retry: 'safe',
    response: z.array(InviteSchema),
  }),
  getProvider: operation({
    id: 'getProvider',
    method: 'GET',
    base: 'api',
    path: '/providers/{provider}',
    auth: 'none',
    retry: 'safe',
    response: ProviderSchema,
  }),
  /** Spec 4.6: query groupRef; body {objectName, fieldFilters}. */
  searchRecords: operation({
    id: 'searchRecords',
    method: 'POST',
    base: 'search',
    path: '/projects/{projectId}/integrations/{integrationId}',
    auth: 'apiKey',
    // A search reads; sending it twice changes nothing.
    retry: 'safe',
    headers: searchRequestHeaders,
    response: SearchResponseSchema,
  }),
  updateDestination: operation({
    id: 'updateDestination',
    method: 'PATCH',
    base: 'api',
    path: '/projects/{projectIdOrName}/destinations/{destination}',
    // Either credential works; the client sends the API key when both are configured.
    auth: 'apiKeyOrBearer',
    // The same mask and values give the same destination, however often they are sent.
    retry: 'safe',
    response: DestinationSchema,
  }),
  generateConnection: operation({
    id: 'generateConnection',
    method: 'POST',
    base: 'api',
    path: '/projects/{projectIdOrName}/connections:generate',
    auth: 'apiKey',
    // Sent twice, it could create two connections: repeated only when it cannot have arrived.
    retry: 'beforeSend',
    response: ConnectionSchema,
  }),
  // read-operations.md: what an administrator needs to see, check and undo.
  listProjects: operation({
    id: 'listProjects',
    method: 'GET',
    base: 'api',
    path: '/projects',
    auth: 'apiKeyOrBearer',
    retry: 'safe',
    response: z.array(ProjectSchema),
  }),
  getProject: operation({
    id: 'getProject',
    method: 'GET',
    base: 'api',
    path: '/projects/{projectIdOrName}',
    auth: 'apiKeyOrBearer',
    retry: 'safe',
    response: ProjectSchema,
  }),
  /** Query, each an exact match: provider, groupRef, consumerRef. */
  listConnections: operation({
    id: 'listConnections',
    method: 'GET',
    base: 'api',
    path: '/projects/{projectIdOrName}/connections',
    auth: 'apiKeyOrBearer',
    retry: 'safe',
    response: z.array(ConnectionSchema),
  }),
  /** ipctl never sends includeCreds, includeRefreshToken or refresh: looking changes nothing, and reads no token. */
  getConnection: operation({
    id: 'getConnection',
    method: 'GET',
    base: 'api',
    path: '/projects/{projectIdOrName}/connections/{connectionId}',
    auth: 'apiKeyOrBearer',
    retry: 'safe',
    response: ConnectionSchema,
  }),
  /** 204 with no body; a repeat answers 404, which the caller reads as "already gone" where it knows the project exists. */
  deleteConnection: operation({
    id: 'deleteConnection',
    method: 'DELETE',
    base: 'api',
    path: '/projects/{projectIdOrName}/connections/{connectionId}',
    auth: 'apiKeyOrBearer',
    retry: 'safe',
    response: z.unknown(),
  }),
  listDestinations: operation({
    id: 'listDestinations',
    method: 'GET',
    base: 'api',
    path: '/projects/{projectIdOrName}/destinations',
    auth: 'apiKeyOrBearer',
    retry: 'safe',
    response: z.array(DestinationSchema),
  }),
  /** By the destination's name. ipctl never sends includeSecrets or rotate: secrets stay write-only, and looking rotates nothing. */
  getDestination: operation({
    id: 'getDestination',
    method: 'GET',
    base: 'api',
    path: '/projects/{projectIdOrName}/destinations/{destination}',
    auth: 'apiKeyOrBearer',
    retry: 'safe',
    response: DestinationSchema,
  }),
  listProviders: operation({
    id: 'listProviders',
    method: 'GET',
    base: 'api',
    path: '/providers',
    auth: 'none',
    retry: 'safe',
    response: ProviderCatalogueSchema,
  }),
};
