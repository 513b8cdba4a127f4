import type { ApiClient } from '../api/client.js';
import { operations } from '../api/operations.js';
import type { Provider } from '../api/schemas.js';
import { ApiError } from '../errors.js';

export interface ProviderLookup {
  (name: string): Promise<Provider | undefined>;
  /** The provider, if it has been read already: nothing is asked of the service. */
  known(name: string): Provider | undefined;
}

/** Reads providers from the catalogue (no credential), once per name; undefined for an unknown one. */
export function providerLookup(api: ApiClient): ProviderLookup {
  const cache = new Map<string, Promise<Provider | undefined>>();
  const read = new Map<string, Provider>();
  const lookUp = (name: string): Promise<Provider | undefined> => {
    let found = cache.get(name);
    if (!found) {
      found = api.call(operations.getProvider, { path: { provider: name } }).then(
        (provider) => {
          read.set(name, provider);
          return provider;
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return undefined;
          cache.delete(name);
          throw error;
        },
      );
      cache.set(name, found);
    }
    return found;
  };
  return Object.assign(lookUp, { known: (name: string) => read.get(name) });
}
