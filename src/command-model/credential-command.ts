import { defineCommand } from './command.js';
import { forceFlag, recoverProfileFile } from './force.js';
import { credentialCommands } from '../config/credential-keys.js';
import { settingEnv } from '../config/defaults.js';
import { checkBeforeStoring } from '../auth/check.js';
import { type CredentialKey, credentialNames, readSecret, storeCredentials } from '../auth/credential.js';
import { insecureStorageFlag, verifyFlag } from './credential-flags.js';

/** `auth set-key` and `auth set-token`: the same command for two credentials. */
export function credentialCommand(key: CredentialKey) {
  const name = credentialNames[key];
  const verb = credentialCommands[key];
  const variable = settingEnv[key];
  return defineCommand({
    flags: { ...insecureStorageFlag, ...verifyFlag, ...forceFlag },
    help: {
      description: `Store the ${name} of the profile in use, read from stdin (or a no-echo prompt on a terminal). The profile is created if it does not exist. The value never goes on the command line, so it stays out of shell history and the process list. It is kept in the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux); where none is usable, or with --insecure-storage, in the profile file, readable only by you. Before storing it, ipctl checks it with one GET /projects to the base URL in use: a credential the service rejects (HTTP 401) is not stored (exit 4); a 403, no answer or a server error stores it with a warning. --no-verify stores it without the check.`,
      examples: [`ipctl auth ${verb} < ${key === 'apiKey' ? 'api-key.txt' : 'token.txt'}`, `printenv MY_SECRET | ipctl auth ${verb} --profile staging`, `ipctl auth ${verb} --insecure-storage < secret.txt`, `ipctl auth ${verb} --no-verify < secret.txt   # offline: the service is not asked`],
      environment: ['IPCTL_PROFILE      the profile to write to', `${variable}${' '.repeat(19 - variable.length)}used instead of the stored value when set`, 'IPCTL_KEYRING_TIMEOUT  seconds to wait for the OS keychain (default: 10)'],
      exitCodes: ['0 stored (with a warning when the service could not check it, or answered 403)', '1 the profile file could not be written (a full disk, a quota, a file-size limit); it was left as it was', '2 empty or malformed input, or an invalid profile file (see --force)', '4 the service rejected the credential (HTTP 401); nothing was stored', '5 the OS keychain did not answer in time', '130 interrupted'],
    },
    async run(input, context) {
      const value = await readSecret(context, key);
      await recoverProfileFile(context, input.force);
      if (input.verify !== false) await checkBeforeStoring(context, { [key]: value }, `auth ${verb}`);
      const { profile, where } = await storeCredentials(context, { [key]: value }, input.insecureStorage);
      context.say(`Stored the ${name} of profile "${profile}" in ${where}.`);
    },
  });
}
