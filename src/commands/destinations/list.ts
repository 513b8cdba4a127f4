import { listFormats } from '../../output/view.js';
import { defineCommand } from '../command.js';
import { outputFlags } from '../input.js';
import { projectFlag, requireProject } from '../projects/project-ref.js';

export default defineCommand({
  flags: { ...projectFlag, ...outputFlags(listFormats) },
  help: {
    description:
      "List a project's destinations: name, type, ID and last change. Secrets are write-only and never shown; the values of credential headers (such as Authorization) are redacted. `ipctl destinations get NAME` shows one with its metadata. Needs an API key or a bearer token.",
    examples: ['ipctl destinations list --project demo', 'ipctl destinations list -o json', "ipctl destinations list --query '[].name' -o json"],
    environment: ['IPCTL_PROJECT   default project ID or name', 'IPCTL_API_KEY   API key (used when both are set)', 'IPCTL_TOKEN     bearer token'],
    exitCodes: ['0 success, including no destinations', '2 invalid input, nothing sent', '3 unknown project', '4 missing or rejected credentials', '5 temporary failure (network, timeout, 408, 429, 5xx)'],
  },
  async run(input, context) {
    const settings = await context.settings({ project: input.project });
    const project = requireProject(settings);
    const api = await context.api(settings);
    const { operations } = await import('../../api/operations.js');
    const destinations = await api.call(operations.listDestinations, { path: { projectIdOrName: project } });
    const { destinationsView, redactDestination } = await import('../../destinations/view.js');
    const shown = destinations.map(redactDestination);
    const notes = shown.length === 0 ? [`No destinations in project ${project}.`] : [];
    return { data: shown, view: destinationsView(shown), notes };
  },
});
