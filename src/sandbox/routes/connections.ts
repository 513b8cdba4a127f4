// Section 4.3: generate a connection. The body is checked against the published
// contract first (a 422), then against the provider with the sandbox's own rules
// (connection-body.ts), as a 400 with one issue per bad field.
import { randomInt } from 'node:crypto';
import { authSchemeFor } from '../auth-types.js';
import { checkGenerateBody, contractIssues, type GenerateBody, type TokenInput, workspaceInput } from '../connection-body.js';
import { badRequest, notFound, type ProblemIssue, problemType, unprocessableContent } from '../problems.js';
import { ok, type Route, route, type RouteContext, type RouteResponse } from '../router.js';
import { findProvider, type SandboxState } from '../state.js';
import type { Connection, Consumer, Group, OAuth2Token, Provider, ProviderMetadataSource, ProviderMetadataValue, SandboxProject } from '../types.js';
import { checkPathIdentifier, requireProject } from './lookups.js';

export const connectionRoutes: Route[] = [
  route('generateConnection', 'POST /v1/projects/{projectIdOrName}/connections:generate', 'apiKey', generateConnection, { body: 'json' }),
  route('listConnections', 'GET /v1/projects/{projectIdOrName}/connections', 'apiKeyOrBearer', listConnections),
  route('getConnection', 'GET /v1/projects/{projectIdOrName}/connections/{connectionId}', 'apiKeyOrBearer', getConnection),
  route('deleteConnection', 'DELETE /v1/projects/{projectIdOrName}/connections/{connectionId}', 'apiKeyOrBearer', deleteConnection),
];

/** read-operations.md: the query parameters of the list, each an exact match. */
const listFilters = [
  ['provider', (connection: Connection) => connection.provider],
  ['groupRef', (connection: Connection) => connection.group.groupRef],
  ['consumerRef', (connection: Connection) => connection.consumer.consumerRef],
] as const;

function listConnections({ state, params, query }: RouteContext): RouteResponse {
  const project = requireProject(state, params.projectIdOrName as string);
  const filters = listFilters.flatMap(([name, pick]) => {
    const wanted = query.get(name);
    return wanted === null ? [] : [{ name, wanted, pick }];
  });
  const matching = project.connections.filter((connection) => filters.every(({ wanted, pick }) => pick(connection) === wanted));
  return ok(matching.map((connection) => answered(project, connection)));
}

function getConnection({ state, params, query }: RouteContext): RouteResponse {
  const project = requireProject(state, params.projectIdOrName as string);
  const connection = requireConnection(project, params.connectionId as string);
  return ok(answered(project, connection, query.get('includeCreds') === 'true', query.get('includeRefreshToken') === 'true'));
}

function deleteConnection({ state, params }: RouteContext): RouteResponse {
  const project = requireProject(state, params.projectIdOrName as string);
  const connection = requireConnection(project, params.connectionId as string);
  project.connections.splice(project.connections.indexOf(connection), 1);
  project.connectionCredentials = project.connectionCredentials.filter((kept) => kept.connectionId !== connection.id);
  return { status: 204 };
}

function requireConnection(project: SandboxProject, connectionId: string): Connection {
  checkPathIdentifier(connectionId, 'connectionId');
  const connection = project.connections.find((candidate) => candidate.id === connectionId);
  if (connection) return connection;
  throw notFound(`Connection "${connectionId}" does not exist in project ${project.id} (${project.name}).`, 'List the project\'s connections with GET /projects/{projectIdOrName}/connections.');
}

/**
 * A connection as the read operations answer it. Its group and consumer are the
 * project's records as they are now (a later connections:generate may have
 * renamed them), not as they were when it was made. The API key stays, as the
 * contract allows (so a client's redaction is tested); the OAuth tokens come
 * only with includeCreds (the refresh token with includeRefreshToken too).
 */
