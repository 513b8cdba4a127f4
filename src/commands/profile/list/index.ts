import { defineCommand } from '../../../command-model/command.js';
import { outputFlags } from '../../../command-model/common-flags.js';
import { listFormats } from '../../../output/view.js';
import { showProfile } from '../../../profiles/view.js';
import { profileFileVariable, profileHelp } from '../../../command-model/profile-help.js';

export default defineCommand({
  flags: { ...outputFlags(listFormats) },
  help: profileHelp(
    'List the profiles in the profile file; * marks the current one. Secrets are shown only as their last four characters, and a stored URL\'s user name, password, query and fragment as ****.',
    ['ipctl profile list', 'ipctl profile list --json'],
    [profileFileVariable],
    ['0 success', '2 invalid input or an invalid profile file'],
  ),
  async run(_input, context) {
    const { data: config } = await context.config();
    const profiles = Object.entries(config.profiles)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, data]) => showProfile(name, data, name === config.current));
    const notes = profiles.length === 0 ? ['No profiles yet. Add one: ipctl profile add NAME --base-url URL'] : [];
    return {
      data: profiles,
      view: {
        kind: 'list',
        columns: ['CURRENT', 'NAME', 'BASE URL', 'ORG', 'PROJECT', 'API KEY', 'TOKEN'],
        rows: profiles.map((profile) => [profile.current ? '*' : '', profile.name, profile.baseUrl, profile.org, profile.project, profile.apiKey, profile.token]),
        // A name and a base URL tell profiles apart; `profile show NAME` has the rest.
        lowValue: ['TOKEN', 'API KEY', 'PROJECT', 'ORG'],
      },
      notes,
    };
  },
});
