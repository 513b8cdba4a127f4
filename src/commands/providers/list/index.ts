import type { Provider } from '../../../api/schemas.js';
import { listFormats } from '../../../output/view.js';
import { authTypes, type Capability, capabilities, supports } from '../../../providers/capabilities.js';
import * as z from '../../../schema/zod.js';
import { defineCommand, flag } from '../../../command-model/command.js';
import { outputFlags } from '../../../command-model/common-flags.js';

export default defineCommand({
  flags: {
    authType: flag('--auth-type <type>', `only providers that authenticate this way: ${authTypes.join(', ')}`, z.optional(z.enum(authTypes, { error: `must be one of ${authTypes.join(', ')}` })), { values: authTypes }),
    supports: flag(
      '--supports <capability>',
      `only providers that support this: ${capabilities.join(', ')}; repeat for several (all must hold)`,
      z.optional(z.array(z.enum(capabilities, { error: `must be one of ${capabilities.join(', ')}` }))),
      { values: capabilities, repeatable: true },
    ),
    ...outputFlags(listFormats),
  },
  help: {
    description:
      "List the catalogue of providers: name, display name, auth type and what each supports, sorted by name. The filters are applied here, to the whole catalogue. -o json, yaml and ndjson give the Provider objects, sorted by name. `ipctl providers get NAME` shows what a connection to one needs. Needs no credential.",
    examples: ['ipctl providers list', 'ipctl providers list --auth-type apiKey', 'ipctl providers list --supports search --supports write', "ipctl providers list --query '[].name' -o json"],
    environment: ['IPCTL_BASE_URL   API base URL', 'IPCTL_PROFILE    the profile whose base URL is used'],
    exitCodes: ['0 success, including no provider that matches', '2 invalid input, nothing sent', '5 temporary failure (network, timeout, 408, 429, 5xx)'],
  },
  async run(input, context) {
    const settings = await context.settings();
    const api = await context.api(settings, { anonymous: true });
    const { operations } = await import('../../../api/operations.js');
    const catalogue = await api.call(operations.listProviders);
    const wanted = input.supports ?? [];
    const shown = sortedProviders(catalogue).filter(
      (provider) => (input.authType === undefined || provider.authType === input.authType) && wanted.every((capability: Capability) => supports(provider, capability)),
    );
    const { providersView } = await import('../../../providers/view.js');
    const notes = shown.length === 0 ? [`No provider in the catalogue matches (of ${Object.keys(catalogue).length}).`] : [];
    return { data: shown, view: providersView(shown), notes };
  },
});

/** The catalogue, keyed by name, as an array sorted by name; a provider without a name of its own takes its key. */
function sortedProviders(catalogue: Record<string, Provider>): Provider[] {
  const named = Object.entries(catalogue).map(([key, provider]) => ({ ...provider, name: provider.name ?? key }));
  return named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
