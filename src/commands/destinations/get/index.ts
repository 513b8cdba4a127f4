import type { ApiClient } from '../../../api/client.js';
import type { operations as operationTable } from '../../../api/operations.js';
import { listFormats } from '../../../output/view.js';
import { argument, defineCommand } from '../../../command-model/command.js';
import { destinationRefs, identifier, outputFlags } from '../../../command-model/common-flags.js';
import { inProject } from '../../../projects/project-ref.js';
import { projectEnvironment, projectFlag, projectReadExitCodes } from '../../../command-model/project-flag.js';

export default defineCommand({
  args: { destination: argument('<destination>', 'destination name, such as crm-events-webhook, or ID, such as dest_webhook', identifier, { values: destinationRefs }) },
  flags: { ...projectFlag, ...outputFlags(listFormats) },
  help: {
    description:
      "Show a destination: its ID, name, type, every metadata key and its timestamps. The service looks a destination up by its name; an ID (as `destinations patch` takes) is first found in the project's list. ipctl never asks for secrets nor rotates them: they are write-only, and looking changes nothing. Needs an API key or a bearer token.",
    examples: ['ipctl destinations get crm-events-webhook --project demo', 'ipctl destinations get dest_webhook --project demo', 'ipctl destinations get analytics-warehouse -o yaml'],
    environment: projectEnvironment,
    exitCodes: projectReadExitCodes('success', 'unknown project or destination'),
  },
  async run(input, context) {
    const { project, api, operations } = await inProject(context, input.project);
    const name = await destinationName(api, operations, project, input.destination);
    const destination = await api.call(operations.getDestination, { path: { projectIdOrName: project, destination: name } });
    const { destinationView, redactDestination } = await import('../../../destinations/view.js');
    const shown = redactDestination(destination);
    return { data: shown, view: destinationView(shown), items: [shown] };
  },
});

/** The name the service looks the destination up by: the argument, unless it is the ID of one of the project's destinations. */
async function destinationName(api: ApiClient, operations: typeof operationTable, project: string, given: string): Promise<string> {
  const destinations = await api.call(operations.listDestinations, { path: { projectIdOrName: project } });
  if (destinations.some((destination) => destination.name === given)) return given;
  return destinations.find((destination) => destination.id === given)?.name ?? given;
}
