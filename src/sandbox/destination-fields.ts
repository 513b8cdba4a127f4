// The fields of a destination that an update may change, as the API reference
// lists them (sections 2.4.1, 2.4.2 and 4.4), stated here for the sandbox on
// its own: ipctl checks its requests with rules of its own
// (src/destinations/fields.ts), and each side catches the other's mistakes.
import { closestName } from '../input/closest.js';

/** 2.4.1: the metadata keys; all hold strings but these. */
const METADATA_KEYS = [
  'url', 'headers', 'region', 'streamName', 'endpointUrl', 'partitionKeyTemplate', 'bucket', 'keyTemplate', 'storageClass', 'username',
  'tableName', 'database', 'accountIdentifier', 'userId', 'dbName', 'schemaName', 'projectId', 'datasetId', 'tableId', 'workgroupName',
  'clusterIdentifier', 'dbUser', 'account', 'container', 'queueUrl', 'topicArn', 'eventBusName', 'detailType', 'topicId', 'routingKey',
  'batchSize', 'maxWaitSecs',
] as const;
const integerKeys: ReadonlySet<string> = new Set(['batchSize', 'maxWaitSecs']);

/** 2.4.2: the write-only secrets. */
export const SECRET_KEYS = ['awsKeyId', 'awsSecretKey', 'awsSessionToken', 'password', 'privateKey', 'credentials', 'accessKeyId', 'secretAccessKey', 'accessKey', 'uri'] as const;

export type MetadataKey = (typeof METADATA_KEYS)[number];
export type SecretKey = (typeof SECRET_KEYS)[number];
export type MaskPath = 'name' | `metadata.${MetadataKey}` | `secrets.${SecretKey}`;

/** 4.4: the allowed updateMask values. */
export const MASK_PATHS: readonly MaskPath[] = ['name', ...METADATA_KEYS.map((key) => `metadata.${key}` as const), ...SECRET_KEYS.map((key) => `secrets.${key}` as const)];

export function isMaskPath(path: string): path is MaskPath {
  return (MASK_PATHS as readonly string[]).includes(path);
}

/** The group a path is in, and its key there. */
export function partsOf(path: MaskPath): { group: 'name' | 'metadata' | 'secrets'; key: string } {
  if (path === 'name') return { group: 'name', key: 'name' };
  const dot = path.indexOf('.');
  return { group: path.slice(0, dot) as 'metadata' | 'secrets', key: path.slice(dot + 1) };
}

/** What is wrong with a value for a masked path, or undefined. The name is required; the rest can be cleared. */
export function valueProblem(path: MaskPath, value: unknown): string | undefined {
  const { group, key } = partsOf(path);
  if (group === 'metadata' && integerKeys.has(key)) return Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : 'must be a non-negative integer';
  if (group === 'metadata' && key === 'headers') return headersProblem(value);
  if (typeof value !== 'string' || value.trim() === '') return 'must be a non-empty string';
  if (group === 'name' && /[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters';
  return undefined;
}

function headersProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'must be an object of header names to string values';
  for (const [name, text] of Object.entries(value)) {
    // RFC 9110 field names: tokens.
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return `header name "${name}" is not a valid HTTP header name`;
    if (typeof text !== 'string') return `the value of header ${name} must be a string`;
    if (/[\r\n\u0000]/.test(text)) return `the value of header ${name} must not contain line breaks`;
  }
  return undefined;
}

/** The allowed path closest to one typed: same group first, then any. */
export function closestMaskPath(typed: string, candidates: readonly MaskPath[] = MASK_PATHS): MaskPath | undefined {
  const group = typed.includes('.') ? typed.slice(0, typed.indexOf('.')) : typed;
  const sameGroup = candidates.filter((candidate) => candidate.startsWith(`${group}.`));
  for (const pool of sameGroup.length > 0 ? [sameGroup, candidates] : [candidates]) {
    const closest = closestName(typed, pool);
    if (closest !== undefined) return closest as MaskPath;
  }
  return undefined;
}
