// Where credentials are kept: the OS keychain when one is usable, else the
// profile file (0600). The profile file says which: a credential in the
// keychain has a `credentialStore` marker in its profile and no value there.
import { CredentialError, InterruptedError } from '../errors.js';
import { type CredentialKey, credentialCommands, credentialKeys, credentialNames } from './credential-keys.js';
import { settingEnv } from './defaults.js';
import { keychainAccount, keychainCall, keychainName, type KeychainOperation, noKeychainSupport } from './keychain.js';
import type { Settings } from './resolve.js';
import { checkProfileName, type ProfileData } from './schema.js';
import { Secret } from './secret.js';
import type { ProfileStore } from './store.js';
import { chosenProfile, suggestedCommand } from './suggest.js';

type Env = Record<string, string | undefined>;

export { credentialKeys, credentialNames };

/**
 * Fills in the credentials that the profile keeps in the OS keychain; the
 * others are as resolved. One the keychain cannot give carries the reason
 * (`unreadable`), thrown only if a request needs it. A keychain that does not
 * answer in time throws (exit 5).
 */
export async function withKeychainCredentials(settings: Settings, env: Env, signal?: AbortSignal): Promise<Settings> {
  const wanted = credentialKeys.filter((key) => settings[key].storage === 'keyring' && settings[key].value === undefined);
  if (wanted.length === 0) return settings;
  const profile = settings.profile.value;
  const answers = await keychainCall(wanted.map((key) => ({ op: 'get', account: keychainAccount(profile, key) })), env, signal);
  const filled = { ...settings };
  wanted.forEach((key, index) => {
    const answer = answers[index]!;
    if (answer.error !== undefined) filled[key] = { ...settings[key], unreadable: unreadable(key, profile, answer.error, chosenProfile(settings.profile)) };
    else filled[key] = { ...settings[key], value: answer.value === undefined ? undefined : new Secret(answer.value) };
  });
  return filled;
}

function unreadable(key: CredentialKey, profile: string, reason: string, chosen: string | undefined): CredentialError {
  const variable = settingEnv[key];
  const store = suggestedCommand(`auth ${credentialCommands[key]} --insecure-storage`, chosen);
  if (reason === noKeychainSupport) {
    // Stored there by the npm package; this build (the standalone executable) has no way in.
    return new CredentialError(
      `The ${credentialNames[key]} of profile "${profile}" is kept in the OS keychain, which this build of ipctl cannot read.`,
      `Give it in ${variable}, use the npm package of ipctl (which reads the keychain), or store it in the profile file: ${store}`,
    );
  }
  return new CredentialError(
    `The ${credentialNames[key]} of profile "${profile}" is kept in ${keychainName()}, which cannot be read here: ${reason}.`,
    `Unlock the keyring and try again, give the ${credentialNames[key]} in ${variable}, or keep it in the profile file: ${store}`,
  );
}

export interface StoreOutcome {
  storage: 'keyring' | 'file';
  /** Why the keychain was not used, when it was wanted and could not be. */
  fallbackReason?: string;
  /** The keychain library's own words for it, for --debug. */
  fallbackDetail?: string;
}

/** Why the keychain refused, in ipctl's words, and in the library's (for --debug). */
interface KeychainFailure {
  reason: string;
  detail?: string;
}

/**
 * Stores credentials of one profile. Unless `insecure`, in the OS keychain:
 * each is written, then read back, and only then does the profile file drop
 * its copy and mark it as kept there. Where no keychain is usable, in the
 * profile file, with the reason returned for the caller to say.
 */
export async function storeCredentials(
  store: ProfileStore,
  profile: string,
  values: Partial<Record<CredentialKey, string>>,
  options: { insecure: boolean; env: Env; signal?: AbortSignal },
): Promise<StoreOutcome> {
  // The name becomes part of a keychain account: checked before anything is stored.
  checkProfileName(profile);
  const keys = credentialKeys.filter((key) => values[key] !== undefined);
  let fallback: KeychainFailure | undefined;
  if (!options.insecure) {
    fallback = await writeAndVerify(profile, keys.map((key) => [key, values[key]!]), options.env, options.signal);
    if (fallback === undefined) {
      await markInKeychain(store, profile, keys, () => true);
      return { storage: 'keyring' };
    }
  }
  let before: ProfileData | undefined;
  await store.updateProfileFrom(profile, (current) => {
    before = current;
    const marker = { ...current?.credentialStore };
    for (const key of keys) delete marker[key];
    const changes: Partial<ProfileData> = Object.fromEntries(keys.map((key) => [key, values[key]]));
    return { ...changes, credentialStore: Object.keys(marker).length > 0 ? marker : undefined };
  });
  // The keychain's old copy is no longer in use: remove it, where the keychain lets us.
  const replaced = keys.filter((key) => before?.credentialStore?.[key] === 'keyring');
  if (replaced.length > 0 && fallback === undefined) {
    // Chosen with --insecure-storage, quietly: a keychain that fails here leaves an unused entry, nothing worse.
    await keychainCall(replaced.map((key) => ({ op: 'delete', account: keychainAccount(profile, key) })), options.env, options.signal).catch((error: unknown) => {
      if (error instanceof InterruptedError) throw error;
    });
  }
  return { storage: 'file', fallbackReason: fallback?.reason, fallbackDetail: fallback?.detail };
}

