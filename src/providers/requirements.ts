/**
 * What a connection to a provider needs, derived from the provider's
 * description alone. `providers get` shows it, and `connections generate` prompts
 * for it and checks against it, so the two agree. Pure: no I/O and no imports
 * beyond types. The sandbox does not use it: it states the rules on its own.
 */

/** An input a provider describes (spec 2.5: metadata input descriptors and customOpts inputs). */
interface InputDescription {
  name: string;
  displayName?: string;
  prompt?: string;
  defaultValue?: string;
  docsURL?: string;
  fieldType?: string;
  options?: Array<{ value: string; label?: string }>;
}

/**
 * The parts of a provider (spec 2.5) that decide what a connection needs: the
 * CLI's parsed Provider fits this shape.
 */
export interface ProviderDescription {
  name?: string;
  displayName?: string;
  authType?: string;
  oauth2Opts?: { grantType?: string; explicitScopesRequired?: boolean; explicitWorkspaceRequired?: boolean; docsURL?: string };
  apiKeyOpts?: { attachmentType?: string; query?: { name?: string }; header?: { name?: string; valuePrefix?: string }; docsURL?: string };
  basicOpts?: { apiKeyAsBasic?: boolean; docsURL?: string };
  customOpts?: { inputs?: InputDescription[] };
  metadata?: { input?: InputDescription[]; postAuthentication?: Array<{ name?: unknown }> };
}

/** The part of the connection a value belongs to; prompts ask them in this order. */
type RequirementSection = 'workspace' | 'metadata' | 'auth';

/** One value a connection to a provider needs. */
export interface Requirement {
  /** Where the value goes in the request body, such as `apiKey` or `customAuth.password`. */
  field: string;
  label: string;
  kind: 'secret' | 'text' | 'select' | 'list';
  required: boolean;
  section: RequirementSection;
  options?: Array<{ value: string; label?: string }>;
  defaultValue?: string;
  prompt?: string;
  docsUrl?: string;
  note?: string;
}

/**
 * A metadata input with this name is the provider workspace (the `{{.workspace}}`
 * of the provider's URLs): one value, sent as providerWorkspaceRef and as
 * providerMetadata.workspace.
 */
export const workspaceMetadataName = 'workspace';

/** The credential kinds of spec 2.5 `authType` that a connection can carry. */
export type CredentialShape = 'none' | 'apiKey' | 'basicAuth' | 'customAuth' | 'oauth2AuthorizationCode' | 'unknown';

/** Which body field carries the credential for this provider. */
export function credentialShape(provider: ProviderDescription): CredentialShape {
  switch (provider.authType) {
    case 'none':
      return 'none';
    case 'apiKey':
      return 'apiKey';
    case 'basic':
      return provider.basicOpts?.apiKeyAsBasic ? 'apiKey' : 'basicAuth';
    case 'oauth2':
      return 'oauth2AuthorizationCode';
    case 'custom':
    case 'jwt':
      return 'customAuth';
    default:
      return 'unknown';
  }
}

/** Worked out once per provider description: a bulk import asks for every row. */
const requirementsOf = new WeakMap<ProviderDescription, ReadonlyArray<Readonly<Requirement>>>();

/** What a connection to `provider` needs, in the order a person is asked: workspace, metadata, credentials. */
export function connectionRequirements(provider: ProviderDescription): ReadonlyArray<Readonly<Requirement>> {
  let found = requirementsOf.get(provider);
  if (!found) {
    const workspace = workspaceRequirement(provider);
    found = [...(workspace ? [workspace] : []), ...metadataRequirements(provider), ...authRequirements(provider)];
    requirementsOf.set(provider, found);
  }
  return found;
}

