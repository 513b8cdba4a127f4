// What the sandbox accepts as a connections:generate body (section 4.3), stated
// here on its own from the API reference and the provider's own description
// (section 2.5: its authType and the options of that type, its metadata
// inputs). ipctl checks what it sends with rules of its own
// (src/connections/request.ts), so each side catches the other's mistakes.
import { closestName } from '../input/closest.js';
import { type CredentialField, credentialField, credentialFields } from './auth-types.js';
import { type ProblemIssue, problemType } from './problems.js';
import type { Provider, ProviderMetadataSource, ProviderMetadataValue } from './types.js';

/** A token being imported (2.3.4). */
export interface TokenInput {
  token: string;
  issuedAt?: string;
  expiresAt?: string;
}

/** The body fields that hold one line of text. */
type TextField = 'provider' | 'groupRef' | 'groupName' | 'consumerRef' | 'consumerName' | 'providerWorkspaceRef' | 'apiKey';

/** The body, read: every value of the right type. Secrets are plain strings here; no issue ever quotes one. */
export type GenerateBody = Partial<Record<TextField, string>> & {
  providerMetadata?: Record<string, ProviderMetadataValue>;
  basicAuth?: { username?: string; password?: string };
  customAuth?: Record<string, unknown>;
  oauth2AuthorizationCode?: { scopes?: string[]; refreshToken?: TokenInput; accessToken?: TokenInput };
};

/** The metadata input that is the provider workspace, mirrored in providerWorkspaceRef. */
export const workspaceInput = 'workspace';

const bodyFields = ['provider', 'groupRef', 'groupName', 'consumerRef', 'consumerName', 'providerWorkspaceRef', 'providerMetadata', 'apiKey', 'basicAuth', 'customAuth', 'oauth2AuthorizationCode'];
const titles = { missing: 'Missing value', invalid: 'Invalid value', 'not-applicable': 'Does not apply to this provider', 'unknown-field': 'Unknown field' } as const;
type Kind = keyof typeof titles;

const metadataSources: readonly ProviderMetadataSource[] = ['input', 'token', 'provider'];
const metadataValueKeys = ['value', 'source', 'displayName'];

/**
 * Where the body breaks the service's published request contract, which the
 * service checks before anything else (answered with 422): each providerMetadata
 * value is an object {value: string, source: input|token|provider,
 * displayName?: string}, with no other keys. A bare string is refused.
 */
export function contractIssues(input: Record<string, unknown>): ProblemIssue[] {
  const metadata = input.providerMetadata;
  if (!isObject(metadata)) return [];
  const issues: ProblemIssue[] = [];
  const report = (name: string, detail: string, value: unknown) => issues.push({ type: problemType('contract'), title: 'Does not match the contract', detail, in: 'body', name, value });
  for (const [key, entry] of Object.entries(metadata)) {
    const name = `providerMetadata.${key}`;
    if (!isObject(entry)) {
      report(name, `${name} must be object {value, source, displayName?}, not ${jsonType(entry)}.`, entry);
      continue;
    }
    if (typeof entry.value !== 'string') report(`${name}.value`, `${name}.value must be string.`, entry.value ?? null);
    if (!metadataSources.includes(entry.source as ProviderMetadataSource)) report(`${name}.source`, `${name}.source must be one of ${metadataSources.join(', ')}.`, entry.source ?? null);
    if (entry.displayName !== undefined && typeof entry.displayName !== 'string') report(`${name}.displayName`, `${name}.displayName must be string.`, entry.displayName);
    for (const extra of Object.keys(entry).filter((part) => !metadataValueKeys.includes(part))) report(`${name}.${extra}`, `${name}.${extra} is not a property of a metadata value (${metadataValueKeys.join(', ')}).`, null);
  }
  return issues;
}

