import { defineCommand } from '../../../command-model/command.js';
import { profileArgument } from '../../../command-model/profile-name.js';
import { profileFileVariable, profileHelp } from '../../../command-model/profile-help.js';

export default defineCommand({
  args: profileArgument,
  help: profileHelp(
    'Make a profile the current one: commands use it unless --profile or IPCTL_PROFILE says otherwise.',
    ['ipctl profile use staging', 'ipctl profile use default'],
    [profileFileVariable, 'IPCTL_PROFILE      overrides the current profile for one run'],
  ),
  async run(input, context) {
    await (await context.store()).use(input.name);
    context.say(`Now using profile "${input.name}".`);
  },
});
