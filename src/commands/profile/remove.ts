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
      description: 'Remove a profile and the credentials stored in it. If it was the current profile, no profile is current until `ipctl profile use`.',
      examples: ['ipctl profile remove staging', 'ipctl profile list && ipctl profile remove old-sandbox'],
      environment: ['IPCTL_CONFIG_DIR   where the profile file lives'],
      exitCodes: ['0 success', '2 no such profile, or an invalid profile file'],
    });
  },
  parse: (raw, command) => parseInput(schema, raw, command),
  async run(input, context) {
    (await context.store()).removeProfile(input.name);
    context.say(`Removed profile "${input.name}".`);
  },
});
