import type { Resolved, ResolvedCredential, Settings } from '../../../config/resolve.js';
import type { Secret } from '../../../config/secret.js';
import type { Context } from '../../../context.js';
import { exitCodes } from '../../../errors.js';
import * as z from '../../../schema/zod.js';
import { defineCommand, flag } from '../../../command-model/command.js';
import { identifier, outputFlag, projectRefs } from '../../../command-model/common-flags.js';
import { type CredentialKey, credentialNames } from '../../../config/credential-keys.js';
import { checkCredential, checkedAt, type CredentialCheck } from '../../../auth/check.js';

interface ShownSetting {
  value: string | null;
  source: string | null;
  origin: string | null;
}

/** Where a credential lives: `keyring` (the OS keychain), `file` (the profile file) or `env`; and what the service made of it. */
interface ShownCredential extends ShownSetting {
  storage: string | null;
  /** `valid`, `rejected` (with the status) or `not checked` (with why); null when there is no credential to check. */
  check: ShownCheck | null;
}

interface ShownCheck {
  result: CredentialCheck['result'];
  status?: number;
  reason?: string;
}

export default defineCommand({
  flags: {
    org: flag('--org <id>', 'organization ID, as other commands take it', z.optional(identifier)),
    project: flag('--project <idOrName>', 'project ID or name, as other commands take it', z.optional(identifier), { values: projectRefs }),
    offline: flag('--offline', 'send no request: show the credentials without checking them with the service', z.optional(z.boolean())),
    ...outputFlag,
  },
  help: {
    description:
      'Show the profile in use, each credential (present or missing, shown only as its last four characters, and where it lives: keyring, file or env), the base URLs, org and project, and where each value came from: flag, environment, profile or default. Each credential is checked with the service, each alone with one GET /projects: valid, rejected (with the status), or not checked (--offline, or no answer).',
    examples: ['ipctl auth status', 'IPCTL_API_KEY=… ipctl auth status --json', 'ipctl auth status --profile staging', 'ipctl auth status --offline   # no request'],
    environment: ['IPCTL_PROFILE, IPCTL_BASE_URL, IPCTL_SEARCH_URL, IPCTL_ORG, IPCTL_PROJECT, IPCTL_API_KEY, IPCTL_TOKEN'],
    exitCodes: ['0 at least one credential is configured', '2 invalid input, a --profile or IPCTL_PROFILE that names no saved profile, or an invalid profile file', '4 no credential is configured, those configured are kept in an OS keychain that cannot be read now, or the service rejected one', '5 the OS keychain did not answer in time'],
  },
  async run(input, context) {
    const settings = await withCredentials(await context.settings({ org: input.org, project: input.project }), context);
    const [apiKey, token] = await Promise.all([checkOne(context, settings, 'apiKey', input.offline === true), checkOne(context, settings, 'token', input.offline === true)]);
    const checks = { apiKey, token };
    const status = statusOf(settings, (await context.config()).path, checks);
    const noCredential = !settings.apiKey.value && !settings.token.value;
    // Configured but out of reach (a keyring that cannot be read now) is said above, with why; it is not "none".
    const unreachable = { apiKey: settings.apiKey.unreadable !== undefined, token: settings.token.unreadable !== undefined };
    if (noCredential && !unreachable.apiKey && !unreachable.token) {
      context.say(`No credential is configured. Set one with \`${context.suggest('auth login')}\`, \`${context.suggest('auth set-key')}\` or \`${context.suggest('auth set-token')}\`.`);
    }
    for (const key of ['apiKey', 'token'] as const) {
      if (checks[key]?.result === 'rejected') context.say(`The service rejected the ${credentialNames[key]} (${checkedAt(settings)} answered HTTP ${checks[key].status}).`);
    }
    const rejected = checks.apiKey?.result === 'rejected' || checks.token?.result === 'rejected';
    return { data: status, view: statusView(status, unreachable), exitCode: noCredential || rejected ? exitCodes.credentials : exitCodes.ok };
  },
});

/** The service's word on one credential, sent alone; null when there is none to send. */
async function checkOne(context: Context, settings: Settings, key: CredentialKey, offline: boolean): Promise<ShownCheck | null> {
  const value = settings[key].value;
  if (value === undefined) return null;
  if (offline) return { result: 'not checked', reason: '--offline' };
  return checkCredential(context, settings, key, value);
}

function statusOf(settings: Settings, configFile: string, checks: Record<CredentialKey, ShownCheck | null>) {
  return {
    profile: { name: settings.profile.value, source: settings.profile.source, exists: settings.profileExists },
    configFile,
    apiKey: shownCredential(settings.apiKey, checks.apiKey),
    token: shownCredential(settings.token, checks.token),
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

function shownCredential(setting: ResolvedCredential, check: ShownCheck | null): ShownCredential {
  return { ...shown(setting), storage: setting.storage ?? null, check };
}

/** A check as the table shows it: `valid`, `rejected (HTTP 401)`, `not checked (--offline)`. */
function shownCheck(check: ShownCheck): string {
  if (check.result === 'not checked') return `not checked (${check.reason})`;
  if (check.result === 'rejected') return `rejected (HTTP ${check.status})`;
  return check.status === 403 ? 'valid (HTTP 403: it may not list projects)' : 'valid';
}

function statusView(status: ReturnType<typeof statusOf>, unreachable: { apiKey: boolean; token: boolean }) {
  const row = (label: string, setting: ShownSetting, missing: string) => [label, setting.value ?? missing, setting.origin ?? ''];
  const credentialRows = (label: string, setting: ShownCredential, cannotRead: boolean) => {
    const value = setting.value ?? (cannotRead ? 'kept, but cannot be read here' : setting.storage === 'keyring' ? 'missing from the keyring' : 'missing');
    const row = [label, setting.storage ? `${value} (${setting.storage})` : value, setting.origin ?? ''];
    return setting.check ? [row, [`${label} check`, shownCheck(setting.check), setting.check.result === 'not checked' && setting.check.reason === '--offline' ? '' : 'GET /projects']] : [row];
  };
  return {
    kind: 'list' as const,
    columns: ['SETTING', 'VALUE', 'FROM'],
    rows: [
      ['Profile', `${status.profile.name}${status.profile.exists ? '' : ' (not saved yet)'}`, status.profile.source === 'default' ? 'built-in default' : status.profile.source ?? ''],
      ...credentialRows('API key', status.apiKey, unreachable.apiKey),
      ...credentialRows('Bearer token', status.token, unreachable.token),
      row('Base URL', status.baseUrl, ''),
      row('Search URL', status.searchUrl, ''),
      row('Org', status.org, 'not set'),
      row('Project', status.project, 'not set'),
      ['Profile file', status.configFile, ''],
    ],
  };
}
