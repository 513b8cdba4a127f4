import { defineCommand } from '../../../command-model/command.js';
import { confirmRemoval, yesFlag } from '../../../command-model/confirm.js';
import { keychainLeftoverError, sayKeychainDetail } from '../../../auth/credential.js';

export default defineCommand({
  flags: yesFlag,
  help: {
    description:
      'Remove the API key and the bearer token of the profile in use, from the OS keychain and from the profile file. The profile keeps its URLs and defaults. At a terminal it asks first (no is the default); elsewhere (scripts, CI, --no-input) it needs --yes. IPCTL_API_KEY and IPCTL_TOKEN, when set, are not touched; it says which of them still apply. A credential the OS keychain cannot delete now (no D-Bus session, a locked keyring) stays marked in the profile, and the command exits 5: run it again where the keychain can be reached.',
    examples: ['ipctl auth logout', 'ipctl auth logout --profile staging --yes'],
    environment: ['IPCTL_PROFILE   the profile whose credentials to remove'],
    exitCodes: [
      '0 removed, or there was nothing to remove',
      '2 a --profile or IPCTL_PROFILE that names no saved profile, an invalid profile file, or no --yes where there is no terminal to ask at',
      '130 the question was answered no; nothing was removed', '5 the OS keychain did not answer in time, or could not be reached to remove a credential kept there (it stays there and in the profile, for a second run)'],
  },
  async run(input, context) {
    const settings = await context.settings();
    const profile = settings.profile.value;
    // Said whatever else happens: a credential in the environment outlives any logout.
    for (const variable of stillInEffect(context.deps.env)) context.say(`Note: ${variable} is set in the environment and still applies; unset it to stop using it.`);
    const store = await context.store();
    const data = store.profile(profile);
    if (!data || (data.apiKey === undefined && data.token === undefined && !data.credentialStore)) {
      context.say(`Profile "${profile}" has no stored credential; nothing to remove.`);
      return;
    }
    await confirmRemoval(context, input.yes, {
      question: `Remove the stored credentials of profile "${profile}"?`,
      command: `ipctl auth logout --profile ${profile}`,
      cancelled: `Cancelled; the credentials of profile "${profile}" were not removed.`,
    });
    const { credentialKeys, credentialList, removeStoredCredentials } = await import('../../../config/credentials.js');
    const leftovers = await removeStoredCredentials(store, profile, data, context.deps.env, context.deps.signal);
    if (leftovers.keys.length === 0) {
      context.say(`Removed the credentials of profile "${profile}".`);
      return;
    }
    sayKeychainDetail(context, leftovers.detail);
    const removed = credentialKeys.filter((key) => !leftovers.keys.includes(key) && (data[key] !== undefined || data.credentialStore?.[key] === 'keyring'));
    if (removed.length > 0) context.say(`Removed the ${credentialList(removed)} of profile "${profile}".`);
    const which = credentialList(leftovers.keys);
    throw await keychainLeftoverError(
      `The ${which} of profile "${profile}" could not be removed from the OS keychain (${leftovers.reason}); ${leftovers.keys.length > 1 ? 'they stay' : 'it stays'} there, and the profile still points at ${leftovers.keys.length > 1 ? 'them' : 'it'}.`,
      `ipctl auth logout --profile ${profile}`,
      leftovers.reason,
    );
  },
});

/** The credential variables set in the environment: ipctl uses them before anything stored, and logout cannot remove them. */
function stillInEffect(env: Record<string, string | undefined>): string[] {
  return ['IPCTL_API_KEY', 'IPCTL_TOKEN'].filter((variable) => env[variable]);
}
