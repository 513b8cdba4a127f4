/*
 * What a destination update may touch (spec 2.4.1, 2.4.2 and 4.4) and which
 * values each field takes, as the CLI checks a patch before sending anything.
 * The sandbox states the same rules on its own (src/sandbox/destination-fields.ts),
 * so that a wrong rule here is seen by the end-to-end tests, not confirmed.
 */
import { closestName } from '../input/closest.js';

type MetadataKind = 'string' | 'integer' | 'headers';

/** Metadata keys of spec 2.4.1, in the spec's order, with the kind of value each takes. */
const metadataKinds = {
  url: 'string',
  headers: 'headers',
  region: 'string',
  streamName: 'string',
  endpointUrl: 'string',
  partitionKeyTemplate: 'string',
  bucket: 'string',
  keyTemplate: 'string',
  storageClass: 'string',
  username: 'string',
  tableName: 'string',
  database: 'string',
  accountIdentifier: 'string',
  userId: 'string',
  dbName: 'string',
  schemaName: 'string',
  projectId: 'string',
  datasetId: 'string',
  tableId: 'string',
  workgroupName: 'string',
  clusterIdentifier: 'string',
  dbUser: 'string',
  account: 'string',
  container: 'string',
  queueUrl: 'string',
  topicArn: 'string',
  eventBusName: 'string',
  detailType: 'string',
  topicId: 'string',
  routingKey: 'string',
  batchSize: 'integer',
  maxWaitSecs: 'integer',
} as const satisfies Record<string, MetadataKind>;

export type DestinationMetadataKey = keyof typeof metadataKinds;
type MetadataKeysOfKind<Kind extends MetadataKind> = {
  [Key in DestinationMetadataKey]: (typeof metadataKinds)[Key] extends Kind ? Key : never;
}[DestinationMetadataKey];
export type DestinationMetadataIntegerKey = MetadataKeysOfKind<'integer'>;

export const DESTINATION_METADATA_KEYS = Object.keys(metadataKinds) as DestinationMetadataKey[];
export const DESTINATION_METADATA_INTEGER_KEYS = keysOfKind<DestinationMetadataIntegerKey>('integer');

/** Secret keys of spec 2.4.2: write-only, never in a response. */
export const DESTINATION_SECRET_KEYS = [
  'awsKeyId', 'awsSecretKey', 'awsSessionToken', 'password', 'privateKey', 'credentials',
  'accessKeyId', 'secretAccessKey', 'accessKey', 'uri',
] as const;
export type DestinationSecretKey = (typeof DESTINATION_SECRET_KEYS)[number];

/** A path of the update mask (spec 4.4). */
export type MaskPath = 'name' | `metadata.${DestinationMetadataKey}` | `secrets.${DestinationSecretKey}`;

/** Every allowed update mask path, in the spec's order (also the order ipctl computes masks in). */
export const UPDATE_MASK_PATHS: readonly MaskPath[] = [
  'name',
  ...DESTINATION_METADATA_KEYS.map((key) => `metadata.${key}` as const),
  ...DESTINATION_SECRET_KEYS.map((key) => `secrets.${key}` as const),
];

export const METADATA_MASK_PATHS = UPDATE_MASK_PATHS.filter((path) => path.startsWith('metadata.'));

/** The field a mask path names. */
export type MaskField =
  | { kind: 'name'; path: 'name' }
  | { kind: 'metadata'; key: DestinationMetadataKey; path: MaskPath }
  | { kind: 'secret'; key: DestinationSecretKey; path: MaskPath };

const maskPathSet: ReadonlySet<string> = new Set(UPDATE_MASK_PATHS);

export function isMaskPath(path: string): path is MaskPath {
  return maskPathSet.has(path);
}

export function isMetadataKey(key: string): key is DestinationMetadataKey {
  return Object.hasOwn(metadataKinds, key);
}

export function isSecretKey(key: string): key is DestinationSecretKey {
  return (DESTINATION_SECRET_KEYS as readonly string[]).includes(key);
}

