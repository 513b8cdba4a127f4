import { defineCommand } from '../command.js';
import { profileArgument } from './name.js';
import { profileHelp } from './help.js';

export default defineCommand({
  args: profileArgument,
  help: profileHelp(
    'Remove a profile and the credentials stored in it, in the profile file and in the OS keychain. If it was the current profile, no profile is current until `ipctl profile use`.',
    ['ipctl profile remove staging', 'ipctl profile list && ipctl profile remove old-sandbox'],
  ),
  async run(input, context) {
    const store = await context.store();
    const data = store.profile(input.name);
    // The keychain's entries first: a profile still listed can be removed again, an entry nobody points at would stay.
    if (data?.credentialStore) {
      const { credentialKeys, deleteKeychainCredentials } = await import('../../config/credentials.js');
      const failure = await deleteKeychainCredentials(input.name, data, credentialKeys, context.deps.env);
      if (failure !== undefined) context.say(`Could not remove the credentials of profile "${input.name}" from the OS keychain (${failure}); remove the entries of service "ipctl" there by hand.`);
    }
    store.removeProfile(input.name);
    context.say(`Removed profile "${input.name}".`);
  },
});
