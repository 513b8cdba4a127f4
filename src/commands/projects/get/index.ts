import { listFormats } from '../../../output/view.js';
import { argument, defineCommand } from '../../../command-model/command.js';
import { identifier, outputFlags, projectRefs } from '../../../command-model/common-flags.js';

export default defineCommand({
  args: { project: argument('<project>', 'project ID, such as proj_demo, or name, such as demo', identifier, { values: projectRefs }) },
  flags: { ...outputFlags(listFormats) },
  help: {
    description: "Show a project by its ID or its name: ID, name, application name, organization and timestamps. `ipctl projects get NAME --query id -o json` prints a project's ID, which `search` needs. Needs an API key or a bearer token.",
    examples: ['ipctl projects get demo', 'ipctl projects get proj_demo -o yaml', 'ipctl projects get demo --query id -o json'],
    environment: ['IPCTL_API_KEY   API key (used when both are set)', 'IPCTL_TOKEN     bearer token'],
    exitCodes: ['0 success', '2 invalid input, nothing sent', '3 unknown project', '4 missing or rejected credentials', '5 temporary failure (network, timeout, 408, 429, 5xx)'],
  },
  async run(input, context) {
    const settings = await context.settings();
    const api = await context.api(settings);
    const { operations } = await import('../../../api/operations.js');
    const project = await api.call(operations.getProject, { path: { projectIdOrName: input.project } });
    const { projectView } = await import('../../../projects/view.js');
    return { data: project, view: projectView(project), items: [project] };
  },
});
