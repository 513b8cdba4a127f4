// Read-only control routes under /_sandbox/ for looking into the sandbox's
// state (tests, and people trying ipctl out). They are not API: not logged,
// no credential. Secret values are never shown; the sandbox does not have them.
import type { Route } from './router.js';
import { requireDestination } from './routes/destinations.js';
import { requireProject } from './routes/lookups.js';

export const controlRoutes: readonly Route[] = [
  {
    operation: 'sandboxDestinationState',
    method: 'GET',
    pattern: '/_sandbox/projects/{projectIdOrName}/destinations/{destination}',
    auth: 'none',
    handle: ({ state, params }) => {
      const project = requireProject(state, params.projectIdOrName as string);
      const stored = requireDestination(project, params.destination as string);
      // Built field by field so that nothing else stored can ever slip out.
      return { status: 200, body: { projectId: project.id, destination: stored.destination, secretNames: stored.secretNames } };
    },
  },
  {
    operation: 'sandboxConnectionList',
    method: 'GET',
    pattern: '/_sandbox/projects/{projectIdOrName}/connections',
    auth: 'none',
    handle: ({ state, params }) => {
      const project = requireProject(state, params.projectIdOrName as string);
      // Who each connection is for, in the order created; never its credentials.
      const connections = project.connections.map((connection) => ({
        id: connection.id,
        provider: connection.provider,
        groupRef: connection.group.groupRef,
        consumerRef: connection.consumer.consumerRef,
        ...(connection.providerWorkspaceRef !== undefined ? { providerWorkspaceRef: connection.providerWorkspaceRef } : {}),
        status: connection.status,
        createTime: connection.createTime,
      }));
      return { status: 200, body: { projectId: project.id, connections } };
    },
  },
];
