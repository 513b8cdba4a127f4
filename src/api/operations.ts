import * as z from '../schema/zod.js';
import { type OperationId, type Route, operationRoutes } from './routes.js';
import { ConnectionSchema, DestinationSchema, InviteSchema, OrgSchema, ProjectSchema, ProviderCatalogueSchema, ProviderSchema, SearchResponseSchema } from './schemas.js';

export type { AuthRequirement, Base } from './routes.js';

/** One API operation: its route (routes.ts) and the schema its answer is parsed with. */
export interface Operation<Response = unknown> extends Route {
  id: string;
  response: z.ZodMiniType<Response>;
}

/** Each operation's answer schema; the route comes from routes.ts. */
const responses = {
  getOrg: OrgSchema,
  listOrgInvites: z.array(InviteSchema),
  getProvider: ProviderSchema,
  searchRecords: SearchResponseSchema,
  updateDestination: DestinationSchema,
  generateConnection: ConnectionSchema,
  listProjects: z.array(ProjectSchema),
  getProject: ProjectSchema,
  listConnections: z.array(ConnectionSchema),
  getConnection: ConnectionSchema,
  deleteConnection: z.unknown(),
  listDestinations: z.array(DestinationSchema),
  getDestination: DestinationSchema,
  listProviders: ProviderCatalogueSchema,
} satisfies Record<OperationId, z.ZodMiniType>;

type Operations = { [Id in OperationId]: Operation<z.output<(typeof responses)[Id]>> };

function withResponses(): Operations {
  const entries = (Object.keys(operationRoutes) as OperationId[]).map((id) => [id, { id, ...operationRoutes[id], response: responses[id] }]);
  return Object.fromEntries(entries) as Operations;
}

/** Every API operation ipctl performs, as data; the client executes any of them. */
export const operations = withResponses();
