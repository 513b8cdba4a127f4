import type { Connection } from '../api/schemas.js';
import { redact } from '../config/secret.js';
import type { Scrubber } from '../output/scrubber.js';
import { type Cell, type ListView, type RecordView, recordView } from '../output/view.js';
import { isRecord } from './request.js';

/**
 * The connection with its credentials redacted (`****abcd`): the API key, the
 * OAuth tokens, and any basicAuth or customAuth a server may echo.
 */
export function redactConnection(connection: Connection): Connection {
  const copy = structuredClone(connection) as Record<string, unknown>;
  if (typeof copy.apiKey === 'string') copy.apiKey = redact(copy.apiKey);
  const oauth2 = copy.oauth2AuthorizationCode;
  if (isRecord(oauth2)) {
    for (const name of ['accessToken', 'refreshToken']) {
      const token = oauth2[name];
      if (isRecord(token) && typeof token.token === 'string') token.token = redact(token.token);
    }
  }
  for (const name of ['basicAuth', 'customAuth']) if (copy[name] !== undefined) copy[name] = redactLeaves(copy[name]);
  return copy as Connection;
}

/**
 * The connection as every format shows it: redacted by field name, and each
 * value that hid given to the scrubber, which hides it wherever else an
 * answer repeats it. One redaction serves both.
 */
export function hideCredentials(connection: Connection, scrubber: Scrubber): Connection {
  const shown = redactConnection(connection);
  for (const secret of hiddenValues(connection, shown)) scrubber.add(secret);
  return shown;
}

/** The credential values redactConnection hides. */
export function connectionSecrets(connection: Connection): string[] {
  return hiddenValues(connection, redactConnection(connection));
}

/** The strings of original that differ in redacted. */
function hiddenValues(connection: Connection, redactedCopy: Connection): string[] {
  const found: string[] = [];
  const collect = (original: unknown, redacted: unknown): void => {
    if (typeof original === 'string' && original !== redacted) found.push(original);
    else if (isRecord(original) && isRecord(redacted)) for (const key of Object.keys(original)) collect(original[key], redacted[key]);
    else if (Array.isArray(original) && Array.isArray(redacted)) original.forEach((item, index) => collect(item, redacted[index]));
  };
  collect(connection, redactedCopy);
  return found;
}

/** Whether the connection carries a credential that redaction hides. */
export function hasSecrets(connection: Connection): boolean {
  const oauth2 = connection.oauth2AuthorizationCode;
  return Boolean(connection.apiKey || oauth2?.accessToken?.token || oauth2?.refreshToken?.token || connection.basicAuth || connection.customAuth);
}

function redactLeaves(value: unknown): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map(redactLeaves);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactLeaves(item)]));
  return value;
}

/** The vertical table of a connection; credentials appear only as the data holds them (redacted unless asked). */
export function connectionView(connection: Connection): RecordView {
  const oauth2 = connection.oauth2AuthorizationCode;
  const providerApp = connection.providerApp;
  return recordView([
    ['ID', connection.id],
    ['Provider', connection.provider],
    ['Status', connection.status],
    ['Auth scheme', connection.authScheme],
    ['Group', party(connection.group?.groupRef, connection.group?.groupName)],
    ['Consumer', party(connection.consumer?.consumerRef, connection.consumer?.consumerName)],
    ['Workspace', connection.providerWorkspaceRef],
    ...metadataRows(connection.providerMetadata),
    ...optionalRows([
      ['Provider app', typeof providerApp?.id === 'string' ? providerApp.id : undefined],
      ['Scopes', oauth2?.scopes?.join(', ')],
      ['API key', connection.apiKey],
      ['Refresh token', oauth2?.refreshToken?.token],
      ['Access token', oauth2?.accessToken?.token],
    ]),
    ['Created', connection.createTime],
  ]);
}

/** "acme-corp (Acme Corporation)", or just the ref when the name is the same. */
function party(ref: string | undefined, name: string | undefined): string | undefined {
  if (!ref) return name;
  return name && name !== ref ? `${ref} (${name})` : ref;
}

function optionalRows(rows: Array<[string, string | undefined]>): Array<[string, string]> {
  return rows.filter((row): row is [string, string] => row[1] !== undefined && row[1] !== '');
}

/**
 * One row per provider metadata value. The service's published contract sends
 * each as `{value, source, displayName?}`; older answers (and the reference)
 * a bare value. The table shows the value; JSON keeps the whole object.
 */
function metadataRows(metadata: Record<string, unknown> | undefined): Array<[string, Cell]> {
  return Object.entries(metadata ?? {}).map(([key, entry]) => [`Metadata ${key}`, metadataValue(entry)]);
}

function metadataValue(entry: unknown): Cell {
  const value = entry !== null && typeof entry === 'object' && 'value' in entry ? entry.value : entry;
  if (value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) return value as Cell;
  return JSON.stringify(value);
}

/** One connection a row: who it is for, at which provider, and whether it works. */
export function connectionsView(connections: Connection[]): ListView {
  return {
    kind: 'list',
    columns: ['ID', 'PROVIDER', 'GROUP', 'CONSUMER', 'STATUS', 'CREATED'],
    rows: connections.map((connection) => [
      connection.id,
      connection.provider,
      connection.group?.groupRef,
      connection.consumer?.consumerRef,
      connection.status,
      connection.createTime,
    ]),
    lowValue: ['CREATED', 'CONSUMER'],
  };
}
