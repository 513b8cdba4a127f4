// What the sandbox accepts as a connections:generate body (section 4.3), stated
// here on its own from the API reference and the provider's own description
// (section 2.5: its authType and the options of that type, its metadata
// inputs). ipctl checks what it sends with rules of its own
// (src/connections/request.ts), so each side catches the other's mistakes.
import { closestName } from '../input/closest.js';
import { type ProblemIssue, problemType } from './problems.js';
import type { Provider } from './types.js';

/** A token being imported (2.3.4). */
export interface TokenInput {
  token: string;
  issuedAt?: string;
  expiresAt?: string;
}

/** The body, read: every value of the right type. Secrets are plain strings here; no issue ever quotes one. */
export interface GenerateBody {
  provider?: string;
  groupRef?: string;
  groupName?: string;
  consumerRef?: string;
  consumerName?: string;
  providerWorkspaceRef?: string;
  providerMetadata?: Record<string, string>;
  apiKey?: string;
  basicAuth?: { username?: string; password?: string };
  customAuth?: Record<string, unknown>;
  oauth2AuthorizationCode?: { scopes?: string[]; refreshToken?: TokenInput; accessToken?: TokenInput };
}

/** The metadata input that is the provider workspace, mirrored in providerWorkspaceRef. */
export const workspaceInput = 'workspace';

const bodyFields = ['provider', 'groupRef', 'groupName', 'consumerRef', 'consumerName', 'providerWorkspaceRef', 'providerMetadata', 'apiKey', 'basicAuth', 'customAuth', 'oauth2AuthorizationCode'];
const titles = { missing: 'Missing value', invalid: 'Invalid value', 'not-applicable': 'Does not apply to this provider', 'unknown-field': 'Unknown field' } as const;
type Kind = keyof typeof titles;

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
    providerMetadata: metadata && dropEmpty(Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, text(`providerMetadata.${key}`, value)]))),
    apiKey: text('apiKey', input.apiKey, true),
    basicAuth: basic && readBasic(basic, text, report),
    customAuth: custom && (Object.keys(custom).length > 0 ? custom : undefined),
    oauth2AuthorizationCode: readOAuth2(object('oauth2AuthorizationCode', input.oauth2AuthorizationCode), object, report),
  });
  return dropEmpty(body) ?? {};
}

type Text = (name: string, value: unknown, secret?: boolean) => string | undefined;

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
  const inMetadata = body.providerMetadata?.[workspaceInput];
  if (body.providerWorkspaceRef === undefined) body.providerWorkspaceRef = inMetadata;
  else if (inMetadata === undefined) body.providerMetadata = { ...body.providerMetadata, [workspaceInput]: body.providerWorkspaceRef };
  else if (inMetadata !== body.providerWorkspaceRef) report('invalid', 'providerWorkspaceRef', `providerWorkspaceRef and providerMetadata.${workspaceInput} must be the same value for ${provider.name}.`);
}

/** Which body field carries each auth type's credential (2.5). */
function credentialField(provider: Provider): keyof GenerateBody | undefined {
  if (provider.authType === 'apiKey' || (provider.authType === 'basic' && provider.basicOpts?.apiKeyAsBasic)) return 'apiKey';
  if (provider.authType === 'basic') return 'basicAuth';
  if (provider.authType === 'oauth2') return 'oauth2AuthorizationCode';
  if (provider.authType === 'custom' || provider.authType === 'jwt') return 'customAuth';
  return undefined;
}

