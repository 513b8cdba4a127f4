import type { Destination } from '../api/schemas.js';
import { redact } from '../config/secret.js';
import { type Cell, type ListView, type RecordView, recordView } from '../output/view.js';
import { DESTINATION_METADATA_KEYS, isCredentialHeader, isMetadataKey } from './fields.js';

/**
 * The destination as every format shows it: the values of credential headers
 * (Authorization, X-Api-Key, …) and any `secrets` a server sends anyway
 * redacted (`****abcd`). Secrets are write-only, and ipctl never asks for them.
 */
export function redactDestination(destination: Destination): Destination {
  const copy = structuredClone(destination) as Record<string, unknown>;
  const metadata = copy.metadata;
  if (isRecord(metadata) && isRecord(metadata.headers)) {
    const headers = metadata.headers;
    for (const [name, value] of Object.entries(headers)) if (isCredentialHeader(name) && typeof value === 'string') headers[name] = redact(value);
  }
  if (isRecord(copy.secrets)) copy.secrets = Object.fromEntries(Object.entries(copy.secrets).map(([name, value]) => [name, typeof value === 'string' ? redact(value) : '****']));
  return copy as Destination;
}

/** ID, name, type, each metadata key (named by its mask path), created, updated. */
export function destinationView(destination: Destination): RecordView {
  return recordView([
    ['ID', destination.id],
    ['Name', destination.name],
    ['Type', destination.type],
    ...metadataFields(destination.metadata ?? {}),
    ['Created', destination.createTime],
    ['Updated', destination.updateTime],
  ]);
}

/** One destination a row: what identifies it, and when it last changed. */
export function destinationsView(destinations: Destination[]): ListView {
  return {
    kind: 'list',
    columns: ['NAME', 'TYPE', 'ID', 'UPDATED'],
    rows: destinations.map((destination) => [destination.name, destination.type, destination.id, destination.updateTime ?? destination.createTime]),
    lowValue: ['UPDATED'],
  };
}

function metadataFields(metadata: Record<string, unknown>): Array<[string, Cell]> {
  // The spec's keys in the spec's order, then any the server added.
  const keys = [...DESTINATION_METADATA_KEYS.filter((key) => Object.hasOwn(metadata, key)), ...Object.keys(metadata).filter((key) => !isMetadataKey(key))];
  return keys.flatMap((key): Array<[string, Cell]> => {
    const value = metadata[key];
    if (key === 'headers' && isNonEmptyObject(value)) {
      return Object.entries(value).map(([name, text]) => [`metadata.headers.${name}`, isCredentialHeader(name) && typeof text === 'string' ? redact(text) : cell(text)]);
    }
    return [[`metadata.${key}`, cell(value)]];
  });
}

function cell(value: unknown): Cell {
  if (value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) return value as Cell;
  return JSON.stringify(value);
}

function isNonEmptyObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
