// Every API route of the sandbox. A new operation is one route file plus one line here.
import type { Route } from '../router.js';
import { connectionRoutes } from './connections.js';
import { destinationRoutes } from './destinations.js';
import { orgRoutes } from './orgs.js';
import { projectRoutes } from './projects.js';
import { providerRoutes } from './providers.js';
import { searchRoutes } from './search.js';

export const apiRoutes: readonly Route[] = [
  ...orgRoutes,
  ...projectRoutes,
  ...providerRoutes,
  ...connectionRoutes,
  ...destinationRoutes,
  ...searchRoutes,
];
