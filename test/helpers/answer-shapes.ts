// The answers of the platform API, as zod schemas written from the API
// reference (section 2, 4 and 7) and the service's published contract (with
// read-operations.md, its excerpt for the read and delete operations): search
// answers named `result` whose entries have no `id`; provider modules with
// displayName, baseURL and support; providerMetadata values as
// {value, source, displayName?}; `instance` an absolute URI. They are stated
// here on their own, not taken from ipctl's schemas (src/api/schemas.ts) or the
// sandbox's types, so that neither can drift from the shapes unnoticed.
// Objects are strict: a field the shapes do not name is a failure too.
import * as z from 'zod';

const timestamp = z.iso.datetime({ offset: true });
const text = z.string();
const anyObject = z.record(z.string(), z.unknown());
/** An absolute URI: a scheme, then anything `new URL` accepts (a relative path is not one). */
const absoluteUri = z.url().check(z.regex(/^[A-Za-z][A-Za-z0-9+.-]*:/, 'must be an absolute URI'));

// ---------------------------------------------------------------- 2.1, 2.2

export const orgShape = z.strictObject({
  id: text,
  label: text,
  defaultTeamId: text,
  createTime: timestamp,
  updateTime: timestamp,
});

export const inviteShape = z.strictObject({
  id: text,
  invitedEmail: z.email(),
  parentType: z.literal('org'),
  parentId: text,
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  createTime: timestamp,
  updateTime: z.optional(timestamp),
});

// ---------------------------------------------------------------- read-operations.md, Project

/** read-operations.md: id, name, appName, orgId and createTime required; entitlements only with includeEntitlements. */
export const projectShape = z.strictObject({
  id: text,
  name: text,
  appName: text,
  orgId: text,
  createTime: timestamp,
  updateTime: z.optional(timestamp),
  entitlements: z.optional(anyObject),
});

// ---------------------------------------------------------------- 2.3

// read-operations.md, Connection: every updateTime is optional (of the connection, its group, consumer and provider app).
const groupShape = z.strictObject({ groupRef: text, groupName: text, projectId: text, createTime: timestamp, updateTime: z.optional(timestamp) });
const consumerShape = z.strictObject({ consumerRef: text, consumerName: text, projectId: text, createTime: timestamp, updateTime: z.optional(timestamp) });

const providerAppShape = z.strictObject({
  id: text,
  projectId: text,
  provider: text,
  clientId: text,
  externalRef: z.optional(text),
  scopes: z.optional(z.array(z.array(text))),
  metadata: z.optional(
    z.strictObject({
      authQueryParams: z.optional(z.record(z.string(), z.array(text))),
      providerParams: z.optional(z.record(z.string(), text)),
    }),
  ),
  createTime: timestamp,
  updateTime: z.optional(timestamp),
});

const tokenShape = z.strictObject({ token: text, issuedAt: z.optional(timestamp), expiresAt: z.optional(timestamp) });

/** Published contract: each value is an object saying where it came from. */
export const providerMetadataValueShape = z.strictObject({
  value: text,
  source: z.enum(['input', 'token', 'provider']),
  displayName: z.optional(text),
});

export const connectionShape = z.strictObject({
  id: text,
  projectId: text,
  provider: text,
  group: groupShape,
  consumer: consumerShape,
  createTime: timestamp,
  updateTime: z.optional(timestamp),
  authScheme: z.enum(['none', 'apiKey', 'basic', 'oauth2/authorizationCode', 'oauth2/authorizationCodePKCE', 'oauth2/clientCredentials', 'oauth2/password']),
  status: z.enum(['created', 'working', 'bad_credentials']),
  providerApp: z.optional(providerAppShape),
  providerWorkspaceRef: z.optional(text),
  providerConsumerRef: z.optional(text),
  oauth2AuthorizationCode: z.optional(z.strictObject({ accessToken: z.optional(tokenShape), refreshToken: z.optional(tokenShape), scopes: z.optional(z.array(text)) })),
  apiKey: z.optional(text),
  providerMetadata: z.optional(z.record(z.string(), providerMetadataValueShape)),
});

// ---------------------------------------------------------------- 2.4

