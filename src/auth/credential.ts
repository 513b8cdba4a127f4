import { type CredentialKey, credentialCommands, credentialNames } from '../config/credential-keys.js';
import type { Context } from '../context.js';
import { exitCodes, UsageError, UserError } from '../errors.js';
import { capitalize } from '../words.js';

export { type CredentialKey, credentialNames };

const maxSecretLength = 8192;

/** Reads one secret from piped stdin, or from a no-echo prompt when stdin is a terminal. */
export async function readSecret(context: Context, key: CredentialKey): Promise<string> {
  const name = credentialNames[key];
  if (context.deps.stdin.isTTY) {
    if (!context.interactive) {
      throw new UsageError(`No ${name} on stdin.`, `Pipe it in, for example: ${context.suggest(`auth ${credentialCommands[key]}`, '< file')}`);
    }
    const prompter = await context.prompter();
    return checkSecret(await prompter.password(`${capitalize(name)}:`, { validate: (value) => checkValue(value, name) }), name);
  }
  return checkSecret(await readAll(context.deps.stdin), name);
}

/** Checks a secret and returns it without surrounding white space; the message never contains it. */
export function checkSecret(raw: string, name: string): string {
  const problem = checkValue(raw, name);
  if (problem !== true) throw new UsageError(problem);
  return raw.trim();
}

function checkValue(raw: string, name: string): string | true {
  const value = raw.trim();
  if (value === '') return `The ${name} is empty.`;
  if (value.length > maxSecretLength) return `The ${name} is longer than ${maxSecretLength} characters.`;
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return `The ${name} contains white space or control characters; give one value on one line.`;
  return true;
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.length > maxSecretLength * 2) break;
  }
  return text;
}

/**
 * Stores credentials in the profile in use (--profile, IPCTL_PROFILE, current,
 * else "default"): in the OS keychain, or in the profile file with --insecure-storage
 * or where no keychain is usable (said once, on stderr). Returns the profile
 * and where they went, for the command's message.
 */
export async function storeCredentials(
  context: Context,
  values: Partial<Record<CredentialKey, string>>,
  insecure: boolean | undefined,
): Promise<{ profile: string; where: string }> {
  const settings = await context.settings({}, { allowMissingProfile: true });
  const store = await context.store();
  const { storeCredentials: keep } = await import('../config/credentials.js');
  const profile = settings.profile.value;
  const outcome = await keep(store, profile, values, { insecure: insecure === true, env: context.deps.env, signal: context.deps.signal });
  const { keychainName, noKeychainSupport } = await import('../config/keychain.js');
  if (outcome.fallbackReason === noKeychainSupport) {
    context.say(
      `This build of ipctl keeps credentials in the profile file: kept in ${store.path} (readable only by you). The npm package of ipctl keeps them in the OS keychain. Use --insecure-storage to choose the file without this notice.`,
    );
  } else if (outcome.fallbackReason !== undefined) {
    context.say(
      `No OS keychain is usable here (${outcome.fallbackReason}); kept in ${store.path} (readable only by you) instead. Use --insecure-storage to choose the file without this notice, or \`ipctl auth migrate\` once a keychain is available.`,
    );
  }
  sayKeychainDetail(context, outcome.fallbackDetail);
  return { profile, where: outcome.storage === 'keyring' ? keychainName() : 'the profile file' };
}

/** The keychain library's own words for a failure, shown only with --debug. */
export function sayKeychainDetail(context: Context, detail: string | undefined): void {
  if (context.debug && detail !== undefined) context.say(`debug: the keychain said: ${detail}`);
}

/**
 * The error for keychain entries that could not be removed: they stay in the
 * keychain and marked in the profile, and the same command run where the
 * keychain can be reached removes them (exit 5, a temporary failure).
 */
export async function keychainLeftoverError(message: string, again: string, reason: string | undefined): Promise<UserError> {
  const { noKeychainSupport } = await import('../config/keychain.js');
  const where = reason === noKeychainSupport ? 'with the npm package of ipctl, which can use the OS keychain' : 'where the keychain can be reached (a desktop session with the keyring unlocked)';
  return new UserError(message, exitCodes.temporary, `Run \`${again}\` again ${where}.`);
}
