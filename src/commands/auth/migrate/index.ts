import { UserError, exitCodes } from '../../../errors.js';
import { defineCommand } from '../../../command-model/command.js';
import { sayKeychainDetail } from '../../../auth/credential.js';

export default defineCommand({
  help: {
    description:
      'Move every credential the profile file holds, of every profile, into the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux). Each is written to the keychain and read back before it leaves the file, so an interrupted run loses nothing: run it again to finish. The standalone executable cannot use a keychain; there it says so and exits 1.',
    examples: ['ipctl auth migrate', 'ipctl auth migrate && ipctl auth status'],
    environment: ['IPCTL_CONFIG_DIR       where the profile file lives', 'IPCTL_KEYRING_TIMEOUT  seconds to wait for the OS keychain (default: 10)'],
    exitCodes: ['0 moved, or nothing to move', '1 no OS keychain is usable here, or this build of ipctl (the standalone executable) cannot use one (the credentials stay in the file)', '2 an invalid profile file', '5 the OS keychain did not answer in time'],
  },
  async run(_input, context) {
    const store = await context.store();
    const { credentialNames, migrateCredentials } = await import('../../../config/credentials.js');
    const { keychainName, keychainSupported } = await import('../../../config/keychain.js');
    if (!keychainSupported()) {
      throw new UserError(
        `This build of ipctl cannot use an OS keychain; it keeps credentials in ${store.path}.`,
        exitCodes.failure,
        'To keep them in the OS keychain, install the npm package of ipctl and run ipctl auth migrate with it.',
      );
    }
    const result = await migrateCredentials(store, context.deps.env, context.deps.signal);
    for (const { profile, key } of result.moved) context.say(`Moved the ${credentialNames[key]} of profile "${profile}" to ${keychainName()}.`);
    if (result.failure !== undefined) {
      sayKeychainDetail(context, result.failure.detail);
      throw new UserError(
        `No OS keychain is usable here (${result.failure.reason}); ${result.moved.length > 0 ? 'the other credentials stay' : 'the credentials stay'} in ${store.path}.`,
        exitCodes.failure,
        'Start or unlock the keyring (on Linux, a Secret Service such as gnome-keyring in a D-Bus session), then run ipctl auth migrate again.',
      );
    }
    if (result.moved.length === 0) context.say(`The profile file holds no credential; nothing to move.`);
  },
});
