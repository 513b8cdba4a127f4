import { defineCommand } from '../command.js';
import { profileArgument } from './name.js';
import { profileHelp } from './help.js';

export default defineCommand({
  args: profileArgument,
  help: profileHelp(
    'Remove a profile and the credentials stored in it. If it was the current profile, no profile is current until `ipctl profile use`.',
    ['ipctl profile remove staging', 'ipctl profile list && ipctl profile remove old-sandbox'],
  ),
  async run(input, context) {
    (await context.store()).removeProfile(input.name);
    context.say(`Removed profile "${input.name}".`);
  },
});
