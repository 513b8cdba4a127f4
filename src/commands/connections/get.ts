import { listFormats } from '../../output/view.js';
import { argument, defineCommand } from '../command.js';
import { connectionIds, identifier, outputFlags } from '../input.js';
import { projectFlag, requireProject } from '../projects/project-ref.js';

export default defineCommand({
  args: { id: argument('<id>', 'connection ID, such as conn_…', identifier, { values: connectionIds }) },
  flags: { ...projectFlag, ...outputFlags(listFormats) },
  help: {
    description:
      "Show a connection: its provider, user group, consumer, status, workspace, provider metadata and provider app. ipctl never asks the service for the customer's tokens, nor refreshes them; credentials an answer carries anyway (such as the API key) are shown redacted (****abcd) in every format. Needs an API key or a bearer token.",
    examples: ['ipctl connections get conn_4f2a9c --project demo', 'ipctl connections get conn_4f2a9c -o json', "ipctl connections get conn_4f2a9c --query 'group.groupRef'"],
    environment: ['IPCTL_PROJECT   default project ID or name', 'IPCTL_API_KEY   API key (used when both are set)', 'IPCTL_TOKEN     bearer token'],
    exitCodes: ['0 success', '2 invalid input, nothing sent', '3 unknown project or connection', '4 missing or rejected credentials', '5 temporary failure (network, timeout, 408, 429, 5xx)'],
  },
  async run(input, context) {
    const settings = await context.settings({ project: input.project });
    const project = requireProject(settings);
    const api = await context.api(settings);
    const { operations } = await import('../../api/operations.js');
    const connection = await api.call(operations.getConnection, { path: { projectIdOrName: project, connectionId: input.id } });
    const { connectionView, redactConnection, connectionSecrets } = await import('../../connections/view.js');
    for (const secret of connectionSecrets(connection)) context.scrubber.add(secret);
    const shown = redactConnection(connection);
    return { data: shown, view: connectionView(shown), items: [shown] };
  },
});
