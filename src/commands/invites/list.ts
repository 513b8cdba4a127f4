import { operations } from '../../api/operations.js';
import { type Invite, inviteStatuses } from '../../api/schemas.js';
import type { View } from '../../output/view.js';
import * as z from '../../schema/zod.js';
import { defineCommand } from '../command.js';
import { describe } from '../help.js';
import { addOutputOptions, completeValues, identifier, outputSchema, parseInput } from '../input.js';
import { requireOrg } from '../orgs/org-id.js';

const schema = z.object({
  orgId: z.optional(identifier),
  org: z.optional(identifier),
  status: z.optional(z.enum(inviteStatuses, { error: `must be one of ${inviteStatuses.join(', ')}` })),
  ...outputSchema,
});

export default defineCommand({
  configure(command) {
    command
      .argument('[orgId]', 'organization ID (default: --org, IPCTL_ORG, or the profile\'s org)')
      .option('--org <id>', 'organization ID')
      .option('--status <status>', `only invites in this status: ${inviteStatuses.join(', ')}`);
    completeValues(command, '--status', inviteStatuses);
    addOutputOptions(command);
    describe(command, {
      description: "List an organization's invites: email, status, creation time and ID. Needs a bearer token.",
      examples: ['ipctl invites list org_demo', 'ipctl invites list --status pending', 'ipctl invites list org_demo --json'],
      environment: ['IPCTL_ORG      default organization', 'IPCTL_TOKEN    bearer token'],
    });
  },
  parse: (raw, command) => parseInput(schema, raw, command),
  async run(input, context) {
    const settings = await context.settings({ org: input.org });
    const orgId = requireOrg(input.orgId, settings);
    const api = await context.api(settings);
    const invites = await api.call(operations.listOrgInvites, { path: { orgId } });
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
