import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

export type CredentialKey = 'apiKey' | 'token';

export const credentialNames: Record<CredentialKey, string> = { apiKey: 'API key', token: 'bearer token' };

const maxSecretLength = 8192;

/** Reads one secret from piped stdin, or from a no-echo prompt when stdin is a terminal. */
export async function readSecret(context: Context, key: CredentialKey): Promise<string> {
  const name = credentialNames[key];
  if (context.deps.stdin.isTTY) {
    if (!context.interactive) {
      throw new UsageError(`No ${name} on stdin.`, `Pipe it in, for example: ipctl auth ${key === 'apiKey' ? 'set-key' : 'set-token'} < file`);
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

/** Stores a credential in the profile in use (--profile, IPCTL_PROFILE, current, else "default"). */
export async function storeCredential(context: Context, key: CredentialKey, value: string): Promise<string> {
  const settings = await context.settings({}, { allowMissingProfile: true });
  const store = await context.store();
  store.updateProfile(settings.profile.value, { [key]: value });
  return settings.profile.value;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
