/**
 * A connection looked up by a row's key (provider, group, consumer): how a row
 * whose outcome is unknown, or a `created` record without a connection ID,
 * is matched to the connection it made (read-operations.md, List connections:
 * each filter an exact match).
 */
import type { ApiClient } from '../../api/client.js';
import { operations } from '../../api/operations.js';
import type { Connection } from '../../api/schemas.js';
import type { RowIdentity } from './check.js';

/** The project's connections with the row's key; undefined when the row has no whole key to look for. */
export async function connectionsWithKey(api: ApiClient, project: string, identity: RowIdentity): Promise<Connection[] | undefined> {
  const { provider, groupRef, consumerRef } = identity;
  if (!provider || !groupRef || !consumerRef) return undefined;
  const listed = await api.call(operations.listConnections, { path: { projectIdOrName: project }, query: { provider, groupRef, consumerRef } });
  // The filters are the service's; a connection that does not match all three is not this row's, whatever it answered.
  return listed.filter((connection) => connection.provider === provider && connection.group?.groupRef === groupRef && connection.consumer?.consumerRef === consumerRef);
}
