import { listFormats } from '../../../output/view.js';
import { defineCommand } from '../../../command-model/command.js';
import { outputFlags } from '../../../command-model/common-flags.js';

export default defineCommand({
  flags: { ...outputFlags(listFormats) },
  help: {
    description:
      'List the projects your credential can reach: name, ID, application name, organization and creation time. Every command that takes --project takes the ID or the name. Needs an API key or a bearer token.',
    examples: ['ipctl projects list', 'ipctl projects list -o json', "ipctl projects list --query '[].id' -o json"],
    environment: ['IPCTL_API_KEY   API key (used when both are set)', 'IPCTL_TOKEN     bearer token'],
    exitCodes: ['0 success, including no projects', '2 invalid input (such as an unknown --output), nothing sent', '4 missing or rejected credentials', '5 temporary failure (network, timeout, 408, 429, 5xx)'],
  },
  async run(_input, context) {
    const settings = await context.settings();
    const api = await context.api(settings);
    const { operations } = await import('../../../api/operations.js');
    const projects = await api.call(operations.listProjects);
    const { projectsView } = await import('../../../projects/view.js');
    const notes = projects.length === 0 ? ['No projects: this credential reaches none.'] : [];
    return { data: projects, view: projectsView(projects), notes };
  },
});
