/**
 * Turns the flags of `connections generate` into a draft body: --input-json
 * first, flags over it, secrets from files or stdin as Secret, then (once the
 * provider is known) secrets from the environment. Problems are collected, not
 * thrown, so the person sees all of them at once.
 */
import { Secret } from '../config/secret.js';
import { UsageError } from '../errors.js';
import { type Assignment, parseAssignment } from '../input/assignments.js';
import type { InputSources } from '../input/sources.js';
import { connectionRequirements, type ProviderDescription } from '../providers/requirements.js';
import { isRecord, secretFields, setValueAt, valueAt } from './request.js';
import { envNameFor, howToSupply } from './supply.js';

/** The flags that carry values of the body. */
export interface ConnectionFlags extends TextFlags {
  metadata: string[];
  custom: string[];
  scopes?: string;
  apiKeyFile?: string;
  passwordFile?: string;
  refreshTokenFile?: string;
  accessTokenFile?: string;
  inputJson?: string;
}

export interface Draft {
  /** Shaped like the request body; secrets already wrapped. */
  body: Record<string, unknown>;
  /** customAuth keys given on the command line itself (KEY=VALUE, KEY:=JSON): no place for a secret. */
  inlineCustomKeys: Set<string>;
}

export async function collectDraft(flags: ConnectionFlags, sources: InputSources, problems: string[]): Promise<Draft> {
  const collect = async <T>(read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      problems.push(error.hint ? `${error.message} ${error.hint}` : error.message);
      return undefined;
    }
  };
  const body = (flags.inputJson !== undefined ? await collect(() => readBodyFile(flags.inputJson as string, sources)) : undefined) ?? {};
  const draft: Draft = { body, inlineCustomKeys: new Set() };
  setTextFields(body, flags);
  for (const item of flags.metadata) {
    const assignment = await collect(async () => parseAssignment(item, '--metadata'));
    if (assignment?.kind === 'text') setValueAt(body, `providerMetadata.${assignment.key}`, assignment.value);
  }
  for (const item of flags.custom) {
    const assignment = await collect(async () => parseAssignment(item, '--custom', { json: true, files: true }));
    if (!assignment) continue;
    const value = await collect(() => customValue(assignment, sources));
    if (value === undefined) continue;
    if (assignment.kind === 'text' || assignment.kind === 'json') draft.inlineCustomKeys.add(assignment.key);
    setValueAt(body, `customAuth.${assignment.key}`, value);
  }
  if (flags.scopes !== undefined) setValueAt(body, 'oauth2AuthorizationCode.scopes', splitScopes(flags.scopes));
  const secrets: Array<[string, string | undefined, string]> = [
    ['apiKey', flags.apiKeyFile, '--api-key-file'],
    ['basicAuth.password', flags.passwordFile, '--password-file'],
    ['oauth2AuthorizationCode.refreshToken', flags.refreshTokenFile, '--refresh-token-file'],
    ['oauth2AuthorizationCode.accessToken', flags.accessTokenFile, '--access-token-file'],
  ];
  for (const [field, path, flag] of secrets) {
    if (path === undefined) continue;
    const secret = await collect(async () => new Secret(await sources.readSecret(path, flag)));
    if (secret) setSecret(body, field, secret);
  }
  return draft;
}

async function readBodyFile(path: string, sources: InputSources): Promise<Record<string, unknown>> {
  const value = await sources.readJson(path, '--input-json');
  if (!isRecord(value)) {
    throw new UsageError(`--input-json: ${path === '-' ? 'stdin' : path} must hold one JSON object, the request body.`, 'Print one to fill in with --skeleton.');
  }
  return value;
}

/** A file's text is kept as a Secret until the provider says whether the input is a password. */
async function customValue(assignment: Assignment, sources: InputSources): Promise<unknown> {
  const flag = `--custom ${assignment.key}`;
  switch (assignment.kind) {
    case 'text':
    case 'json':
      return assignment.value;
    case 'file':
      return new Secret(await sources.readSecret(assignment.path, flag));
    case 'json-file':
      return sources.readJson(assignment.path, flag);
  }
}

/** "a, b c" → ["a", "b", "c"]: commas or white space separate scopes. */
export function splitScopes(text: string): string[] {
  return text.split(/[\s,]+/).filter((scope) => scope !== '');
}

/** Tokens go in as {token}; the other secrets as they are. */
export function setSecret(body: Record<string, unknown>, field: string, secret: Secret): void {
  setValueAt(body, field, field.startsWith('oauth2AuthorizationCode.') ? { token: secret } : secret);
}

/**
 * Secrets the provider needs and the draft lacks, from the environment. Only
 * needed ones are read, so a variable meant for another provider is ignored.
 */
export function applyEnvironment(draft: Draft, provider: ProviderDescription, env: Record<string, string | undefined>): void {
  for (const requirement of connectionRequirements(provider)) {
    if (requirement.kind !== 'secret' || valueAt(draft.body, requirement.field) !== undefined) continue;
    const name = envNameFor(requirement.field);
    const value = name ? env[name] : undefined;
    if (value !== undefined && value !== '') setSecret(draft.body, requirement.field, new Secret(value));
  }
}

/** A password input given as --custom KEY=VALUE has been typed into argv: refuse it, naming the safe forms. */
export function inlineSecretProblems(draft: Draft, provider: ProviderDescription): string[] {
  const secrets = secretFields(provider);
  return [...draft.inlineCustomKeys]
    .filter((key) => secrets.has(`customAuth.${key}`))
    .map(
      (key) =>
        `--custom ${key}: "${key}" is a password input of ${provider.name ?? 'this provider'}, so its value must not be given on the command line (it would stay in shell history and process lists). Give ${howToSupply(`customAuth.${key}`, true)}.`,
    );
}

/** The flags that give a plain text field of the body, and the field each gives. */
const textFields = {
  provider: 'provider',
  groupRef: 'groupRef',
  groupName: 'groupName',
  consumerRef: 'consumerRef',
  consumerName: 'consumerName',
  workspace: 'providerWorkspaceRef',
  username: 'basicAuth.username',
} as const;

export type TextFlags = { [Flag in keyof typeof textFields]?: string };

/** Sets the body fields the text flags give, over what the body had. */
export function setTextFields(body: Record<string, unknown>, flags: TextFlags): void {
  for (const [flag, field] of Object.entries(textFields)) {
    const value = flags[flag as keyof TextFlags];
    if (value !== undefined) setValueAt(body, field, value);
  }
}
