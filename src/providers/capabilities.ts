import type { Provider } from '../api/schemas.js';

/** The capabilities `providers list --supports` filters on, as the catalogue's support object names them (spec 2.5.1). */
export const capabilities = ['read', 'write', 'delete', 'proxy', 'subscribe', 'search'] as const;
export type Capability = (typeof capabilities)[number];

/** The authentication types of the catalogue (spec 2.5). */
export const authTypes = ['oauth2', 'apiKey', 'basic', 'jwt', 'custom', 'none'] as const;

/**
 * Whether a provider supports a capability: its support key is true, or an
 * object that is present; search counts when any of its operators is enabled.
 */
export function supports(provider: Provider, capability: Capability): boolean {
  const support = provider.support as Record<string, unknown> | undefined;
  const value = support?.[capability];
  if (capability === 'search') return isObject(value) && isObject(value.operators) && Object.values(value.operators).some((enabled) => enabled === true);
  return value === true || isObject(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
