import type { Resolved, ResolvedCredential, Settings } from '../../config/resolve.js';
import type { Secret } from '../../config/secret.js';
import type { Context } from '../../context.js';
import { exitCodes } from '../../errors.js';
import * as z from '../../schema/zod.js';
import { defineCommand, flag } from '../command.js';
import { identifier, outputFlag, projectRefs } from '../input.js';

interface ShownSetting {
  value: string | null;
  source: string | null;
  origin: string | null;
}

/** Where a credential lives: `keyring` (the OS keychain), `file` (the profile file) or `env`. */
interface ShownCredential extends ShownSetting {
  storage: string | null;
}

export default defineCommand({
  flags: {
    org: flag('--org <id>', 'organization ID, as other commands take it', z.optional(identifier)),
    project: flag('--project <idOrName>', 'project ID or name, as other commands take it', z.optional(identifier), { values: projectRefs }),
    ...outputFlag,
  },
  help: {
    description:
      'Show the profile in use, each credential (present or missing, shown only as its last four characters, and where it lives: keyring, file or env), the base URLs, org and project, and where each value came from: flag, environment, profile or default. Sends no request.',
    examples: ['ipctl auth status', 'IPCTL_API_KEY=… ipctl auth status --json', 'ipctl auth status --profile staging'],
    environment: ['IPCTL_PROFILE, IPCTL_BASE_URL, IPCTL_SEARCH_URL, IPCTL_ORG, IPCTL_PROJECT, IPCTL_API_KEY, IPCTL_TOKEN'],
    exitCodes: ['0 at least one credential is configured', '2 invalid input, a --profile or IPCTL_PROFILE that names no saved profile, or an invalid profile file', '4 no credential is configured, or those configured are kept in an OS keychain that cannot be read now', '5 the OS keychain did not answer in time'],
  },
  async run(input, context) {
    const settings = await withCredentials(await context.settings({ org: input.org, project: input.project }), context);
    const status = statusOf(settings, (await context.config()).path);
    const noCredential = !settings.apiKey.value && !settings.token.value;
    // Configured but out of reach (a keyring that cannot be read now) is said above, with why; it is not "none".
    const unreachable = { apiKey: settings.apiKey.unreadable !== undefined, token: settings.token.unreadable !== undefined };
    if (noCredential && !unreachable.apiKey && !unreachable.token) context.say('No credential is configured. Set one with `ipctl auth login`, `ipctl auth set-key` or `ipctl auth set-token`.');
    return { data: status, view: statusView(status, unreachable), exitCode: noCredential ? exitCodes.credentials : exitCodes.ok };
  },
});

function statusOf(settings: Settings, configFile: string) {
  return {
    profile: { name: settings.profile.value, source: settings.profile.source, exists: settings.profileExists },
    configFile,
    apiKey: shownCredential(settings.apiKey),
    token: shownCredential(settings.token),
    baseUrl: shown(settings.baseUrl),
    searchUrl: shown(settings.searchUrl),
    org: shown(settings.org),
    project: shown(settings.project),
  };
}

function shown(setting: Resolved<string> | Resolved<Secret>): ShownSetting {
  const value = setting.value;
  return {
    value: value === undefined ? null : typeof value === 'string' ? value : value.redacted,
    source: setting.source ?? null,
    origin: setting.origin ?? null,
  };
}

/** Reads the credentials kept in the keychain; one that cannot be read is said, with why and what to do. */
async function withCredentials(settings: Settings, context: Context): Promise<Settings> {
  const read = await context.credentials(settings);
  for (const credential of [read.apiKey, read.token]) {
    if (!credential.unreadable) continue;
    context.say(credential.unreadable.message);
    if (credential.unreadable.hint) context.say(credential.unreadable.hint);
  }
  return read;
}

function shownCredential(setting: ResolvedCredential): ShownCredential {
  return { ...shown(setting), storage: setting.storage ?? null };
}

function statusView(status: ReturnType<typeof statusOf>, unreachable: { apiKey: boolean; token: boolean }) {
  const row = (label: string, setting: ShownSetting, missing: string) => [label, setting.value ?? missing, setting.origin ?? ''];
  const credentialRow = (label: string, setting: ShownCredential, cannotRead: boolean) => {
    const value = setting.value ?? (cannotRead ? 'kept, but cannot be read here' : setting.storage === 'keyring' ? 'missing from the keyring' : 'missing');
    return [label, setting.storage ? `${value} (${setting.storage})` : value, setting.origin ?? ''];
  };
  return {
    kind: 'list' as const,
    columns: ['SETTING', 'VALUE', 'FROM'],
    rows: [
      ['Profile', `${status.profile.name}${status.profile.exists ? '' : ' (not saved yet)'}`, status.profile.source === 'default' ? 'built-in default' : status.profile.source ?? ''],
      credentialRow('API key', status.apiKey, unreachable.apiKey),
      credentialRow('Bearer token', status.token, unreachable.token),
      row('Base URL', status.baseUrl, ''),
      row('Search URL', status.searchUrl, ''),
      row('Org', status.org, 'not set'),
      row('Project', status.project, 'not set'),
      ['Profile file', status.configFile, ''],
    ],
  };
}
