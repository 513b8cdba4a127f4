// Section 4.6, served under the separate search base address. Placeholder
// until the operation is emulated: auth, body parsing and the project lookup
// already run, so only `handle` needs to grow.
import { notImplemented } from '../problems.js';
import type { Route } from '../router.js';
import { requireProject } from './lookups.js';

export const searchRoutes: Route[] = [
  {
    operation: 'searchRecords',
    method: 'POST',
    pattern: '/search/v1/projects/{projectId}/integrations/{integrationId}',
    auth: 'apiKey',
    body: 'json',
    handle: ({ state, params }) => {
      requireProject(state, params.projectId as string);
      throw notImplemented('search records');
    },
  },
];
