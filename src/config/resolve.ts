import { UsageError, type UserError } from '../errors.js';
import { defaultBaseUrl, defaultProfileName, defaultSearchUrl, settingEnv } from './defaults.js';
import { type ConfigFile, type ProfileData, storedProfile } from './schema.js';
import { Secret } from './secret.js';
import { serviceUrlHint, serviceUrlProblem } from './service-url.js';
import { chosenProfile } from './suggest.js';

type Source = 'flag' | 'environment' | 'profile' | 'default';

export interface Resolved<T> {
  value?: T;
  source?: Source;
  /** The flag, variable or profile the value came from, for `auth status`. */
  origin?: string;
}

/** Where a credential lives: the OS keychain, the profile file, or an environment variable. */
type CredentialStorage = 'keyring' | 'file' | 'env';

/**
 * A credential in effect. One kept in the OS keychain has no value until
 * context.credentials() reads it: only commands that use it pay for the keychain.
 */
export type ResolvedCredential = Resolved<Secret> & {
  storage?: CredentialStorage;
  /** Why the keychain could not give it: thrown when a request needs it, said by `auth status`. */
  unreadable?: UserError;
};

export interface Settings {
  profile: Resolved<string> & { value: string };
  profileExists: boolean;
  baseUrl: Resolved<string> & { value: string };
  searchUrl: Resolved<string> & { value: string };
  org: Resolved<string>;
  project: Resolved<string>;
  apiKey: ResolvedCredential;
  token: ResolvedCredential;
}

export interface SettingFlags {
  profile?: string;
  baseUrl?: string;
  searchUrl?: string;
  org?: string;
  project?: string;
}

const flagNames: Record<keyof SettingFlags, string> = {
  profile: '--profile',
  baseUrl: '--base-url',
  searchUrl: '--search-url',
  org: '--org',
  project: '--project',
};

/**
 * Resolves every setting in one order: command-line flag, then environment,
 * then the selected profile, then the built-in default.
 */
export function resolveSettings(
  flags: SettingFlags,
  env: Record<string, string | undefined>,
  config: ConfigFile,
  options: { allowMissingProfile?: boolean } = {},
): Settings {
  const profile = pickProfile(flags, env, config);
  const data: ProfileData | undefined = storedProfile(config, profile.value);
  if (!data && profile.source !== 'default' && profile.source !== 'profile' && !options.allowMissingProfile) {
    throw unknownProfile(profile.value, Object.keys(config.profiles));
  }
  const layer = (key: 'baseUrl' | 'searchUrl' | 'org' | 'project') =>
    firstOf([
      fromFlag(flags[key], flagNames[key]),
      fromEnv(env, settingEnv[key]),
      fromProfile(data?.[key], profile.value),
    ]);
  const settings: Settings = {
    profile,
    profileExists: data !== undefined,
    baseUrl: withDefault(layer('baseUrl'), defaultBaseUrl),
    searchUrl: withDefault(layer('searchUrl'), defaultSearchUrl),
    org: layer('org'),
    project: layer('project'),
    apiKey: credential('apiKey', env, data, profile.value),
    token: credential('token', env, data, profile.value),
  };
  checkUrl(settings.baseUrl, chosenProfile(profile));
  checkUrl(settings.searchUrl, chosenProfile(profile));
  return settings;
}

function pickProfile(flags: SettingFlags, env: Record<string, string | undefined>, config: ConfigFile) {
  const chosen = firstOf([
    fromFlag(flags.profile, flagNames.profile),
    fromEnv(env, settingEnv.profile),
    config.current ? { value: config.current, source: 'profile' as const, origin: 'current profile' } : {},
  ]);
  return withDefault(chosen, defaultProfileName);
}

function fromFlag(value: string | undefined, flag: string): Resolved<string> {
  return value === undefined ? {} : { value, source: 'flag', origin: flag };
}

function fromEnv(env: Record<string, string | undefined>, name: string): Resolved<string> {
  const value = env[name];
  return value ? { value, source: 'environment', origin: name } : {};
}

function fromProfile(value: string | undefined, profile: string): Resolved<string> {
  return value === undefined ? {} : { value, source: 'profile', origin: `profile "${profile}"` };
}

function firstOf(layers: Resolved<string>[]): Resolved<string> {
  return layers.find((layer) => layer.value !== undefined) ?? {};
}

function withDefault(resolved: Resolved<string>, value: string): Resolved<string> & { value: string } {
  if (resolved.value !== undefined) return resolved as Resolved<string> & { value: string };
  return { value, source: 'default', origin: 'built-in default' };
}

/** The environment first, then the profile file, then the OS keychain where the profile's marker says so. */
function credential(key: 'apiKey' | 'token', env: Record<string, string | undefined>, data: ProfileData | undefined, profile: string): ResolvedCredential {
  const fromVariable = fromEnv(env, settingEnv[key]);
  if (fromVariable.value !== undefined) return { ...fromVariable, value: new Secret(fromVariable.value), storage: 'env' };
  const inFile = fromProfile(data?.[key], profile);
  if (inFile.value !== undefined) return { ...inFile, value: new Secret(inFile.value), storage: 'file' };
  if (data?.credentialStore?.[key] === 'keyring') return { source: 'profile', origin: `profile "${profile}"`, storage: 'keyring' };
  return {};
}

function checkUrl(setting: Resolved<string> & { value: string }, profile: string | undefined): void {
  const problem = serviceUrlProblem(setting.value);
  if (problem) throw new UsageError(`${setting.origin ?? 'The base URL'} ${problem}; nothing was sent.`, serviceUrlHint(profile));
}

export function unknownProfile(name: string, known: string[]): UsageError {
  const list = known.length > 0 ? `Profiles: ${known.sort().join(', ')}.` : 'No profiles exist yet.';
  return new UsageError(`No profile named "${name}".`, `${list} Add one with: ipctl profile add ${name}`);
}
