// Read-only control routes under /_sandbox/ for looking into the sandbox's
// state (tests, and people trying ipctl out). They are not API: not logged,
// no credential. Secret values are never shown; the sandbox does not have them.
import { ok, type Route, route } from './router.js';
import { requireDestination } from './routes/destinations.js';
import { requireProject } from './routes/lookups.js';
import type { SandboxProject } from './types.js';

export const controlRoutes: readonly Route[] = [
  // Built field by field so that nothing else stored can ever slip out.
  projectView('sandboxDestinationState', 'destinations/{destination}', (project, params) => {
    const stored = requireDestination(project, params.destination as string);
    return { destination: stored.destination, secretNames: stored.secretNames };
  }),
  // Who each connection is for, in the order created; never its credentials.
  projectView('sandboxConnectionList', 'connections', (project) => ({
    connections: project.connections.map((connection) => ({
      id: connection.id,
      provider: connection.provider,
      groupRef: connection.group.groupRef,
      consumerRef: connection.consumer.consumerRef,
      ...(connection.providerWorkspaceRef !== undefined ? { providerWorkspaceRef: connection.providerWorkspaceRef } : {}),
      status: connection.status,
      createTime: connection.createTime,
    })),
  })),
];

/** A GET of `/_sandbox/projects/{projectIdOrName}/<path>`: the project's ID, then what `view` picks out of it. */
function projectView(
  operation: string,
  path: string,
  view: (project: SandboxProject, params: Record<string, string>) => Record<string, unknown>,
): Route {
  return route(operation, `GET /_sandbox/projects/{projectIdOrName}/${path}`, 'none', ({ state, params }) => {
    const project = requireProject(state, params.projectIdOrName as string);
    return ok({ projectId: project.id, ...view(project, params) });
  });
}
