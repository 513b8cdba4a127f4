// Section 4.3. Placeholder until the operation is emulated: auth, body parsing
// and the project lookup already run, so only `handle` needs to grow.
import { notImplemented } from '../problems.js';
import type { Route } from '../router.js';
import { requireProject } from './lookups.js';

export const connectionRoutes: Route[] = [
  {
    operation: 'generateConnection',
    method: 'POST',
    pattern: '/v1/projects/{projectIdOrName}/connections:generate',
    auth: 'apiKey',
    body: 'json',
    handle: ({ state, params }) => {
      requireProject(state, params.projectIdOrName as string);
      throw notImplemented('generate a connection');
    },
  },
];
