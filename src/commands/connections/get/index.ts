import { listFormats } from '../../../output/view.js';
import { argument, defineCommand } from '../../../command-model/command.js';
import { connectionIds, identifier, outputFlags } from '../../../command-model/common-flags.js';
import { inProject } from '../../../projects/project-ref.js';
import { projectEnvironment, projectFlag, projectReadExitCodes } from '../../../command-model/project-flag.js';

export default defineCommand({
  args: { id: argument('<id>', 'connection ID, such as conn_…', identifier, { values: connectionIds }) },
  flags: { ...projectFlag, ...outputFlags(listFormats) },
  help: {
    description:
      "Show a connection: its provider, user group, consumer, status, workspace, provider metadata and provider app. ipctl never asks the service for the customer's tokens, nor refreshes them; credentials an answer carries anyway (such as the API key) are shown redacted (****abcd) in every format. Needs an API key or a bearer token.",
    examples: ['ipctl connections get conn_4f2a9c --project demo', 'ipctl connections get conn_4f2a9c -o json', "ipctl connections get conn_4f2a9c --query 'group.groupRef'"],
    environment: projectEnvironment,
    exitCodes: projectReadExitCodes('success', 'unknown project or connection'),
  },
  async run(input, context) {
    const { project, api, operations } = await inProject(context, input.project);
    const connection = await api.call(operations.getConnection, { path: { projectIdOrName: project, connectionId: input.id } });
    const { connectionView, hideCredentials } = await import('../../../connections/view.js');
    const shown = hideCredentials(connection, context.scrubber);
    return { data: shown, view: connectionView(shown), items: [shown] };
  },
});