const metadataTextKeys = [
  'url', 'region', 'streamName', 'endpointUrl', 'partitionKeyTemplate', 'bucket', 'keyTemplate', 'storageClass', 'username', 'tableName',
  'database', 'accountIdentifier', 'userId', 'dbName', 'schemaName', 'projectId', 'datasetId', 'tableId', 'workgroupName', 'clusterIdentifier',
  'dbUser', 'account', 'container', 'queueUrl', 'topicArn', 'eventBusName', 'detailType', 'topicId', 'routingKey',
] as const;

const destinationMetadataShape = z.strictObject({
  ...Object.fromEntries(metadataTextKeys.map((key) => [key, z.optional(text)])),
  headers: z.optional(z.record(z.string(), text)),
  batchSize: z.optional(z.int()),
  maxWaitSecs: z.optional(z.int()),
});

/**
 * Secrets are write-only: a strict object refuses a `secrets` field in an answer.
 * read-operations.md: id, name, type, metadata and createTime required; updateTime not.
 */
export const destinationShape = z.strictObject({
  id: text,
  name: text,
  type: text,
  metadata: destinationMetadataShape,
  createTime: timestamp,
  updateTime: z.optional(timestamp),
});

// ---------------------------------------------------------------- 2.5

const inputDescriptorShape = z.strictObject({
  name: text,
  displayName: z.optional(text),
  prompt: z.optional(text),
  defaultValue: z.optional(text),
  docsURL: z.optional(text),
  moduleDependencies: z.optional(anyObject),
});

const flags = <Key extends string>(...keys: Key[]) => z.strictObject(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<Key, z.ZodBoolean>);

const batchOperationShape = z.strictObject({ supported: z.boolean(), defaultRecordLimit: z.optional(z.int()), objectRecordLimits: z.optional(z.record(z.string(), z.int())) });

/** 2.5.1, the parts a module's support shares with the provider's. */
const coreSupport = {
  bulkWrite: flags('insert', 'update', 'upsert', 'delete'),
  proxy: z.boolean(),
  read: z.boolean(),
  subscribe: z.boolean(),
  write: z.boolean(),
  delete: z.boolean(),
  search: z.strictObject({ operators: z.record(z.string(), z.boolean()).check(z.refine((operators) => 'equals' in operators, 'must include equals')) }),
};

const providerSupportShape = z.strictObject({
  ...coreSupport,
  subscribeSupport: flags('create', 'update', 'delete', 'passThrough'),
  batchWrite: z.strictObject({ delete: batchOperationShape, create: batchOperationShape, update: batchOperationShape, upsert: batchOperationShape }),
});

/** Published contract: every field of a module is required. */
export const providerModuleShape = z.strictObject({
  displayName: text,
  baseURL: text,
  support: z.strictObject(coreSupport),
});

const customInputShape = z.strictObject({
  name: text,
  displayName: z.optional(text),
  prompt: z.optional(text),
  docsURL: z.optional(text),
  fieldType: z.optional(text),
  options: z.optional(z.array(z.strictObject({ value: text, label: text }))),
});

const templatedShape = z.strictObject({ name: text, valueTemplate: text });
const mediaVariantShape = z.strictObject({ iconURL: text, logoURL: text });
const headerShape = z.strictObject({ name: text, valuePrefix: z.optional(text) });