/** Reads `input` and checks it against `provider` (when known); every problem is an issue. */
export function checkGenerateBody(input: Record<string, unknown>, provider: Provider | undefined): { body: GenerateBody; issues: ProblemIssue[] } {
  const issues: ProblemIssue[] = [];
  const report = (kind: Kind, name: string, detail: string, value: unknown = null) =>
    issues.push({ type: problemType(kind), title: titles[kind], detail, in: 'body', name, value });
  const body = readBody(input, report);
  for (const field of ['provider', 'groupRef', 'consumerRef'] as const) {
    if (body[field] === undefined && !issues.some((issue) => issue.name === field)) report('missing', field, `${field} is required.`);
  }
  if (provider) {
    mirrorWorkspace(body, provider, report);
    checkNeeds(body, provider, issues, report);
  }
  return { body, issues };
}

type Report = (kind: Kind, name: string, detail: string, value?: unknown) => void;

function readBody(input: Record<string, unknown>, report: Report): GenerateBody {
  for (const key of Object.keys(input)) if (!bodyFields.includes(key)) unknownKey(key, bodyFields, report);
  const text = (name: string, value: unknown, secret = false): string | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') return void report('invalid', name, `${name} must be a string.`);
    if (value.length > 256) return void report('invalid', name, `${name} is longer than 256 characters.`);
    if (/[\u0000-\u001f\u007f]/.test(value)) return void report('invalid', name, `${name} must not contain control characters.`, secret ? null : value);
    return value;
  };
  const object = (name: string, value: unknown): Record<string, unknown> | undefined => {
    if (value === undefined || value === null) return undefined;
    if (isObject(value)) return value;
    return void report('invalid', name, `${name} must be an object.`);
  };
  const workspace = text('providerWorkspaceRef', input.providerWorkspaceRef);
  const body: GenerateBody = {};
  if (workspace !== undefined && /[\s/]/.test(workspace)) report('invalid', 'providerWorkspaceRef', 'providerWorkspaceRef must not contain white space or "/".', workspace);
  const metadata = object('providerMetadata', input.providerMetadata);
  const basic = object('basicAuth', input.basicAuth);
  const custom = object('customAuth', input.customAuth);
  Object.assign(body, {
    provider: text('provider', input.provider),
    groupRef: text('groupRef', input.groupRef),
    groupName: text('groupName', input.groupName),
    consumerRef: text('consumerRef', input.consumerRef),
    consumerName: text('consumerName', input.consumerName),
    providerWorkspaceRef: workspace !== undefined && !/[\s/]/.test(workspace) ? workspace : undefined,
    providerMetadata: metadata && readMetadata(metadata, text),
    apiKey: text('apiKey', input.apiKey, true),
    basicAuth: basic && readBasic(basic, text, report),
    customAuth: custom && (Object.keys(custom).length > 0 ? custom : undefined),
    oauth2AuthorizationCode: readOAuth2(object('oauth2AuthorizationCode', input.oauth2AuthorizationCode), object, report),
  });
  return dropEmpty(body) ?? {};
}

type Text = (name: string, value: unknown, secret?: boolean) => string | undefined;

