import { profileNamePattern } from '../../config/schema.js';
import * as z from '../../schema/zod.js';
import { defineCommand } from '../command.js';
import { describe } from '../help.js';
import { completeValues, parseInput, profileNames } from '../input.js';

const schema = z.object({ name: z.string().check(z.regex(profileNamePattern, 'must be letters, digits, ".", "_" or "-"')) });

export default defineCommand({
  configure(command) {
    command.argument('<name>', 'profile name');
    completeValues(command, 'name', profileNames);
    describe(command, {
      description: 'Make a profile the current one: commands use it unless --profile or IPCTL_PROFILE says otherwise.',
      examples: ['ipctl profile use staging', 'ipctl profile use default'],
      environment: ['IPCTL_CONFIG_DIR   where the profile file lives', 'IPCTL_PROFILE      overrides the current profile for one run'],
      exitCodes: ['0 success', '2 no such profile, or an invalid profile file'],
    });
  },
  parse: (raw, command) => parseInput(schema, raw, command),
  async run(input, context) {
    (await context.store()).use(input.name);
    context.say(`Now using profile "${input.name}".`);
  },
});
