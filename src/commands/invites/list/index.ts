import { type Invite, inviteStatuses } from '../../../api/schemas.js';
import type { View } from '../../../output/view.js';
import * as z from '../../../schema/zod.js';
import { defineCommand, flag } from '../../../command-model/command.js';
import { outputFlags } from '../../../command-model/common-flags.js';
import { listFormats } from '../../../output/view.js';
import { fetchFromOrg } from '../../../orgs/org-id.js';
import { orgArgs, orgFlag, orgHelp } from '../../../command-model/org-input.js';

export default defineCommand({
  args: orgArgs,
  flags: {
    ...orgFlag,
    status: flag(
      '--status <status>',
      `only invites in this status: ${inviteStatuses.join(', ')}`,
      z.optional(z.enum(inviteStatuses, { error: `must be one of ${inviteStatuses.join(', ')}` })),
      { values: inviteStatuses },
    ),
    ...outputFlags(listFormats),
  },
  help: orgHelp(
    "List an organization's invites: email, status, creation time and ID. Needs a bearer token.",
    ['ipctl invites list org_demo', 'ipctl invites list --status pending', 'ipctl invites list org_demo --json'],
  ),
  async run(input, context) {
    const { orgId, data: invites } = await fetchFromOrg(input, context, (table) => table.listOrgInvites);
    // The API lists every invite; the status filter is applied here.
    const shown = input.status ? invites.filter((invite) => invite.status === input.status) : invites;
    const notes = shown.length === 0 ? [`No ${input.status ? `${input.status} ` : ''}invites in ${orgId}.`] : [];
    return { data: shown, view: invitesView(shown), notes };
  },
});

function invitesView(invites: Invite[]): View {
  return {
    kind: 'list',
    columns: ['EMAIL', 'STATUS', 'CREATED', 'ID'],
    rows: invites.map((invite) => [invite.invitedEmail, invite.status, invite.createTime, invite.id]),
  };
}