/** The values that are objects of the contract's shape (contractIssues reports the others), each value checked as text. */
function readMetadata(metadata: Record<string, unknown>, text: Text): GenerateBody['providerMetadata'] {
  const entries = Object.entries(metadata).flatMap(([key, entry]): Array<[string, ProviderMetadataValue]> => {
    if (!isObject(entry) || !metadataSources.includes(entry.source as ProviderMetadataSource)) return [];
    const value = text(`providerMetadata.${key}.value`, entry.value);
    const displayName = typeof entry.displayName === 'string' ? { displayName: entry.displayName } : {};
    return value === undefined ? [] : [[key, { value, source: entry.source as ProviderMetadataSource, ...displayName }]];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function readBasic(basic: Record<string, unknown>, text: Text, report: Report): GenerateBody['basicAuth'] {
  for (const key of Object.keys(basic)) if (key !== 'username' && key !== 'password') unknownKey(key, ['username', 'password'], report, 'basicAuth.');
  return dropEmpty({ username: text('basicAuth.username', basic.username), password: text('basicAuth.password', basic.password, true) });
}

function readOAuth2(source: Record<string, unknown> | undefined, object: (name: string, value: unknown) => Record<string, unknown> | undefined, report: Report): GenerateBody['oauth2AuthorizationCode'] {
  if (!source) return undefined;
  const known = ['scopes', 'refreshToken', 'accessToken'];
  for (const key of Object.keys(source)) if (!known.includes(key)) unknownKey(key, known, report, 'oauth2AuthorizationCode.');
  let scopes: string[] | undefined;
  if (source.scopes !== undefined) {
    const valid = Array.isArray(source.scopes) && source.scopes.every((scope) => typeof scope === 'string' && scope !== '' && !/[\s,]/.test(scope));
    if (valid) scopes = source.scopes as string[];
    else report('invalid', 'oauth2AuthorizationCode.scopes', 'oauth2AuthorizationCode.scopes must be an array of scopes, one scope (no white space or comma) per item.');
  }
  const token = (key: 'refreshToken' | 'accessToken'): TokenInput | undefined => {
    const name = `oauth2AuthorizationCode.${key}`;
    const value = object(name, source[key]);
    if (!value) return undefined;
    if (typeof value.token !== 'string' || value.token === '') return void report(value.token === undefined ? 'missing' : 'invalid', `${name}.token`, `${name}.token is required: a string.`);
    const times = (['issuedAt', 'expiresAt'] as const).filter((time) => value[time] !== undefined);
    for (const time of times) {
      if (typeof value[time] !== 'string' || Number.isNaN(Date.parse(value[time] as string))) report('invalid', `${name}.${time}`, `${name}.${time} must be a date-time (RFC 3339).`, value[time]);
    }
    return dropEmpty({ token: value.token, issuedAt: value.issuedAt as string | undefined, expiresAt: value.expiresAt as string | undefined });
  };
  return dropEmpty({ scopes, refreshToken: token('refreshToken'), accessToken: token('accessToken') });
}

/** A metadata input named "workspace" and providerWorkspaceRef are one value: either fills the other. */
function mirrorWorkspace(body: GenerateBody, provider: Provider, report: Report): void {
  if (!provider.metadata?.input?.some((input) => input.name === workspaceInput)) return;
  const inMetadata = body.providerMetadata?.[workspaceInput]?.value;
  if (body.providerWorkspaceRef === undefined) body.providerWorkspaceRef = inMetadata;
  else if (inMetadata === undefined) body.providerMetadata = { ...body.providerMetadata, [workspaceInput]: { value: body.providerWorkspaceRef, source: 'input' } };
  else if (inMetadata !== body.providerWorkspaceRef) report('invalid', 'providerWorkspaceRef', `providerWorkspaceRef and providerMetadata.${workspaceInput} must be the same value for ${provider.name}.`);
}

/**
 * Checks what the provider needs against the body: the needs as rows of data,
 * walked by checkNeed; then credentials of other auth types, and unknown keys.
 */
function checkNeeds(body: GenerateBody, provider: Provider, issues: ProblemIssue[], report: Report): void {
  const field = credentialField(provider);
  const needs = [...workspaceNeeds(body, provider), ...metadataNeeds(body, provider), ...(field ? credentialNeeds[field](body, provider) : [])];
  for (const need of needs) checkNeed(need, issues, report);
  for (const other of credentialFields) {
    if (other !== field && body[other] !== undefined) report('not-applicable', other, `${other} does not apply: ${provider.name} uses ${provider.authType} auth${field ? ` (${field})` : ' with no credential'}.`);
  }
  if (field === 'customAuth') unknownKeys(body.customAuth ?? {}, (provider.customOpts?.inputs ?? []).map((input) => input.name), 'customAuth', report);
  const metadataNames = [...(provider.metadata?.input ?? []), ...(provider.metadata?.postAuthentication ?? [])].map((input) => input.name);
  unknownKeys(body.providerMetadata ?? {}, metadataNames, 'providerMetadata', report);
}

/** One value the provider needs at `path`: missing when absent or empty, invalid when not one of `oneOf`. */
interface Need {
  path: string;
  value: unknown;
  /** Why the provider needs it, for the detail of a missing-value issue. */
  why: string;
  oneOf?: string[];
  /** Never quote the value. */
  secret?: boolean;
}

function checkNeed(need: Need, issues: ProblemIssue[], report: Report): void {
  const { path, value, oneOf } = need;
  // A field already reported (itself or a part of it) is not reported missing again.
  const reported = issues.some((issue) => issue.name === path || String(issue.name).startsWith(`${path}.`));
  if ((value === undefined || value === '') && !reported) report('missing', path, `${path} is required: ${need.why}.`);
  if (oneOf?.length && value !== undefined && !oneOf.includes(value as string)) report('invalid', path, `${path} must be one of ${oneOf.join(', ')}.`, need.secret ? null : value);
}

function workspaceNeeds(body: GenerateBody, provider: Provider): Need[] {
  const explicit = provider.authType === 'oauth2' && provider.oauth2Opts?.explicitWorkspaceRequired === true;
  const descriptor = provider.metadata?.input?.find((input) => input.name === workspaceInput);
  if (!explicit && (!descriptor || descriptor.defaultValue !== undefined)) return [];
  return [{ path: 'providerWorkspaceRef', value: body.providerWorkspaceRef, why: `${provider.name} needs its workspace` }];
}

/** Metadata inputs with no default; the workspace input is providerWorkspaceRef's. */
function metadataNeeds(body: GenerateBody, provider: Provider): Need[] {
  return (provider.metadata?.input ?? [])
    .filter((input) => input.name !== workspaceInput && input.defaultValue === undefined)
    .map((input) => ({
      path: `providerMetadata.${input.name}`,
      value: body.providerMetadata?.[input.name]?.value,
      why: `${provider.name} needs the metadata input "${input.displayName ?? input.name}"`,
    }));
}

/** What the credential field of each auth type must hold (2.5). */
const credentialNeeds: Record<CredentialField, (body: GenerateBody, provider: Provider) => Need[]> = {
  apiKey: (body, { name }) => [{ path: 'apiKey', value: body.apiKey, why: `${name} takes an API key`, secret: true }],
  basicAuth: (body, { name }) => [
    { path: 'basicAuth.username', value: body.basicAuth?.username, why: `${name} uses Basic auth` },
    { path: 'basicAuth.password', value: body.basicAuth?.password, why: `${name} uses Basic auth`, secret: true },
  ],
  oauth2AuthorizationCode: (body, { name, oauth2Opts }) => [
    { path: 'oauth2AuthorizationCode.refreshToken', value: body.oauth2AuthorizationCode?.refreshToken, why: `${name} uses OAuth 2.0, and this request imports a refresh token`, secret: true },
    ...(oauth2Opts?.explicitScopesRequired ? [{ path: 'oauth2AuthorizationCode.scopes', value: body.oauth2AuthorizationCode?.scopes, why: `${name} requires explicit scopes` }] : []),
  ],
  customAuth: (body, { name, customOpts }) =>
    (customOpts?.inputs ?? []).map((input) => ({
      path: `customAuth.${input.name}`,
      value: body.customAuth?.[input.name],
      why: `${name} needs "${input.displayName ?? input.name}"`,
      oneOf: input.options?.map((option) => option.value),
      secret: input.fieldType === 'fieldTypePassword',
    })),
};

function unknownKeys(values: Record<string, unknown>, known: string[], parent: string, report: Report): void {
  for (const key of Object.keys(values)) if (!known.includes(key)) unknownKey(key, known, report, `${parent}.`, `${parent} of this provider: ${known.join(', ') || 'none'}.`);
}

function unknownKey(key: string, known: string[], report: Report, prefix = '', list = ''): void {
  const suggestion = closestName(key, known);
  report('unknown-field', `${prefix}${key}`, `${prefix}${key} is not known${suggestion ? `; did you mean ${prefix}${suggestion}?` : '.'}${list ? ` Known ${list}` : ''}`);
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function dropEmpty<T extends object>(object: T): T | undefined {
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : undefined;
}
