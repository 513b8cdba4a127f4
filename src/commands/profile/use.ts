import { defineCommand } from '../command.js';
import { profileArgument } from './name.js';

export default defineCommand({
  summary: 'Make a profile the current one',
  args: profileArgument,
  help: {
    description: 'Make a profile the current one: commands use it unless --profile or IPCTL_PROFILE says otherwise.',
    examples: ['ipctl profile use staging', 'ipctl profile use default'],
    environment: ['IPCTL_CONFIG_DIR   where the profile file lives', 'IPCTL_PROFILE      overrides the current profile for one run'],
    exitCodes: ['0 success', '2 no such profile, or an invalid profile file'],
  },
  async run(input, context) {
    (await context.store()).use(input.name);
    context.say(`Now using profile "${input.name}".`);
  },
});