function answered(project: SandboxProject, connection: Connection, includeCreds = false, includeRefreshToken = false): Connection {
  const copy = structuredClone(connection);
  const group = indexed(project.groups, (candidate) => candidate.groupRef).get(connection.group.groupRef);
  const consumer = indexed(project.consumers, (candidate) => candidate.consumerRef).get(connection.consumer.consumerRef);
  if (group) copy.group = { ...group };
  if (consumer) copy.consumer = { ...consumer };
  const oauth2 = copy.oauth2AuthorizationCode;
  if (oauth2) {
    if (!includeCreds) {
      delete oauth2.accessToken;
      delete oauth2.scopes;
    }
    if (!includeCreds || !includeRefreshToken) delete oauth2.refreshToken;
    if (Object.keys(oauth2).length === 0) delete copy.oauth2AuthorizationCode;
  }
  return copy;
}

function generateConnection({ state, params, body, now }: RouteContext): RouteResponse {
  const project = requireProject(state, params.projectIdOrName as string);
  const input = (body ?? {}) as Record<string, unknown>;
  const broken = contractIssues(input);
  if (broken.length > 0) throw unprocessableContent(`The connection request does not match the published contract (${broken.length === 1 ? '1 field' : `${broken.length} fields`}); no connection was created.`, broken);
  const { provider, issues } = lookUpProvider(state, input.provider);
  const checked = checkGenerateBody(input, provider);
  issues.push(...checked.issues);
  if (issues.length > 0 || !provider) {
    throw badRequest(`The connection request has ${issues.length === 1 ? 'a problem' : `${issues.length} problems`}; no connection was created.`, issues);
  }
  const connection = createConnection(project, provider, checked.body, now().toISOString());
  return { status: 201, body: connection };
}

function lookUpProvider(state: SandboxState, name: unknown): { provider?: Provider; issues: ProblemIssue[] } {
  if (typeof name !== 'string' || name === '') return { issues: [] };
  const provider = findProvider(state, name);
  if (provider) return { provider, issues: [] };
  return {
    issues: [
      {
        type: problemType('unknown-provider'),
        title: 'Unknown provider',
        detail: `No provider named "${name}" in the catalogue; names are case-sensitive. The sandbox has: ${Object.keys(state.providers).join(', ')}.`,
        in: 'body',
        name: 'provider',
        value: name,
      },
    ],
  };
}

function createConnection(project: SandboxProject, provider: Provider, body: GenerateBody, now: string): Connection {
  const id = newConnectionId();
  const providerApp = project.providerApps.find((app) => app.provider === provider.name);
  const providerMetadata = withDefaults(provider, body.providerMetadata);
  const workspace = body.providerWorkspaceRef ?? providerMetadata?.[workspaceInput]?.value;
  const oauth2 = body.oauth2AuthorizationCode;
  const connection: Connection = {
    id,
    projectId: project.id,
    provider: provider.name,
    group: upsertGroup(project, body.groupRef as string, body.groupName, now),
    consumer: upsertConsumer(project, body.consumerRef as string, body.consumerName, now),
    createTime: now,
    updateTime: now,
    authScheme: authSchemeFor(provider),
    status: 'created',
    ...(providerApp ? { providerApp: structuredClone(providerApp) } : {}),
    ...(workspace !== undefined ? { providerWorkspaceRef: workspace } : {}),
    ...(oauth2 && (oauth2.refreshToken || oauth2.accessToken)
      ? {
          oauth2AuthorizationCode: {
            ...(oauth2.accessToken ? { accessToken: storedToken(oauth2.accessToken, now) } : {}),
            ...(oauth2.refreshToken ? { refreshToken: storedToken(oauth2.refreshToken, now) } : {}),
            ...(oauth2.scopes ? { scopes: [...oauth2.scopes] } : {}),
          },
        }
      : {}),
    ...(body.apiKey ? { apiKey: body.apiKey } : {}),
    ...(providerMetadata ? { providerMetadata } : {}),
  };
  project.connections.push(connection);
  keepCredentials(project, id, body);
  return structuredClone(connection);
}

/**
 * Each value as `{value, source, displayName?}`: what the request gave, as it
 * gave it (the input's displayName when it gave none), and source `provider`
 * for an input's defaultValue filling what it left out.
 */
