import type { Org } from '../../../api/schemas.js';
import { recordView, type View } from '../../../output/view.js';
import { defineCommand } from '../../../command-model/command.js';
import { outputFlag } from '../../../command-model/common-flags.js';
import { fetchFromOrg } from '../../../orgs/org-id.js';
import { orgArgs, orgFlag, orgHelp } from '../../../command-model/org-input.js';

export default defineCommand({
  args: orgArgs,
  flags: { ...orgFlag, ...outputFlag },
  help: orgHelp(
    'Show an organization: its label, default team and timestamps. Needs a bearer token.',
    ['ipctl orgs get org_demo', 'ipctl orgs get --json', 'IPCTL_ORG=org_demo ipctl orgs get -o json'],
  ),
  async run(input, context) {
    const { data: org } = await fetchFromOrg(input, context, (table) => table.getOrg);
    return { data: org, view: orgView(org) };
  },
});

function orgView(org: Org): View {
  return recordView([
    ['ID', org.id],
    ['Label', org.label],
    ['Default team', org.defaultTeamId],
    ['Created', org.createTime],
    ['Updated', org.updateTime],
  ]);
}
