import type { ApiClient } from '../api/client.js';
import { operations } from '../api/operations.js';
import type { Provider } from '../api/schemas.js';
import { ApiError } from '../errors.js';

export type ProviderLookup = (name: string) => Promise<Provider | undefined>;

/** Reads providers from the catalogue (no credential), once per name; undefined for an unknown one. */
export function providerLookup(api: ApiClient): ProviderLookup {
  const cache = new Map<string, Promise<Provider | undefined>>();
  return (name) => {
    let found = cache.get(name);
    if (!found) {
      found = api.call(operations.getProvider, { path: { provider: name } }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        cache.delete(name);
        throw error;
      });
      cache.set(name, found);
    }
    return found;
  };
}