function workspaceRequirement(provider: ProviderDescription): Requirement | undefined {
  const descriptor = provider.metadata?.input?.find((input) => input.name === workspaceMetadataName);
  const explicit = provider.authType === 'oauth2' && provider.oauth2Opts?.explicitWorkspaceRequired === true;
  if (!descriptor && !explicit) return undefined;
  const prompt = [descriptor?.displayName, descriptor?.prompt].filter(Boolean).join(': ');
  return {
    field: 'providerWorkspaceRef',
    label: 'Workspace',
    kind: 'text',
    section: 'workspace',
    required: explicit || (descriptor !== undefined && descriptor.defaultValue === undefined),
    defaultValue: descriptor?.defaultValue,
    prompt: prompt || undefined,
    docsUrl: descriptor?.docsURL,
    note: descriptor ? `the provider workspace, also sent as providerMetadata.${workspaceMetadataName}` : 'the provider workspace, such as a subdomain',
  };
}

function metadataRequirements(provider: ProviderDescription): Requirement[] {
  return (provider.metadata?.input ?? [])
    .filter((input) => input.name !== workspaceMetadataName)
    .map((input) => ({
      field: `providerMetadata.${input.name}`,
      label: input.displayName ?? input.name,
      kind: 'text',
      section: 'metadata',
      required: input.defaultValue === undefined,
      defaultValue: input.defaultValue,
      prompt: input.prompt,
      docsUrl: input.docsURL,
    }));
}

function authRequirements(provider: ProviderDescription): Requirement[] {
  switch (provider.authType) {
    case 'apiKey':
      return [{ field: 'apiKey', label: 'API key', kind: 'secret', section: 'auth', required: true, docsUrl: provider.apiKeyOpts?.docsURL, note: apiKeyPlacement(provider) }];
    case 'basic':
      return basicRequirements(provider);
    case 'oauth2':
      return oauth2Requirements(provider);
    case 'custom':
    case 'jwt':
      return customRequirements(provider);
    default:
      return [];
  }
}

function apiKeyPlacement(provider: ProviderDescription): string | undefined {
  const options = provider.apiKeyOpts;
  if (options?.attachmentType === 'query' && options.query?.name) return `sent as query parameter ${options.query.name}`;
  if (options?.header?.name) return `sent in header ${options.header.name}${options.header.valuePrefix ? ` (prefix "${options.header.valuePrefix}")` : ''}`;
  return undefined;
}

function basicRequirements(provider: ProviderDescription): Requirement[] {
  const docsUrl = provider.basicOpts?.docsURL;
  if (provider.basicOpts?.apiKeyAsBasic) {
    return [{ field: 'apiKey', label: 'API key', kind: 'secret', section: 'auth', required: true, docsUrl, note: 'sent as HTTP Basic credentials' }];
  }
  return [
    { field: 'basicAuth.username', label: 'Username', kind: 'text', section: 'auth', required: true, docsUrl, note: 'sent as basicAuth.username' },
    { field: 'basicAuth.password', label: 'Password', kind: 'secret', section: 'auth', required: true, note: 'sent as basicAuth.password' },
  ];
}

function oauth2Requirements(provider: ProviderDescription): Requirement[] {
  const options = provider.oauth2Opts ?? {};
  return [
    { field: 'oauth2AuthorizationCode.refreshToken', label: 'Refresh token', kind: 'secret', section: 'auth', required: true, docsUrl: options.docsURL, note: 'an existing token to import; new connections use the OAuth connect flow' },
    { field: 'oauth2AuthorizationCode.accessToken', label: 'Access token', kind: 'secret', section: 'auth', required: false },
    { field: 'oauth2AuthorizationCode.scopes', label: 'Scopes', kind: 'list', section: 'auth', required: options.explicitScopesRequired === true, note: 'the scopes the imported tokens were granted' },
  ];
}

function customRequirements(provider: ProviderDescription): Requirement[] {
  return (provider.customOpts?.inputs ?? []).map((input) => {
    const options = input.options?.length ? input.options.map(({ value, label }) => ({ value, label })) : undefined;
    return {
      field: `customAuth.${input.name}`,
      label: input.displayName ?? input.name,
      kind: input.fieldType === 'fieldTypePassword' ? 'secret' : options ? 'select' : 'text',
      section: 'auth',
      required: true,
      options,
      prompt: input.prompt,
      docsUrl: input.docsURL,
    };
  });
}
