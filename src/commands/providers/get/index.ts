import { argument, defineCommand } from '../../../command-model/command.js';
import { listFormats } from '../../../output/view.js';
import { identifier, outputFlags, providerNames } from '../../../command-model/common-flags.js';

export default defineCommand({
  args: { name: argument('<name>', 'provider name, such as salesforce', identifier, { values: providerNames }) },
  flags: { ...outputFlags(listFormats) },
  help: {
    description:
      'Show a provider from the catalogue: its auth type, what a connection to it needs, its base URL, what it supports and its modules. Needs no credential; --json prints the whole provider object, -o ndjson the same on one line.',
    examples: ['ipctl providers get salesforce', 'ipctl providers get pipedrive --json', 'ipctl providers get hubspot --wide'],
    environment: ['IPCTL_BASE_URL   API base URL', 'IPCTL_PROFILE    the profile whose base URL is used'],
  },
  async run(input, context) {
    const settings = await context.settings();
    const api = await context.api(settings, { anonymous: true });
    const { operations } = await import('../../../api/operations.js');
    const provider = await api.call(operations.getProvider, { path: { provider: input.name } });
    const { providerView } = await import('../../../providers/view.js');
    return { data: provider, view: providerView(provider), items: [provider] };
  },
});
