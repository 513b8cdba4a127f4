import { unknownProfile } from '../../../config/resolve.js';
import { storedProfile } from '../../../config/schema.js';
import * as z from '../../../schema/zod.js';
import { argument, defineCommand } from '../../../command-model/command.js';
import { outputFlag, profileNames } from '../../../command-model/common-flags.js';
import { profileName } from '../../../command-model/profile-name.js';
import { profileRecordView, showProfile } from '../../../profiles/view.js';
import { profileFileVariable, profileHelp } from '../../../command-model/profile-help.js';

export default defineCommand({
  args: { name: argument('[name]', 'profile name (default: the profile in use)', z.optional(profileName), { values: profileNames }) },
  flags: { ...outputFlag },
  help: profileHelp(
    'Show the values stored in a profile. Secrets are shown only as their last four characters, and a stored URL\'s user name, password, query and fragment as ****. To see the values in effect, with environment and flags applied, use `ipctl auth status`.',
    ['ipctl profile show', 'ipctl profile show staging --json'],
    ['IPCTL_PROFILE      the profile in use', profileFileVariable],
  ),
  async run(input, context) {
    const { data: config } = await context.config();
    const name = input.name ?? (await context.settings()).profile.value;
    const data = storedProfile(config, name);
    if (!data) throw unknownProfile(name, Object.keys(config.profiles));
    const shown = showProfile(name, data, name === config.current);
    return { data: shown, view: profileRecordView(shown) };
  },
});
