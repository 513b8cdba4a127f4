import { defineCommand } from '../../../command-model/command.js';
import { confirmRemoval, yesFlag } from '../../../command-model/confirm.js';
import { profileArgument } from '../../../command-model/profile-name.js';
import { profileHelp } from '../../../command-model/profile-help.js';

export default defineCommand({
  args: profileArgument,
  flags: yesFlag,
  help: profileHelp(
    'Remove a profile and the credentials stored in it, in the profile file and in the OS keychain. At a terminal it asks first (no is the default); elsewhere (scripts, CI, --no-input) it needs --yes. If it was the current profile, no profile is current until `ipctl profile use`. If the OS keychain cannot delete a credential now (no D-Bus session, a locked keyring), the profile stays, with only what is still in the keychain, and the command exits 5: run it again where the keychain can be reached.',
    ['ipctl profile remove staging', 'ipctl profile remove old-sandbox --yes'],
    undefined,
    [
      '0 removed',
      '2 no such profile, an invalid profile file, or no --yes where there is no terminal to ask at',
      '5 the OS keychain did not answer in time, or could not be reached to remove a credential kept there (the profile stays, so that running this again finishes)',
      '130 the question was answered no; nothing was removed',
    ],
  ),
  async run(input, context) {
    const store = await context.store();
    const data = store.profile(input.name);
    if (data) {
      await confirmRemoval(context, input.yes, {
        question: `Remove profile "${input.name}" and the credentials stored in it?`,
        command: `ipctl profile remove ${input.name}`,
        cancelled: `Cancelled; profile "${input.name}" was not removed.`,
      });
    }
    // The keychain's entries first: a profile still listed can be removed again, an entry nobody points at would stay.
    if (data?.credentialStore) {
      const { credentialList, removeStoredCredentials } = await import('../../../config/credentials.js');
      // Keeps the profile, pointing only at what is still in the keychain, so that running this again finishes;
      // the credentials that could go are gone.
      const leftovers = await removeStoredCredentials(store, input.name, data, context.deps.env, context.deps.signal);
      if (leftovers.keys.length > 0) {
        const { keychainLeftoverError, sayKeychainDetail } = await import('../../../auth/credential.js');
        sayKeychainDetail(context, leftovers.detail);
        throw await keychainLeftoverError(
          `Profile "${input.name}" was not removed: its ${credentialList(leftovers.keys)} could not be removed from the OS keychain (${leftovers.reason}).`,
          `ipctl profile remove ${input.name}`,
          leftovers.reason,
        );
      }
    }
    await store.removeProfile(input.name);
    context.say(`Removed profile "${input.name}".`);
  },
});
