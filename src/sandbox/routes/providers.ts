// Section 4.5: the provider catalogue, readable without credentials.
import { ok, type Route, route } from '../router.js';
import { requireProvider } from './lookups.js';

export const providerRoutes: Route[] = [
  route('getProvider', 'GET /v1/providers/{provider}', 'none', ({ state, params }) => ok(requireProvider(state, params.provider as string))),
];