/** Writes each credential to the keychain and reads it back; returns why not, or undefined when every one is there. */
async function writeAndVerify(profile: string, entries: [CredentialKey, string][], env: Env, signal?: AbortSignal): Promise<KeychainFailure | undefined> {
  const operations: KeychainOperation[] = entries.flatMap(([key, value]) => [
    { op: 'set' as const, account: keychainAccount(profile, key), value },
    { op: 'get' as const, account: keychainAccount(profile, key) },
  ]);
  const answers = await keychainCall(operations, env, signal);
  for (const [index, [, value]] of entries.entries()) {
    const [written, read] = [answers[index * 2]!, answers[index * 2 + 1]!];
    const problem = written.error === undefined ? read : written;
    if (problem.error !== undefined) return { reason: problem.error, detail: problem.detail };
    if (read.value !== value) return { reason: 'the keychain did not give back what was stored' };
  }
  return undefined;
}

/**
 * One write of the profile file, under its lock: the values go, the markers
 * come, at once. `stillCurrent` tells whether the file still holds what was
 * put in the keychain; a credential changed meanwhile is left as it now is.
 */
async function markInKeychain(store: ProfileStore, profile: string, keys: CredentialKey[], stillCurrent: (key: CredentialKey, current: ProfileData | undefined) => boolean): Promise<void> {
  await store.updateProfileFrom(profile, (current) => {
    const marker = { ...current?.credentialStore };
    const changes: Partial<ProfileData> = {};
    for (const key of keys.filter((each) => stillCurrent(each, current))) {
      marker[key] = 'keyring';
      changes[key] = undefined;
    }
    return { ...changes, credentialStore: Object.keys(marker).length > 0 ? marker : undefined };
  });
}

/** The keychain entries of a profile that could not be removed, and why (the first reason). */
export interface KeychainLeftovers {
  keys: CredentialKey[];
  reason?: string;
  detail?: string;
}

/**
 * Removes the keychain entries of a profile's credentials (those its marker
 * names). Returns those that could not be removed, and why; a timeout throws.
 * An entry that was already gone counts as removed.
 */
async function deleteKeychainCredentials(profile: string, data: ProfileData | undefined, keys: CredentialKey[], env: Env, signal?: AbortSignal): Promise<KeychainLeftovers> {
  const inKeychain = keys.filter((key) => data?.credentialStore?.[key] === 'keyring');
  if (inKeychain.length === 0) return { keys: [] };
  const answers = await keychainCall(inKeychain.map((key) => ({ op: 'delete', account: keychainAccount(profile, key) })), env, signal);
  const failed = answers.find((answer) => answer.error !== undefined);
  return { keys: inKeychain.filter((_, index) => answers[index]!.error !== undefined), reason: failed?.error, detail: failed?.detail };
}

/**
 * Removes a profile's credentials: from the OS keychain (those its marker
 * names), then from the profile file. An entry the keychain could not delete
 * keeps its marker, so that the same command run again can finish; those are
 * returned, with why.
 */
export async function removeStoredCredentials(store: ProfileStore, profile: string, data: ProfileData | undefined, env: Env, signal?: AbortSignal): Promise<KeychainLeftovers> {
  const leftovers = await deleteKeychainCredentials(profile, data, credentialKeys, env, signal);
  const kept = leftovers.keys.length > 0 ? Object.fromEntries(leftovers.keys.map((key) => [key, 'keyring' as const])) : undefined;
  await store.updateProfile(profile, { apiKey: undefined, token: undefined, credentialStore: kept });
  return leftovers;
}

/** Names credentials for a message: "API key", "API key and bearer token". */
export function credentialList(keys: CredentialKey[]): string {
  return keys.map((key) => credentialNames[key]).join(' and ');
}

export interface MigrationResult {
  moved: { profile: string; key: CredentialKey }[];
  /** Why the keychain could not take them, when it could not. */
  failure?: KeychainFailure;
}

/**
 * Moves every credential the profile file holds into the keychain. A
 * credential leaves the file only after it was read back from the keychain,
 * and the file changes in one atomic write per profile: a process killed at
 * any point leaves each credential readable from the file or the keychain.
 */
export async function migrateCredentials(store: ProfileStore, env: Env, signal?: AbortSignal): Promise<MigrationResult> {
  const moved: MigrationResult['moved'] = [];
  const profiles = store.read().profiles;
  for (const profile of Object.keys(profiles).sort()) {
    const data = profiles[profile]!;
    const entries = credentialKeys.filter((key) => data[key] !== undefined).map((key): [CredentialKey, string] => [key, data[key]!]);
    if (entries.length === 0) continue;
    const failure = await writeAndVerify(profile, entries, env, signal);
    if (failure !== undefined) return { moved, failure };
    const moving = new Map(entries);
    await markInKeychain(store, profile, [...moving.keys()], (key, current) => current?.[key] === moving.get(key));
    moved.push(...entries.map(([key]) => ({ profile, key })));
  }
  return { moved };
}
