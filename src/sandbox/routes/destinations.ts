// Section 4.4. Placeholder until the operation is emulated: auth, body parsing
// and the project lookup already run, so only `handle` needs to grow.
import { notImplemented } from '../problems.js';
import type { Route } from '../router.js';
import { requireProject } from './lookups.js';

export const destinationRoutes: Route[] = [
  {
    operation: 'updateDestination',
    method: 'PATCH',
    pattern: '/v1/projects/{projectIdOrName}/destinations/{destination}',
    auth: 'apiKeyOrBearer',
    body: 'json',
    handle: ({ state, params }) => {
      requireProject(state, params.projectIdOrName as string);
      throw notImplemented('update a destination');
    },
  },
];
