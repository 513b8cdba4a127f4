// Resource shapes the sandbox stores and returns. They follow section 2 of the
// platform API spec; fields the spec marks optional (or leaves unspecified) are
// optional here so that seed data can show both present and absent values.

/** RFC 3339 date-time string. */
export type Timestamp = string;

// ---------------------------------------------------------------- orgs (2.1, 2.2)

export interface Org {
  id: string;
  label: string;
  defaultTeamId: string;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export type InviteStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface Invite {
  id: string;
  invitedEmail: string;
  parentType: 'org';
  parentId: string;
  status: InviteStatus;
  createTime: Timestamp;
  updateTime?: Timestamp;
}

// ---------------------------------------------------------------- connections (2.3)

export type AuthScheme =
  | 'none'
  | 'apiKey'
  | 'basic'
  | 'oauth2/authorizationCode'
  | 'oauth2/authorizationCodePKCE'
  | 'oauth2/clientCredentials'
  | 'oauth2/password';

export type ConnectionStatus = 'created' | 'working' | 'bad_credentials';

export interface Group {
  groupRef: string;
  groupName: string;
  projectId: string;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface Consumer {
  consumerRef: string;
  consumerName: string;
  projectId: string;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface ProviderAppMetadataValues {
  authQueryParams?: Record<string, string[]>;
  providerParams?: Record<string, string>;
}

export interface ProviderApp {
  id: string;
  projectId: string;
  provider: string;
  clientId: string;
  externalRef?: string;
  scopes?: string[][];
  metadata?: ProviderAppMetadataValues;
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface OAuth2Token {
  token: string;
  issuedAt?: Timestamp;
  expiresAt?: Timestamp;
}

export interface OAuth2AuthorizationCode {
  accessToken?: OAuth2Token;
  refreshToken?: OAuth2Token;
  scopes?: string[];
}

export interface Connection {
  id: string;
  projectId: string;
  provider: string;
  group: Group;
  consumer: Consumer;
  createTime: Timestamp;
  updateTime: Timestamp;
  authScheme: AuthScheme;
  status: ConnectionStatus;
  providerApp?: ProviderApp;
  providerWorkspaceRef?: string;
  providerConsumerRef?: string;
  oauth2AuthorizationCode?: OAuth2AuthorizationCode;
  apiKey?: string;
  providerMetadata?: Record<string, ProviderMetadataValue>;
}

/** Where a provider metadata value came from: the request, the provider's token answer, or the provider's default. */
export type ProviderMetadataSource = 'input' | 'token' | 'provider';

/** A value of a connection's `providerMetadata`, as the service sends it. */
export interface ProviderMetadataValue {
  value: string;
  source: ProviderMetadataSource;
  displayName?: string;
}

/**
 * What a connection was made with beyond the Connection's own fields. The
 * spec's Connection has no place for these, so they are never returned.
 */
export interface ConnectionCredentials {
  connectionId: string;
  basicAuth?: { username: string; password: string };
  customAuth?: Record<string, unknown>;
}

// ---------------------------------------------------------------- destinations (2.4)

// The sandbox states the key lists itself (destination-fields.ts), from the API reference.
import type { MetadataKey, SecretKey } from './destination-fields.js';

export type DestinationSecretKey = SecretKey;

export type DestinationMetadata = Partial<Record<Exclude<MetadataKey, 'headers' | 'batchSize' | 'maxWaitSecs'>, string>> & {
  batchSize?: number;
  maxWaitSecs?: number;
  headers?: Record<string, string>;
};

export interface Destination {
  id: string;
  name: string;
  type: string;
  metadata: DestinationMetadata;
  createTime: Timestamp;
  updateTime: Timestamp;
}

/**
 * A destination as stored. Secrets are write-only in the API, so the sandbox
 * keeps only the names of the secrets that are set, never their values: a
 * response built from `destination` cannot leak one.
 */
export interface StoredDestination {
  destination: Destination;
  secretNames: DestinationSecretKey[];
  /**
   * SHA-256 (hex) of each secret value an update has set. Enough for tests to
   * check that exactly the right value arrived; no dump of the state can show
   * a secret. Seeded secrets have none: their values were never known.
   */
  secretDigests?: Partial<Record<DestinationSecretKey, string>>;
}

// ---------------------------------------------------------------- providers (2.5)

export interface InputDescriptor {
  name: string;
  displayName?: string;
  prompt?: string;
  defaultValue?: string;
  docsURL?: string;
  moduleDependencies?: Record<string, unknown>;
}

export interface BatchWriteOperationSupport {
  supported: boolean;
  defaultRecordLimit?: number;
  objectRecordLimits?: Record<string, number>;
}

export interface ProviderSupport {
  proxy: boolean;
  read: boolean;
  subscribe: boolean;
  write: boolean;
  delete: boolean;
  bulkWrite: { insert: boolean; update: boolean; upsert: boolean; delete: boolean };
  search: { operators: Record<string, boolean> };
  subscribeSupport: { create: boolean; update: boolean; delete: boolean; passThrough: boolean };
  batchWrite: {
    delete: BatchWriteOperationSupport;
    create: BatchWriteOperationSupport;
    update: BatchWriteOperationSupport;
    upsert: BatchWriteOperationSupport;
  };
}

export interface TokenMetadataOtherField {
  name: string;
  displayName: string;
  path: string;
  capture?: string;
}

export interface OAuth2Opts {
  grantType: string;
  tokenURL: string;
  authURL?: string;
  docsURL?: string;
  explicitScopesRequired: boolean;
  explicitWorkspaceRequired: boolean;
  tokenMetadataFields?: {
    workspaceRefField?: string;
    consumerRefField?: string;
    scopesField?: string;
    otherFields?: TokenMetadataOtherField[];
  };
  audience?: string[];
  scopeMappings?: Record<string, string>;
  authURLParams?: Record<string, string>;
  accessTokenOpts?: {
    attachmentType: string;
    header?: { name: string; valuePrefix?: string };
    docsURL?: string;
  };
  keepAliveIntervalHours?: number;
}

export interface ApiKeyOpts {
  attachmentType: 'header' | 'query' | string;
  query?: { name: string };
  header?: { name: string; valuePrefix?: string };
  docsURL?: string;
}

export interface BasicOpts {
  apiKeyAsBasic?: boolean;
  apiKeyAsBasicOpts?: { fieldUsed: string; keyFormat: string };
  docsURL?: string;
}

export interface CustomInput {
  name: string;
  displayName?: string;
  prompt?: string;
  docsURL?: string;
  fieldType?: string;
  options?: Array<{ value: string; label: string }>;
}

export interface CustomOpts {
  headers?: Array<{ name: string; valueTemplate: string }>;
  queryParams?: Array<{ name: string; valueTemplate: string }>;
  inputs?: CustomInput[];
  providerInputs?: CustomInput[];
  multiStep?: boolean;
}

export interface ProviderMediaVariant {
  iconURL: string;
  logoURL: string;
}

/** What a module supports: the provider's support matrix without subscribeSupport and batchWrite. */
export type ModuleSupport = Pick<ProviderSupport, 'bulkWrite' | 'proxy' | 'read' | 'subscribe' | 'write' | 'delete' | 'search'>;

/** An entry of a provider's `modules`, keyed by the module's name; every field is required. */
export interface ProviderModule {
  displayName: string;
  baseURL: string;
  support: ModuleSupport;
}

export type ProviderAuthType = 'oauth2' | 'apiKey' | 'basic' | 'jwt' | 'custom' | 'none';

export interface Provider {
  name: string;
  authType: ProviderAuthType;
  baseURL: string;
  defaultModule?: string;
  support: ProviderSupport;
  oauth2Opts?: OAuth2Opts;
  apiKeyOpts?: ApiKeyOpts;
  basicOpts?: BasicOpts;
  customOpts?: CustomOpts;
  authHealthCheck?: { url: string; method: string; successStatusCodes: number[] };
  displayName?: string;
  postAuthInfoNeeded?: boolean;
  media?: { regular: ProviderMediaVariant; darkMode: ProviderMediaVariant };
  labels?: Record<string, string>;
  subscribeRequirements?: {
    registration: boolean;
    maintenance: boolean;
    postProcess: boolean;
    subscribeByAPI: boolean;
  };
  modules?: Record<string, ProviderModule>;
  metadata?: {
    input?: InputDescriptor[];
    postAuthentication?: Array<{ name: string; moduleDependencies?: Record<string, unknown> }>;
  };
  providerAppMetadata?: {
    authQueryParams?: InputDescriptor[];
    providerParams?: InputDescriptor[];
  };
}

// ---------------------------------------------------------------- integrations and search (2.6, 4.6)

/**
 * A field mapping in a manifest object. With `fieldName` it is fixed by the
 * manifest; without it the user picks the provider field at installation
 * (stored in the installation's `selectedFieldMappings`).
 */
export interface ManifestFieldMapping {
  mapToName: string;
  mapToDisplayName?: string;
  fieldName?: string;
  prompt?: string;
}

export interface ManifestReadObject {
  objectName: string;
  destination?: string;
  enabled?: 'always';
  fieldMappings?: ManifestFieldMapping[];
}

export interface ManifestIntegration {
  name: string;
  provider: string;
  read: { objects: ManifestReadObject[] };
}

export interface Manifest {
  specVersion: '1.0.0';
  integrations: ManifestIntegration[];
}

export interface InstallationObjectConfig {
  /** Rule 7 of section 4.6: stops search on the object unless the manifest says `enabled: always`. */
  disabled?: boolean;
  /** mapToName → provider field name, chosen by the user at installation. */
  selectedFieldMappings?: Record<string, string>;
}

export interface Installation {
  id: string;
  integrationId: string;
  groupRef: string;
  groupName: string;
  config: { read: { objects: Record<string, InstallationObjectConfig> } };
  createTime: Timestamp;
  updateTime: Timestamp;
}

export interface Integration {
  id: string;
  projectId: string;
  name: string;
  provider: string;
  manifest: Manifest;
  installations: Installation[];
  createTime: Timestamp;
  updateTime: Timestamp;
}

/**
 * A record in a customer's SaaS instance. `raw` is the provider's native shape
 * (flat for Salesforce; HubSpot nests its fields under `properties`), `id` the
 * provider's record ID lifted out so search results need not know each shape.
 */
export interface ProviderRecord {
  id: string;
  raw: Record<string, unknown>;
}

/** The emulated SaaS data behind one group's connection to one provider. */
export interface ProviderDataset {
  groupRef: string;
  provider: string;
  objects: Record<string, ProviderRecord[]>;
}

// ---------------------------------------------------------------- projects

/** The spec defines no Project resource; the sandbox keeps what its operations need. */
export interface SandboxProject {
  id: string;
  name: string;
  /** The builder's application as end users see it. */
  appName: string;
  orgId: string;
  createTime: Timestamp;
  updateTime: Timestamp;
  providerApps: ProviderApp[];
  connections: Connection[];
  /** User groups by groupRef; connections:generate upserts them. */
  groups: Group[];
  /** Consumers by consumerRef; connections:generate upserts them. */
  consumers: Consumer[];
  /** Credentials that a Connection does not show (basic and custom auth), kept so tests can check what arrived. */
  connectionCredentials: ConnectionCredentials[];
  destinations: StoredDestination[];
  integrations: Integration[];
  providerData: ProviderDataset[];
}
