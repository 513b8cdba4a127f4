import { listFormats } from '../../../output/view.js';
import { defineCommand } from '../../../command-model/command.js';
import { outputFlags } from '../../../command-model/common-flags.js';
import { inProject } from '../../../projects/project-ref.js';
import { projectEnvironment, projectFlag, projectReadExitCodes } from '../../../command-model/project-flag.js';

export default defineCommand({
  flags: { ...projectFlag, ...outputFlags(listFormats) },
  help: {
    description:
      "List a project's destinations: name, type, ID and last change. Secrets are write-only and never shown; the values of credential headers (such as Authorization) are redacted. `ipctl destinations get NAME` shows one with its metadata. Needs an API key or a bearer token.",
    examples: ['ipctl destinations list --project demo', 'ipctl destinations list -o json', "ipctl destinations list --query '[].name' -o json"],
    environment: projectEnvironment,
    exitCodes: projectReadExitCodes('success, including no destinations', 'unknown project'),
  },
  async run(input, context) {
    const { project, api, operations } = await inProject(context, input.project);
    const destinations = await api.call(operations.listDestinations, { path: { projectIdOrName: project } });
    const { destinationsView, redactDestination } = await import('../../../destinations/view.js');
    const shown = destinations.map(redactDestination);
    const notes = shown.length === 0 ? [`No destinations in project ${project}.`] : [];
    return { data: shown, view: destinationsView(shown), notes };
  },
});
