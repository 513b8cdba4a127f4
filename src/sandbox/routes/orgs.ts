// Sections 4.1 and 4.2: read an organization and its invites.
import { ok, type Route, route, type RouteContext, type RouteResponse } from '../router.js';
import { requireOrg } from './lookups.js';

export const orgRoutes: Route[] = [
  route('getOrg', 'GET /v1/orgs/{orgId}', 'bearer', ({ state, params }) => ok(requireOrg(state, params.orgId as string))),
  route('listOrgInvites', 'GET /v1/orgs/{orgId}/invites', 'bearer', listOrgInvites),
];

/** The spec defines no query parameters (no filter, no paging): every invite, oldest first. */
function listOrgInvites({ state, params }: RouteContext): RouteResponse {
  const org = requireOrg(state, params.orgId as string);
  const invites = state.invites
    .filter((invite) => invite.parentType === 'org' && invite.parentId === org.id)
    .sort((a, b) => a.createTime.localeCompare(b.createTime));
  return ok(invites);
}