export const providerShape = z
  .strictObject({
    name: text,
    authType: z.enum(['oauth2', 'apiKey', 'basic', 'jwt', 'custom', 'none']),
    baseURL: text,
    defaultModule: z.optional(text),
    support: providerSupportShape,
    oauth2Opts: z.optional(
      z.strictObject({
        grantType: text,
        tokenURL: text,
        authURL: z.optional(text),
        docsURL: z.optional(text),
        explicitScopesRequired: z.boolean(),
        explicitWorkspaceRequired: z.boolean(),
        tokenMetadataFields: z.optional(
          z.strictObject({
            workspaceRefField: z.optional(text),
            consumerRefField: z.optional(text),
            scopesField: z.optional(text),
            otherFields: z.optional(z.array(z.strictObject({ name: text, displayName: text, path: text, capture: z.optional(text) }))),
          }),
        ),
        audience: z.optional(z.array(text)),
        scopeMappings: z.optional(z.record(z.string(), text)),
        authURLParams: z.optional(z.record(z.string(), text)),
        accessTokenOpts: z.optional(z.strictObject({ attachmentType: text, header: z.optional(headerShape), docsURL: z.optional(text) })),
        keepAliveIntervalHours: z.optional(z.int()),
      }),
    ),
    apiKeyOpts: z.optional(z.strictObject({ attachmentType: text, query: z.optional(z.strictObject({ name: text })), header: z.optional(headerShape), docsURL: z.optional(text) })),
    basicOpts: z.optional(
      z.strictObject({
        apiKeyAsBasic: z.optional(z.boolean()),
        apiKeyAsBasicOpts: z.optional(z.strictObject({ fieldUsed: text, keyFormat: text })),
        docsURL: z.optional(text),
      }),
    ),
    customOpts: z.optional(
      z.strictObject({
        headers: z.optional(z.array(templatedShape)),
        queryParams: z.optional(z.array(templatedShape)),
        inputs: z.optional(z.array(customInputShape)),
        providerInputs: z.optional(z.array(customInputShape)),
        multiStep: z.optional(z.boolean()),
      }),
    ),
    authHealthCheck: z.optional(z.strictObject({ url: text, method: text, successStatusCodes: z.array(z.int()) })),
    displayName: z.optional(text),
    postAuthInfoNeeded: z.optional(z.boolean()),
    media: z.optional(z.strictObject({ regular: mediaVariantShape, darkMode: mediaVariantShape })),
    labels: z.optional(z.record(z.string(), text)),
    subscribeRequirements: z.optional(flags('registration', 'maintenance', 'postProcess', 'subscribeByAPI')),
    modules: z.optional(z.record(z.string(), providerModuleShape)),
    metadata: z.optional(
      z.strictObject({
        input: z.optional(z.array(inputDescriptorShape)),
        postAuthentication: z.optional(z.array(z.strictObject({ name: text, moduleDependencies: z.optional(anyObject) }))),
      }),
    ),
    providerAppMetadata: z.optional(z.strictObject({ authQueryParams: z.optional(z.array(inputDescriptorShape)), providerParams: z.optional(z.array(inputDescriptorShape)) })),
  })
  // 2.5: the options of the provider's auth type must be there.
  .check(
    z.refine((provider) => provider.authType !== 'oauth2' || provider.oauth2Opts !== undefined, 'oauth2Opts must be present when authType is oauth2'),
    z.refine((provider) => provider.authType !== 'apiKey' || provider.apiKeyOpts !== undefined, 'apiKeyOpts must be present when authType is apiKey'),
    z.refine((provider) => provider.defaultModule === undefined || Object.hasOwn(provider.modules ?? {}, provider.defaultModule), 'defaultModule must name one of modules'),
  );

/** read-operations.md, List providers: one object keyed by provider name (not an array), each value a Provider. */
export const providerCatalogueShape = z
  .record(z.string(), providerShape)
  .check(z.refine((catalogue) => Object.entries(catalogue).every(([key, provider]) => provider.name === key), 'each provider must be keyed by its name'));

// ---------------------------------------------------------------- 2.6, 4.6

const searchFields = { fields: anyObject, mappedFields: anyObject, raw: anyObject };

/** The API reference: `results`, each entry with the record's `id`. */
export const referenceSearchShape = z.strictObject({ results: z.array(z.strictObject({ ...searchFields, id: text })) });

/** The published contract: `result`, entries with fields, mappedFields and raw only. */
export const publishedSearchShape = z.strictObject({ result: z.array(z.strictObject(searchFields)) });

// ---------------------------------------------------------------- 7

export const problemShape = z.strictObject({
  type: absoluteUri,
  href: z.optional(absoluteUri),
  title: text,
  status: z.int().check(z.gte(400), z.lt(600)),
  detail: z.optional(text),
  instance: z.optional(absoluteUri),
  subsystem: z.optional(text),
  time: z.optional(timestamp),
  requestId: z.optional(text),
  causes: z.optional(z.array(text)),
  remedy: z.optional(text),
  supportEmail: z.optional(z.email()),
  supportPhone: z.optional(text),
  supportUrl: z.optional(absoluteUri),
  retryable: z.optional(z.boolean()),
  retryAfter: z.optional(timestamp),
  context: z.optional(anyObject),
  issues: z.optional(
    z.array(
      z.strictObject({
        type: text,
        title: z.optional(text),
        detail: text,
        in: text,
        name: text,
        value: z.unknown(),
      }),
    ),
  ),
});

/** Every way `value` fails `schema`, one line each; empty when it conforms. */
export function shapeProblems(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`);
}
