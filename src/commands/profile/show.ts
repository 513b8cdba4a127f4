import { unknownProfile } from '../../config/resolve.js';
import { profileNamePattern } from '../../config/schema.js';
import * as z from '../../schema/zod.js';
import { defineCommand } from '../command.js';
import { describe } from '../help.js';
import { addOutputOptions, completeValues, outputSchema, parseInput, profileNames } from '../input.js';
import { profileRecordView, showProfile } from './view.js';

const schema = z.object({
  name: z.optional(z.string().check(z.regex(profileNamePattern, 'must be letters, digits, ".", "_" or "-"'))),
  ...outputSchema,
});

export default defineCommand({
  configure(command) {
    command.argument('[name]', 'profile name (default: the profile in use)');
    completeValues(command, 'name', profileNames);
    addOutputOptions(command);
    describe(command, {
      description: 'Show the values stored in a profile. Secrets are shown only as their last four characters. To see the values in effect, with environment and flags applied, use `ipctl auth status`.',
      examples: ['ipctl profile show', 'ipctl profile show staging --json'],
      environment: ['IPCTL_PROFILE      the profile in use', 'IPCTL_CONFIG_DIR   where the profile file lives'],
      exitCodes: ['0 success', '2 no such profile, or an invalid profile file'],
    });
  },
  parse: (raw, command) => parseInput(schema, raw, command),
  async run(input, context) {
    const { data: config } = await context.config();
    const name = input.name ?? (await context.settings()).profile.value;
    const data = config.profiles[name];
    if (!data) throw unknownProfile(name, Object.keys(config.profiles));
    const shown = showProfile(name, data, name === config.current);
    return { data: shown, view: profileRecordView(shown) };
  },
});