export function maskField(path: MaskPath): MaskField {
  if (path === 'name') return { kind: 'name', path };
  const [prefix, key] = splitPath(path);
  return prefix === 'metadata' ? { kind: 'metadata', key: key as DestinationMetadataKey, path } : { kind: 'secret', key: key as DestinationSecretKey, path };
}

export function metadataKind(key: DestinationMetadataKey): MetadataKind {
  return metadataKinds[key];
}

/** Sorts paths into the spec's order. */
export function inSpecOrder(paths: Iterable<MaskPath>): MaskPath[] {
  return [...paths].sort((a, b) => UPDATE_MASK_PATHS.indexOf(a) - UPDATE_MASK_PATHS.indexOf(b));
}

/**
 * Whether a path may be masked without a value, which clears the field.
 * A destination without a name makes no sense, so `name` can only be replaced.
 */
export function canClear(path: MaskPath): boolean {
  return path !== 'name';
}

/** RFC 9110 token: what an HTTP header name may consist of. */
const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function isHeaderName(name: string): boolean {
  return headerNamePattern.test(name);
}

/**
 * What is wrong with `value` as the new value of `path`, or undefined when it
 * is fine. Never quotes the value: it may be a secret.
 */
export function valueProblem(path: MaskPath, value: unknown): string | undefined {
  const field = maskField(path);
  if (field.kind === 'name') return nameProblem(value);
  if (field.kind === 'secret') return typeof value === 'string' && value !== '' ? undefined : 'must be a non-empty string';
  const kind = metadataKind(field.key);
  if (kind === 'integer') return Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : 'must be a non-negative integer';
  if (kind === 'headers') return headersProblem(value);
  return typeof value === 'string' && value !== '' ? undefined : 'must be a non-empty string';
}

function nameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return 'must be a non-empty string';
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters';
  return undefined;
}

function headersProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'must be an object of header names to string values';
  for (const [name, headerValue] of Object.entries(value)) {
    if (!isHeaderName(name)) return `header name "${name}" is not a valid HTTP header name`;
    if (typeof headerValue !== 'string') return `the value of header ${name} must be a string`;
    if (/[\r\n\u0000]/.test(headerValue)) return `the value of header ${name} must not contain line breaks`;
  }
  return undefined;
}

/**
 * The allowed path closest to what was typed, for "did you mean". Keys are
 * compared without their prefix (a shared "metadata." would make any two
 * look alike), first among the paths with the same prefix, then among all:
 * "regoin" finds metadata.region, and secrets.url finds metadata.url.
 */
export function closestMaskPath(typed: string, candidates: readonly MaskPath[] = UPDATE_MASK_PATHS): MaskPath | undefined {
  const [prefix, key] = splitPath(typed);
  const samePrefix = candidates.filter((candidate) => splitPath(candidate)[0] === prefix);
  const pools = samePrefix.length > 0 ? [samePrefix, candidates] : [candidates];
  for (const pool of pools) {
    const exact = pool.find((candidate) => splitPath(candidate)[1].toLowerCase() === key.toLowerCase());
    if (exact) return exact;
  }
  for (const pool of pools) {
    const keys = pool.map((candidate) => splitPath(candidate)[1]);
    const closest = closestName(key, keys);
    if (closest !== undefined) return pool[keys.indexOf(closest)];
  }
  return undefined;
}

/** `metadata.region` → ['metadata', 'region']; `name` → ['', 'name']. */
function splitPath(path: string): [string, string] {
  const dot = path.indexOf('.');
  return dot === -1 ? ['', path] : [path.slice(0, dot), path.slice(dot + 1)];
}

function keysOfKind<Key extends DestinationMetadataKey>(kind: MetadataKind): readonly Key[] {
  return DESTINATION_METADATA_KEYS.filter((key) => metadataKinds[key] === kind) as Key[];
}

/**
 * Whether a webhook header carries a credential: its value is taken only from
 * a file or stdin, sent as a secret and shown redacted.
 */
export function isCredentialHeader(name: string): boolean {
  return /^(authorization|proxy-authorization|cookie)$/i.test(name) || /token|secret|password|passwd|api-?key|auth/i.test(name);
}
