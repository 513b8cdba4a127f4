import type { Org } from '../../api/schemas.js';
import type { View } from '../../output/view.js';
import { defineCommand } from '../command.js';
import { outputFlag } from '../input.js';
import { orgArgs, orgFlag, requireOrg } from './org-id.js';

export default defineCommand({
  summary: 'Show an organization',
  args: orgArgs,
  flags: { ...orgFlag, ...outputFlag },
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
