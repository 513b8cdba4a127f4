import { listFormats } from '../../../output/view.js';
import * as z from '../../../schema/zod.js';
import { defineCommand, flag } from '../../../command-model/command.js';
import { outputFlags, providerNames } from '../../../command-model/common-flags.js';
import { inProject } from '../../../projects/project-ref.js';
import { projectEnvironment, projectFlag, projectReadExitCodes } from '../../../command-model/project-flag.js';

/** A query value: matched exactly by the service, so any text but control characters. */
const exactMatch = z.optional(
  z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(200, 'is too long (200 characters at most)'), z.regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters')),
);

export default defineCommand({
  flags: {
    ...projectFlag,
    provider: flag('--provider <name>', 'only connections to this provider (exact match)', exactMatch, { values: providerNames }),
    groupRef: flag('--group-ref <ref>', 'only connections of this user group (exact match)', exactMatch),
    consumerRef: flag('--consumer-ref <ref>', 'only connections of this consumer (exact match)', exactMatch),
    ...outputFlags(listFormats),
  },
  help: {
    description:
      "List a project's connections: ID, provider, user group, consumer, status and creation time. The filters are the service's own (each an exact match, all must hold). Customers' credentials that an answer carries are shown redacted (****abcd) in every format. Needs an API key or a bearer token.",
    examples: [
      'ipctl connections list --project demo',
      'ipctl connections list --group-ref acme-corp',
      'ipctl connections list --provider pipedrive -o json',
      "ipctl connections list --query '[].id' -o json",
    ],
    environment: projectEnvironment,
    exitCodes: projectReadExitCodes('success, including no connections', 'unknown project'),
  },
  async run(input, context) {
    const { project, api, operations } = await inProject(context, input.project);
    const query = { provider: input.provider, groupRef: input.groupRef, consumerRef: input.consumerRef };
    const connections = await api.call(operations.listConnections, { path: { projectIdOrName: project }, query });
    const { connectionsView, hideCredentials } = await import('../../../connections/view.js');
    const shown = connections.map((connection) => hideCredentials(connection, context.scrubber));
    const filtered = Object.values(query).some((value) => value !== undefined);
    const notes = shown.length === 0 ? [`No connections${filtered ? ' match' : ''} in project ${project}.`] : [];
    return { data: shown, view: connectionsView(shown), notes };
  },
});
