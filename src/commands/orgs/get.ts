import type { Org } from '../../api/schemas.js';
import type { View } from '../../output/view.js';
import * as z from '../../schema/zod.js';
import { argument, defineCommand, flag } from '../command.js';
import { identifier, outputFlag } from '../input.js';
import { requireOrg } from './org-id.js';

export default defineCommand({
  summary: 'Show an organization',
  args: { orgId: argument('[orgId]', "organization ID (default: --org, IPCTL_ORG, or the profile's org)", z.optional(identifier)) },
  flags: { org: flag('--org <id>', 'organization ID', z.optional(identifier)), ...outputFlag },
  help: {
    description: 'Show an organization: its label, default team and timestamps. Needs a bearer token.',
    examples: ['ipctl orgs get org_demo', 'ipctl orgs get --json', 'IPCTL_ORG=org_demo ipctl orgs get -o json'],
    environment: ['IPCTL_ORG      default organization', 'IPCTL_TOKEN    bearer token'],
  },
  async run(input, context) {
    const settings = await context.settings({ org: input.org });
    const orgId = requireOrg(input.orgId, settings);
    const api = await context.api(settings);
    const { operations } = await import('../../api/operations.js');
    const org = await api.call(operations.getOrg, { path: { orgId } });
    return { data: org, view: orgView(org) };
  },
});

function orgView(org: Org): View {
  return {
    kind: 'record',
    fields: [
      ['ID', org.id],
      ['Label', org.label],
      ['Default team', org.defaultTeamId],
      ['Created', org.createTime],
      ['Updated', org.updateTime],
    ],
  };
}
