import { defineCommand } from '../command.js';

export default defineCommand({
  help: {
    description:
      'Remove the API key and the bearer token of the profile in use, from the OS keychain and from the profile file. The profile keeps its URLs and defaults. IPCTL_API_KEY and IPCTL_TOKEN, when set, are not touched.',
    examples: ['ipctl auth logout', 'ipctl auth logout --profile staging'],
    environment: ['IPCTL_PROFILE   the profile whose credentials to remove'],
    exitCodes: ['0 removed, or there was nothing to remove', '2 an invalid profile file', '5 the OS keychain did not answer in time'],
  },
  async run(_input, context) {
    const settings = await context.settings({}, { allowMissingProfile: true });
    const profile = settings.profile.value;
    const store = await context.store();
    const data = store.profile(profile);
    if (!data || (data.apiKey === undefined && data.token === undefined && !data.credentialStore)) {
      context.say(`Profile "${profile}" has no stored credential; nothing to remove.`);
      return;
    }
    const { credentialKeys, deleteKeychainCredentials } = await import('../../config/credentials.js');
    const failure = await deleteKeychainCredentials(profile, data, credentialKeys, context.deps.env);
    if (failure !== undefined) context.say(`Could not remove the credentials of profile "${profile}" from the OS keychain (${failure}); remove the entries of service "ipctl" there by hand.`);
    store.updateProfile(profile, { apiKey: undefined, token: undefined, credentialStore: undefined });
    context.say(`Removed the credentials of profile "${profile}".`);
  },
});
