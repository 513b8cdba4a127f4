import type { Provider } from '../api/schemas.js';

/** One value a connection to a provider needs, derived from the provider's description. */
export interface Requirement {
  /** Where the value goes in the request body, such as `apiKey` or `customAuth.password`. */
  field: string;
  label: string;
  kind: 'secret' | 'text' | 'select' | 'list';
  required: boolean;
  options?: string[];
  defaultValue?: string;
  prompt?: string;
  docsUrl?: string;
  note?: string;
}

/** What a connection to `provider` needs: credentials by auth type, then metadata inputs. */
export function connectionRequirements(provider: Provider): Requirement[] {
  return [...authRequirements(provider), ...metadataRequirements(provider)];
}

function authRequirements(provider: Provider): Requirement[] {
  switch (provider.authType) {
    case 'apiKey':
      return [{ field: 'apiKey', label: 'API key', kind: 'secret', required: true, docsUrl: provider.apiKeyOpts?.docsURL, note: apiKeyPlacement(provider) }];
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

function apiKeyPlacement(provider: Provider): string | undefined {
  const options = provider.apiKeyOpts;
  if (options?.attachmentType === 'query' && options.query?.name) return `sent as query parameter ${options.query.name}`;
  if (options?.header?.name) return `sent in header ${options.header.name}${options.header.valuePrefix ? ` (prefix "${options.header.valuePrefix}")` : ''}`;
  return undefined;
}

function basicRequirements(provider: Provider): Requirement[] {
  if (provider.basicOpts?.apiKeyAsBasic) {
    return [{ field: 'apiKey', label: 'API key', kind: 'secret', required: true, docsUrl: provider.basicOpts.docsURL, note: 'sent as HTTP Basic credentials' }];
  }
  return [
    { field: 'basicAuth.username', label: 'Username', kind: 'text', required: true, docsUrl: provider.basicOpts?.docsURL },
    { field: 'basicAuth.password', label: 'Password', kind: 'secret', required: true },
  ];
}

function oauth2Requirements(provider: Provider): Requirement[] {
  const options = provider.oauth2Opts ?? {};
  const requirements: Requirement[] = [
    { field: 'oauth2AuthorizationCode.refreshToken', label: 'Refresh token', kind: 'secret', required: true, docsUrl: options.docsURL, note: 'an existing token to import; new connections use the OAuth connect flow' },
    { field: 'oauth2AuthorizationCode.accessToken', label: 'Access token', kind: 'secret', required: false },
    { field: 'oauth2AuthorizationCode.scopes', label: 'Scopes', kind: 'list', required: options.explicitScopesRequired === true },
  ];
  if (options.explicitWorkspaceRequired) {
    requirements.push({ field: 'providerWorkspaceRef', label: 'Workspace', kind: 'text', required: true, note: 'the provider workspace, such as a subdomain' });
  }
  return requirements;
}

function customRequirements(provider: Provider): Requirement[] {
  return (provider.customOpts?.inputs ?? []).map((input) => {
    const options = input.options?.map((option) => option.value);
    return {
      field: `customAuth.${input.name}`,
      label: input.displayName ?? input.name,
      kind: input.fieldType === 'fieldTypePassword' ? 'secret' : options?.length ? 'select' : 'text',
      required: true,
      options,
      prompt: input.prompt,
      docsUrl: input.docsURL,
    };
  });
}

function metadataRequirements(provider: Provider): Requirement[] {
  return (provider.metadata?.input ?? []).map((input) => ({
    field: `providerMetadata.${input.name}`,
    label: input.displayName ?? input.name,
    kind: 'text',
    required: input.defaultValue === undefined,
    defaultValue: input.defaultValue,
    prompt: input.prompt,
    docsUrl: input.docsURL,
  }));
}
