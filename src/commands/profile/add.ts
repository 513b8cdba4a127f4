import { profileNamePattern } from '../../config/schema.js';
import * as z from '../../schema/zod.js';
import { defineCommand } from '../command.js';
import { addForceOption, forceField, recoverProfileFile } from '../force.js';
import { describe } from '../help.js';
import { completeValues, identifier, parseInput, profileNames } from '../input.js';

const httpUrl = z.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, including the /v1 prefix' }),
  z.transform((url: string) => url.replace(/\/+$/, '')),
);

const schema = z.object({
  name: z.string().check(z.regex(profileNamePattern, 'must start with a letter or digit, then letters, digits, ".", "_" or "-" (64 at most)')),
  baseUrl: z.optional(httpUrl),
  searchUrl: z.optional(httpUrl),
  org: z.optional(identifier),
  project: z.optional(identifier),
  ...forceField,
});

export default defineCommand({
  configure(command) {
    command
      .argument('<name>', 'profile name')
      .option('--org <id>', 'default organization ID')
      .option('--project <idOrName>', 'default project ID or name');
    addForceOption(command);
    // An existing name changes that profile, so offer the names there are.
    completeValues(command, 'name', profileNames);
    describe(command, {
      description:
        'Add a profile, or change the given values of an existing one. --base-url and --search-url set the stored URLs (each including /v1). The first profile added becomes the current one. Credentials are set with `ipctl auth login`, `auth set-key` or `auth set-token`, never on the command line.',
      examples: [
        'ipctl profile add staging --base-url https://api.staging.example.com/v1 --search-url https://search.staging.example.com/v1',
        'ipctl profile add staging --org org_123 --project demo',
        'ipctl auth set-key --profile staging < key.txt',
      ],
      environment: ['IPCTL_CONFIG_DIR   where the profile file lives'],
      exitCodes: ['0 success', '2 invalid input, or an invalid profile file (see --force)', '5 the profile file stayed locked by another process'],
    });
  },
  parse: (raw, command) => parseInput(schema, raw, command),
  async run(input, context) {
    await recoverProfileFile(context, input.force);
    const store = await context.store();
    const existed = store.profile(input.name) !== undefined;
    const { name, force: _force, ...values } = input;
    const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
    store.updateProfile(name, changes);
    context.say(`${existed ? 'Updated' : 'Added'} profile "${name}" in ${store.path}.`);
  },
});
