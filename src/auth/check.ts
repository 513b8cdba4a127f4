import { credentialKeys, credentialNames, type CredentialKey } from '../config/credential-keys.js';
import type { Settings } from '../config/resolve.js';
import type { Secret } from '../config/secret.js';
import { chosenProfile, suggestedCommand } from '../config/suggest.js';
import type { Context } from '../context.js';
import { ApiError, CredentialError, InterruptedError, NetworkError, UserError } from '../errors.js';

/** One check makes one attempt within this time (or IPCTL_TIMEOUT, when shorter): a slow service must not hold up storing a credential. */
const checkTimeoutMs = 5000;

/**
 * What the service made of one credential, sent alone with GET /projects:
 * `valid` (2xx, or 403: known, but kept from listing projects), `rejected`
 * (401), or `not checked` with why (no answer, a 5xx, any other answer).
 */
export type CredentialCheck =
  | { result: 'valid'; status: number }
  | { result: 'rejected'; status: number }
  | { result: 'not checked'; reason: string };

/** Checks one credential against the base URL in settings, sending it and no other. */
export async function checkCredential(context: Context, settings: Settings, key: CredentialKey, value: Secret): Promise<CredentialCheck> {
  const alone: Settings = { ...settings, apiKey: {}, token: {}, [key]: { value } };
  const api = await context.api(alone, { anonymous: true, once: { timeoutMs: checkTimeoutMs } });
  const { operations } = await import('../api/operations.js');
  try {
    const answer = await api.send(api.prepare(operations.listProjects), operations.listProjects.retry);
    return { result: 'valid', status: answer.status };
  } catch (error) {
    if (error instanceof InterruptedError) throw error;
    if (error instanceof ApiError && error.status === 401) return { result: 'rejected', status: 401 };
    if (error instanceof ApiError && error.status === 403) return { result: 'valid', status: 403 };
    if (error instanceof ApiError) return { result: 'not checked', reason: `HTTP ${error.status}${error.problem.title ? ` ${error.problem.title}` : ''}` };
    if (error instanceof NetworkError || error instanceof UserError) return { result: 'not checked', reason: error.message.replace(/\.$/, '') };
    throw error;
  } finally {
    await api.close();
  }
}

/** What was checked, where: `GET /projects at http://…/v1`. */
export function checkedAt(settings: Settings): string {
  return `GET /projects at ${settings.baseUrl.value}`;
}

/**
 * Checks each credential about to be stored, each alone with one GET /projects.
 * A rejected one (401) stores nothing: exit 4, naming the credential and the
 * base URL, never the value. A 403 and a check that got no answer are said as
 * warnings, and the credentials are stored.
 */
export async function checkBeforeStoring(context: Context, values: Partial<Record<CredentialKey, string>>, command: string): Promise<void> {
  const settings = await context.settings({}, { allowMissingProfile: true });
  // A name nothing can be stored under is refused before the service is asked.
  const { checkProfileName } = await import('../config/schema.js');
  checkProfileName(settings.profile.value);
  const { Secret } = await import('../config/secret.js');
  const where = checkedAt(settings);
  const rejected: CredentialKey[] = [];
  for (const key of credentialKeys) {
    const value = values[key];
    if (value === undefined) continue;
    const name = credentialNames[key];
    const check = await checkCredential(context, settings, key, new Secret(value));
    if (check.result === 'rejected') rejected.push(key);
    else if (check.result === 'not checked') context.say(`Warning: the ${name} was not checked (${check.reason}); it is stored unchecked.`);
    else if (check.status === 403) context.say(`Warning: the service knows the ${name}, but it may not list projects (${where} answered HTTP 403); a key may be scoped away from projects. It is stored.`);
    else context.say(`The service accepted the ${name} (${where}).`);
  }
  if (rejected.length === 0) return;
  const names = rejected.map((key) => credentialNames[key]).join(' and the ');
  const profile = chosenProfile(settings.profile);
  throw new CredentialError(
    `The service rejected the ${names}: ${where} (the base URL from ${settings.baseUrl.origin ?? 'the built-in default'}) answered HTTP 401. Nothing was stored.`,
    `Check that ${rejected.length > 1 ? 'they are' : 'it is'} for the service at that base URL. To store ${rejected.length > 1 ? 'them' : 'it'} without checking (setting up offline): ${suggestedCommand(`${command} --no-verify`, profile)}`,
  );
}
