// Section 4.5: the provider catalogue, readable without credentials.
import type { Route } from '../router.js';
import { requireProvider } from './lookups.js';

export const providerRoutes: Route[] = [
  {
    operation: 'getProvider',
    method: 'GET',
    pattern: '/v1/providers/{provider}',
    auth: 'none',
    handle: ({ state, params }) => ({ status: 200, body: requireProvider(state, params.provider as string) }),
  },
];
