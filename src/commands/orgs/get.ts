import { operations } from '../../api/operations.js';
import type { Org } from '../../api/schemas.js';
import type { View } from '../../output/view.js';
import * as z from '../../schema/zod.js';
import { defineCommand } from '../command.js';
import { describe } from '../help.js';
import { addOutputOptions, identifier, outputSchema, parseInput } from '../input.js';
import { requireOrg } from './org-id.js';

const schema = z.object({
  orgId: z.optional(identifier),
  org: z.optional(identifier),
  ...outputSchema,
});

export default defineCommand({
  configure(command) {
    command.argument('[orgId]', 'organization ID (default: --org, IPCTL_ORG, or the profile\'s org)').option('--org <id>', 'organization ID');
    addOutputOptions(command);
    describe(command, {
      description: 'Show an organization: its label, default team and timestamps. Needs a bearer token.',
      examples: ['ipctl orgs get org_demo', 'ipctl orgs get --json', 'IPCTL_ORG=org_demo ipctl orgs get -o json'],
      environment: ['IPCTL_ORG      default organization', 'IPCTL_TOKEN    bearer token'],
    });
  },
  parse: (raw, command) => parseInput(schema, raw, command),
  async run(input, context) {
    const settings = await context.settings({ org: input.org });
    const orgId = requireOrg(input.orgId, settings);
    const api = await context.api(settings);
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
