import { defineCommand } from '../command.js';
import { profileArgument } from './name.js';

export default defineCommand({
  summary: 'Remove a profile',
  args: profileArgument,
  help: {
    description: 'Remove a profile and the credentials stored in it. If it was the current profile, no profile is current until `ipctl profile use`.',
    examples: ['ipctl profile remove staging', 'ipctl profile list && ipctl profile remove old-sandbox'],
    environment: ['IPCTL_CONFIG_DIR   where the profile file lives'],
    exitCodes: ['0 success', '2 no such profile, or an invalid profile file'],
  },
  async run(input, context) {
    (await context.store()).removeProfile(input.name);
    context.say(`Removed profile "${input.name}".`);
  },
});
