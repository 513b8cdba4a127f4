import { connectionRequirements, type ProviderDescription } from '../providers/requirements.js';
import { setValueAt } from './request.js';

/**
 * An empty request body to fill in and pass to --input-json. For a provider it
 * holds exactly the fields that provider takes (metadata defaults filled in);
 * without one, every field of the body. Blanks left empty count as not given.
 */
export function connectionSkeleton(provider?: ProviderDescription): Record<string, unknown> {
  const body: Record<string, unknown> = {
    provider: provider?.name ?? '',
    groupRef: '',
    groupName: '',
    consumerRef: '',
    consumerName: '',
  };
  if (!provider) {
    return {
      ...body,
      providerWorkspaceRef: '',
      providerMetadata: {},
      apiKey: '',
      basicAuth: { username: '', password: '' },
      customAuth: {},
      oauth2AuthorizationCode: { scopes: [], refreshToken: { token: '' }, accessToken: { token: '' } },
    };
  }
  for (const requirement of connectionRequirements(provider)) {
    const { field } = requirement;
    if (requirement.kind === 'list') setValueAt(body, field, []);
    else if (field.startsWith('oauth2AuthorizationCode.')) setValueAt(body, field, { token: '' });
    else setValueAt(body, field, requirement.defaultValue ?? '');
  }
  return body;
}
