import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../../command-model/command.js';
import { forceFlag, recoverProfileFile } from '../../../command-model/force.js';
import { checkBeforeStoring } from '../../../auth/check.js';
import { checkSecret, storeCredentials } from '../../../auth/credential.js';
import { insecureStorageFlag, verifyFlag } from '../../../command-model/credential-flags.js';

export default defineCommand({
  flags: { ...insecureStorageFlag, ...verifyFlag, ...forceFlag },
  help: {
    description:
      'Ask for the API key and the bearer token of the profile in use, at no-echo prompts; leave one empty to keep it as it is. Needs a terminal; scripts use `auth set-key` and `auth set-token`, which read stdin. Each credential entered is checked first with one GET /projects (see `auth set-key --help`); --no-verify skips the check.',
    examples: ['ipctl auth login', 'ipctl auth login --profile staging'],
    environment: ['IPCTL_PROFILE   the profile to write to'],
    exitCodes: ['0 stored', '2 no terminal, nothing entered, or an invalid profile file (see --force)', '4 the service rejected a credential (HTTP 401); nothing was stored', '5 the OS keychain did not answer in time', '130 interrupted'],
  },
  async run(input, context) {
    if (!context.interactive) {
      throw new UsageError('auth login needs a terminal to ask at.', `In scripts use: ${context.suggest('auth set-key', '< key-file')}, and ${context.suggest('auth set-token', '< token-file')}`);
    }
    const prompter = await context.prompter();
    const apiKey = await prompter.password('API key (Enter to skip):');
    const token = await prompter.password('Bearer token (Enter to skip):');
    if (apiKey.trim() === '' && token.trim() === '') throw new UsageError('Nothing entered; nothing was changed.');
    await recoverProfileFile(context, input.force);
    const values = {
      apiKey: apiKey.trim() === '' ? undefined : checkSecret(apiKey, 'API key'),
      token: token.trim() === '' ? undefined : checkSecret(token, 'bearer token'),
    };
    if (input.verify !== false) await checkBeforeStoring(context, values, 'auth login');
    const stored = [values.apiKey && 'API key', values.token && 'bearer token'].filter(Boolean);
    const { profile, where } = await storeCredentials(context, values, input.insecureStorage);
    context.say(`Stored the ${stored.join(' and ')} of profile "${profile}" in ${where}.`);
  },
});
