// Section 4.5 and read-operations.md: the provider catalogue, readable without credentials.
import { ok, type Route, route } from '../router.js';
import { requireProvider } from './lookups.js';

export const providerRoutes: Route[] = [
  // One object keyed by provider name, not an array: the same catalogue that is served one by one.
  route('listProviders', 'GET /v1/providers', 'none', ({ state }) => ok(state.providers)),
  route('getProvider', 'GET /v1/providers/{provider}', 'none', ({ state, params }) => ok(requireProvider(state, params.provider as string))),
];