function checkNeeds(body: GenerateBody, provider: Provider, issues: ProblemIssue[], report: Report): void {
  const already = (name: string) => issues.some((issue) => issue.name === name || String(issue.name).startsWith(`${name}.`));
  const need = (name: string, present: boolean, why: string) => {
    if (!present && !already(name)) report('missing', name, `${name} is required: ${why}.`);
  };
  const who = provider.name;
  const explicitWorkspace = provider.authType === 'oauth2' && provider.oauth2Opts?.explicitWorkspaceRequired === true;
  const workspaceDescriptor = provider.metadata?.input?.find((input) => input.name === workspaceInput);
  if (explicitWorkspace || (workspaceDescriptor && workspaceDescriptor.defaultValue === undefined)) need('providerWorkspaceRef', body.providerWorkspaceRef !== undefined, `${who} needs its workspace`);
  for (const input of provider.metadata?.input ?? []) {
    if (input.name !== workspaceInput && input.defaultValue === undefined) need(`providerMetadata.${input.name}`, body.providerMetadata?.[input.name] !== undefined, `${who} needs the metadata input "${input.displayName ?? input.name}"`);
  }
  const field = credentialField(provider);
  if (field === 'apiKey') need('apiKey', body.apiKey !== undefined, `${who} takes an API key`);
  if (field === 'basicAuth') {
    need('basicAuth.username', body.basicAuth?.username !== undefined, `${who} uses Basic auth`);
    need('basicAuth.password', body.basicAuth?.password !== undefined, `${who} uses Basic auth`);
  }
  if (field === 'oauth2AuthorizationCode') {
    need('oauth2AuthorizationCode.refreshToken', body.oauth2AuthorizationCode?.refreshToken !== undefined, `${who} uses OAuth 2.0, and this request imports a refresh token`);
    if (provider.oauth2Opts?.explicitScopesRequired) need('oauth2AuthorizationCode.scopes', body.oauth2AuthorizationCode?.scopes !== undefined, `${who} requires explicit scopes`);
  }
  if (field === 'customAuth') checkCustomInputs(body.customAuth ?? {}, provider, need, report);
  for (const other of ['apiKey', 'basicAuth', 'customAuth', 'oauth2AuthorizationCode'] as const) {
    if (other !== field && body[other] !== undefined) report('not-applicable', other, `${other} does not apply: ${who} uses ${provider.authType} auth${field ? ` (${field})` : ' with no credential'}.`);
  }
  if (field === 'customAuth') unknownKeys(body.customAuth ?? {}, (provider.customOpts?.inputs ?? []).map((input) => input.name), 'customAuth', report);
  const metadataNames = [...(provider.metadata?.input ?? []), ...(provider.metadata?.postAuthentication ?? [])].map((input) => input.name);
  unknownKeys(body.providerMetadata ?? {}, metadataNames, 'providerMetadata', report);
}

function checkCustomInputs(values: Record<string, unknown>, provider: Provider, need: (name: string, present: boolean, why: string) => void, report: Report): void {
  for (const input of provider.customOpts?.inputs ?? []) {
    const name = `customAuth.${input.name}`;
    const value = values[input.name];
    need(name, value !== undefined && value !== '', `${provider.name} needs "${input.displayName ?? input.name}"`);
    const allowed = input.options?.map((option) => option.value);
    if (allowed?.length && value !== undefined && !allowed.includes(value as string)) {
      report('invalid', name, `${name} must be one of ${allowed.join(', ')}.`, input.fieldType === 'fieldTypePassword' ? null : value);
    }
  }
}

function unknownKeys(values: Record<string, unknown>, known: string[], parent: string, report: Report): void {
  for (const key of Object.keys(values)) if (!known.includes(key)) unknownKey(key, known, report, `${parent}.`, `${parent} of this provider: ${known.join(', ') || 'none'}.`);
}

function unknownKey(key: string, known: string[], report: Report, prefix = '', list = ''): void {
  const suggestion = closestName(key, known);
  report('unknown-field', `${prefix}${key}`, `${prefix}${key} is not known${suggestion ? `; did you mean ${prefix}${suggestion}?` : '.'}${list ? ` Known ${list}` : ''}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function dropEmpty<T extends object>(object: T): T | undefined {
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? (Object.fromEntries(entries) as T) : undefined;
}
