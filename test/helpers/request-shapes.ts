// The request bodies of the platform API, as zod schemas written from the API
// reference (sections 2.4, 2.6 and 4) and the service's published contract:
// providerMetadata values as {value, source, displayName?}. Where the reference
// names a credential without its shape, the shape is the one it gives
// elsewhere: an imported token as 2.3.4 has it ({token, issuedAt, expiresAt}),
// Basic credentials as {username, password}. They are stated here on their
// own, not taken from ipctl's code or the sandbox's, so that a body ipctl
// builds cannot drift from them unnoticed. Objects are strict: a field the
// shapes do not name is a failure too.
import * as z from 'zod';
import { providerMetadataValueShape } from './answer-shapes.js';

const text = z.string().check(z.minLength(1));
const timestamp = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- 4.3

const importedToken = z.strictObject({ token: text, issuedAt: z.optional(timestamp), expiresAt: z.optional(timestamp) });

export const generateConnectionBodyShape = z.strictObject({
  groupRef: z.optional(text),
  groupName: z.optional(text),
  consumerRef: z.optional(text),
  consumerName: z.optional(text),
  provider: z.optional(text),
  providerWorkspaceRef: z.optional(text),
  providerMetadata: z.optional(z.record(z.string(), providerMetadataValueShape)),
  apiKey: z.optional(text),
  basicAuth: z.optional(z.strictObject({ username: text, password: text })),
  // Most values are strings; structured ones (a key object, a scopes array) are accepted too.
  customAuth: z.optional(z.record(z.string(), z.unknown())),
  oauth2AuthorizationCode: z.optional(z.strictObject({ scopes: z.optional(z.array(text)), refreshToken: z.optional(importedToken), accessToken: z.optional(importedToken) })),
});

// ---------------------------------------------------------------- 4.4

const metadataTextKeys = [
  'url', 'region', 'streamName', 'endpointUrl', 'partitionKeyTemplate', 'bucket', 'keyTemplate', 'storageClass', 'username', 'tableName',
  'database', 'accountIdentifier', 'userId', 'dbName', 'schemaName', 'projectId', 'datasetId', 'tableId', 'workgroupName', 'clusterIdentifier',
  'dbUser', 'account', 'container', 'queueUrl', 'topicArn', 'eventBusName', 'detailType', 'topicId', 'routingKey',
] as const;
const secretKeys = ['awsKeyId', 'awsSecretKey', 'awsSessionToken', 'password', 'privateKey', 'credentials', 'accessKeyId', 'secretAccessKey', 'accessKey', 'uri'] as const;
const metadataKeys = [...metadataTextKeys, 'headers', 'batchSize', 'maxWaitSecs'] as const;

const maskPaths = ['name', ...metadataKeys.map((key) => `metadata.${key}`), ...secretKeys.map((key) => `secrets.${key}`)];

// A field in the mask without a value clears it, so a metadata value may be null.
const cleared = <Shape extends z.ZodType>(shape: Shape) => z.optional(z.nullable(shape));

export const updateDestinationBodyShape = z.strictObject({
  updateMask: z.array(z.enum(maskPaths as [string, ...string[]])).check(z.minLength(1)),
  destination: z.strictObject({
    name: z.optional(text),
    metadata: z.optional(
      z.strictObject({
        ...Object.fromEntries(metadataTextKeys.map((key) => [key, cleared(z.string())])),
        headers: cleared(z.record(z.string(), z.string())),
        batchSize: cleared(z.int()),
        maxWaitSecs: cleared(z.int()),
      }),
    ),
    secrets: z.optional(z.strictObject(Object.fromEntries(secretKeys.map((key) => [key, cleared(z.string())])))),
  }),
});

// ---------------------------------------------------------------- 4.6, 2.6

export const searchRecordsBodyShape = z.strictObject({
  objectName: text,
  // "Operator eq is the one in use."
  fieldFilters: z.array(z.strictObject({ fieldName: text, operator: z.literal('eq'), value: z.string() })),
});