function withDefaults(provider: Provider, given: Record<string, ProviderMetadataValue> | undefined): Record<string, ProviderMetadataValue> | undefined {
  const inputs = provider.metadata?.input ?? [];
  const displayNames = new Map(inputs.map((input) => [input.name, input.displayName]));
  const entry = (name: string, value: string, source: ProviderMetadataSource, named?: string): [string, ProviderMetadataValue] => {
    const displayName = named ?? displayNames.get(name);
    return [name, { value, source, ...(displayName !== undefined ? { displayName } : {}) }];
  };
  const defaults = inputs.flatMap((input) => (input.defaultValue !== undefined ? [entry(input.name, input.defaultValue, 'provider')] : []));
  const requested = Object.entries(given ?? {}).map(([name, value]) => entry(name, value.value, value.source, value.displayName));
  const merged = Object.fromEntries([...defaults, ...requested]);
  return Object.keys(merged).length > 0 ? merged : undefined;
}

function storedToken(token: TokenInput, now: string): OAuth2Token {
  return { token: token.token, issuedAt: token.issuedAt ?? now, ...(token.expiresAt ? { expiresAt: token.expiresAt } : {}) };
}

function upsertGroup(project: SandboxProject, groupRef: string, groupName: string | undefined, now: string): Group {
  const created = { groupRef, groupName: groupName ?? groupRef, projectId: project.id, createTime: now, updateTime: now };
  return upsertByRef(project.groups, 'groupRef', 'groupName', created, groupName, now);
}

function upsertConsumer(project: SandboxProject, consumerRef: string, consumerName: string | undefined, now: string): Consumer {
  const created = { consumerRef, consumerName: consumerName ?? consumerRef, projectId: project.id, createTime: now, updateTime: now };
  return upsertByRef(project.consumers, 'consumerRef', 'consumerName', created, consumerName, now);
}

/**
 * Groups and consumers are upserted by their ref: a new one is `created` (named
 * by the request, or after its ref); a name the request gives renames an existing one.
 */
function upsertByRef<Item extends { updateTime: string }, Ref extends keyof Item, Name extends keyof Item>(
  items: Item[],
  refKey: Ref,
  nameKey: Name,
  created: Item,
  name: Item[Name] | undefined,
  now: string,
): Item {
  const existing = indexed(items, (candidate) => String(candidate[refKey])).get(String(created[refKey]));
  if (!existing) {
    items.push(created);
    return { ...created };
  }
  if (name !== undefined && name !== existing[nameKey]) {
    existing[nameKey] = name;
    existing.updateTime = now;
  }
  return { ...existing };
}

const indexes = new WeakMap<object[], Map<string, object>>();

/**
 * An index of `items` by `key`, kept beside the array: a bulk import upserts
 * tens of thousands of groups, and a scan per request would make that
 * quadratic. Items are only ever appended; the index catches up with them.
 */
function indexed<Item extends object>(items: Item[], key: (item: Item) => string): Map<string, Item> {
  let index = indexes.get(items) as Map<string, Item> | undefined;
  let seen = index ? (countedItems.get(index) ?? 0) : 0;
  if (!index || seen > items.length) {
    index = new Map();
    seen = 0;
    indexes.set(items, index);
  }
  for (; seen < items.length; seen++) {
    const item = items[seen] as Item;
    if (!index.has(key(item))) index.set(key(item), item);
  }
  countedItems.set(index, seen);
  return index;
}

const countedItems = new WeakMap<Map<string, object>, number>();

function keepCredentials(project: SandboxProject, connectionId: string, body: GenerateBody): void {
  const { basicAuth, customAuth } = body;
  if (!basicAuth && !customAuth) return;
  project.connectionCredentials.push({
    connectionId,
    ...(basicAuth?.username && basicAuth.password ? { basicAuth: { username: basicAuth.username, password: basicAuth.password } } : {}),
    ...(customAuth ? { customAuth: structuredClone(customAuth) } : {}),
  });
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `conn_` + 20 random lower-case alphanumerics. */
function newConnectionId(): string {
  let id = 'conn_';
  for (let index = 0; index < 20; index += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}
