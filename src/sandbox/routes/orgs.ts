// Sections 4.1 and 4.2: read an organization and its invites.
import type { Route } from '../router.js';
import { requireOrg } from './lookups.js';

export const orgRoutes: Route[] = [
  {
    operation: 'getOrg',
    method: 'GET',
    pattern: '/v1/orgs/{orgId}',
    auth: 'bearer',
    handle: ({ state, params }) => ({ status: 200, body: requireOrg(state, params.orgId as string) }),
  },
  {
    operation: 'listOrgInvites',
    method: 'GET',
    pattern: '/v1/orgs/{orgId}/invites',
    auth: 'bearer',
    // The spec defines no query parameters (no filter, no paging): every invite, oldest first.
    handle: ({ state, params }) => {
      const org = requireOrg(state, params.orgId as string);
      const invites = state.invites
        .filter((invite) => invite.parentType === 'org' && invite.parentId === org.id)
        .sort((a, b) => a.createTime.localeCompare(b.createTime));
      return { status: 200, body: invites };
    },
  },
];
