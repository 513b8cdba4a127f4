/**
 * One connections:generate request body (spec 4.3), built from a plain object
 * and checked against the provider it is for. Pure: the CLI runs it on what
 * flags, files and prompts gave, and a bulk import on each row. The sandbox
 * checks the bodies it receives with rules of its own (src/sandbox/connection-body.ts). Secret fields come out as Secret
 * instances, and no problem ever quotes a secret.
 */
import { Secret } from '../config/secret.js';
import { closestName } from '../input/closest.js';
import {
  connectionRequirements,
  credentialShape,
  type CredentialShape,
  type ProviderDescription,
  type Requirement,
  workspaceMetadataName,
} from '../providers/requirements.js';

interface OAuth2TokenInput {
  token: Secret;
  issuedAt?: string;
  expiresAt?: string;
}

/** The request body. `basicAuth` and the tokens under oauth2AuthorizationCode carry imported credentials. */
export interface ConnectionRequestBody {
  provider?: string;
  groupRef?: string;
  groupName?: string;
  consumerRef?: string;
  consumerName?: string;
  providerWorkspaceRef?: string;
  providerMetadata?: Record<string, ProviderMetadataEntry>;
  apiKey?: Secret;
  basicAuth?: { username?: string; password?: Secret };
  customAuth?: Record<string, unknown>;
  oauth2AuthorizationCode?: { scopes?: string[]; refreshToken?: OAuth2TokenInput; accessToken?: OAuth2TokenInput };
}

/**
 * A providerMetadata value as the service's published contract has it: the
 * value and where it came from. ipctl sends what a person gave it, so its
 * source is always `input`; `token` and `provider` name values the service
 * fills in itself (from the provider's token answer, from an input's default).
 */
interface ProviderMetadataEntry {
  value: string;
  source: 'input';
  displayName?: string;
}

/** The keys a providerMetadata value may have when a file gives it as an object. */
const metadataEntryKeys = ['value', 'source', 'displayName'] as const;

type ConnectionProblemCode = 'missing' | 'invalid' | 'not-applicable' | 'unknown-field';

export interface ConnectionProblem {
  /** Body path, such as `apiKey` or `customAuth.role`. */
  field: string;
  code: ConnectionProblemCode;
  /** One sentence, naming the field and what is wrong; never a secret value. */
  detail: string;
  /** The offending value, given only when it is not a secret. */
  value?: unknown;
}

export interface BuiltConnectionRequest {
  body: ConnectionRequestBody;
  problems: ConnectionProblem[];
}

/** Top-level fields of the body, in the order they are sent. */
export const bodyFields = [
  'provider',
  'groupRef',
  'groupName',
  'consumerRef',
  'consumerName',
  'providerWorkspaceRef',
  'providerMetadata',
  'apiKey',
  'basicAuth',
  'customAuth',
  'oauth2AuthorizationCode',
] as const;

/** Needed whatever the provider: a connection belongs to a provider, a group and a consumer. */
const commonRequiredFields = ['provider', 'groupRef', 'consumerRef'] as const;

const maxTextLength = 256;

/**
 * Builds the body from `input` (a plain object shaped like the body; values may
 * already be Secret) and checks it against `provider`. Empty strings, arrays
 * and objects count as not given, so a filled-in --skeleton can leave blanks.
 * Without a provider only the provider-independent checks run.
 */
export function buildConnectionRequest(input: Record<string, unknown>, provider?: ProviderDescription): BuiltConnectionRequest {
  const reader = new BodyReader(pruneEmpty(input) ?? {});
  const body = reader.read(provider);
  if (provider) checkAgainstProvider(body, provider, reader);
  return { body, problems: reader.problems };
}

/** The secret fields of a body for `provider`, by body path (custom inputs marked fieldTypePassword included). */
export function secretFields(provider?: ProviderDescription): Set<string> {
  const fields = new Set(['apiKey', 'basicAuth.password', 'oauth2AuthorizationCode.refreshToken', 'oauth2AuthorizationCode.accessToken']);
  for (const requirement of provider ? connectionRequirements(provider) : []) if (requirement.kind === 'secret') fields.add(requirement.field);
  return fields;
}

/** The value at a body path such as `customAuth.role` (the key after the first dot may itself hold dots). */
export function valueAt(body: object, field: string): unknown {
  const dot = field.indexOf('.');
  const record = body as Record<string, unknown>;
  if (dot === -1) return record[field];
  const parent = record[field.slice(0, dot)];
  return isRecord(parent) ? parent[field.slice(dot + 1)] : undefined;
}

/** Sets the value at a body path, creating the parent object. */
export function setValueAt(body: Record<string, unknown>, field: string, value: unknown): void {
  const dot = field.indexOf('.');
  if (dot === -1) {
    body[field] = value;
    return;
  }
  const parentKey = field.slice(0, dot);
  const parent = isRecord(body[parentKey]) ? (body[parentKey] as Record<string, unknown>) : {};
  parent[field.slice(dot + 1)] = value;
  body[parentKey] = parent;
}

/** Reads the untrusted input field by field, recording a problem for each value of the wrong shape. */
class BodyReader {
  readonly problems: ConnectionProblem[] = [];
  readonly #input: Record<string, unknown>;

  constructor(input: Record<string, unknown>) {
    this.#input = input;
  }

  read(provider: ProviderDescription | undefined): ConnectionRequestBody {
    this.#unknownKeys(this.#input, '', bodyFields);
    const body: ConnectionRequestBody = {
      provider: this.#text('provider'),
      groupRef: this.#text('groupRef'),
      groupName: this.#text('groupName'),
      consumerRef: this.#text('consumerRef'),
      consumerName: this.#text('consumerName'),
      providerWorkspaceRef: this.#text('providerWorkspaceRef', /[\s/]/, 'must not contain white space or "/"'),
      providerMetadata: this.#metadata(),
      apiKey: this.#secret(this.#input.apiKey, 'apiKey'),
      basicAuth: this.#basicAuth(),
      customAuth: this.#customAuth(provider),
      oauth2AuthorizationCode: this.#oauth2(),
    };
    for (const field of commonRequiredFields) {
      if (body[field] === undefined && this.#input[field] === undefined) this.problem(field, 'missing', `${field} is required.`);
    }
    mirrorWorkspace(body, this, provider);
    return dropUndefined(body);
  }

  problem(field: string, code: ConnectionProblemCode, detail: string, value?: unknown): void {
    this.problems.push(value === undefined ? { field, code, detail } : { field, code, detail, value });
  }

  #text(field: string, forbidden?: RegExp, rule?: string, value: unknown = valueAt(this.#input, field)): string | undefined {
    if (value === undefined) return undefined;
    const text = value instanceof Secret ? value.reveal() : value;
    if (typeof text !== 'string') {
      this.problem(field, 'invalid', `${field} must be a string, not ${describeType(text)}.`);
      return undefined;
    }
    if (text.length > maxTextLength) this.problem(field, 'invalid', `${field} is longer than ${maxTextLength} characters.`);
    else if (/[\u0000-\u001f\u007f]/.test(text)) this.problem(field, 'invalid', `${field} must not contain control characters.`, text);
    else if (forbidden?.test(text)) this.problem(field, 'invalid', `${field} ${rule}.`, text);
    else return text;
    return undefined;
  }

  #secret(value: unknown, field: string): Secret | undefined {
    if (value === undefined) return undefined;
    if (value instanceof Secret) return value;
    if (typeof value === 'string') return new Secret(value);
    this.problem(field, 'invalid', `${field} must be a string, not ${describeType(value)}.`);
    return undefined;
  }

  #object(field: string): Record<string, unknown> | undefined {
    const value = this.#input[field];
    if (value === undefined) return undefined;
    if (isRecord(value)) return value;
    this.problem(field, 'invalid', `${field} must be an object, not ${describeType(value)}.`);
    return undefined;
  }

  #metadata(): Record<string, ProviderMetadataEntry> | undefined {
    const source = this.#object('providerMetadata');
    if (!source) return undefined;
    const metadata: Record<string, ProviderMetadataEntry> = {};
    for (const [key, given] of Object.entries(source)) {
      const entry = this.#metadataEntry(`providerMetadata.${key}`, given);
      if (entry !== undefined) keep(metadata, key, entry);
    }
    return metadata;
  }

  /** A bare string, or the contract's object {value, source?, displayName?}; either is sent as the object. */
  #metadataEntry(field: string, given: unknown): ProviderMetadataEntry | undefined {
    if (!isRecord(given)) {
      if (typeof given !== 'string' && !(given instanceof Secret)) {
        this.problem(field, 'invalid', `${field} must be a string, or an object {value, source?, displayName?}, not ${describeType(given)}.`);
        return undefined;
      }
      const value = this.#text(field, undefined, undefined, given);
      return value === undefined ? undefined : { value, source: 'input' };
    }
    this.#unknownKeys(given, `${field}.`, metadataEntryKeys);
    if (given.source !== undefined && given.source !== 'input') {
      this.problem(`${field}.source`, 'invalid', `${field}.source must be "input" or left out: ipctl sends values you give it; "token" and "provider" name values the service fills in itself.`, given.source);
    }
    const value = this.#text(`${field}.value`, undefined, undefined, given.value);
    const displayName = this.#text(`${field}.displayName`, undefined, undefined, given.displayName);
    if (given.value === undefined) this.problem(`${field}.value`, 'missing', `${field}.value is required when ${field} is an object.`);
    if (value === undefined) return undefined;
    return displayName === undefined ? { value, source: 'input' } : { value, source: 'input', displayName };
  }

  #basicAuth(): ConnectionRequestBody['basicAuth'] {
    const source = this.#object('basicAuth');
    if (!source) return undefined;
    this.#unknownKeys(source, 'basicAuth.', ['username', 'password']);
    return dropUndefined({ username: this.#text('basicAuth.username', undefined, undefined, source.username), password: this.#secret(source.password, 'basicAuth.password') });
  }

  #customAuth(provider: ProviderDescription | undefined): Record<string, unknown> | undefined {
    const source = this.#object('customAuth');
    if (!source) return undefined;
    const secrets = secretFields(provider);
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(source)) {
      // Most values are strings; structured values (a key object, a scopes array) are allowed too (spec 4.3).
      keep(values, key, secrets.has(`customAuth.${key}`) ? wrapSecretLeaves(value) : revealLeaves(value));
    }
    return values;
  }

  #oauth2(): ConnectionRequestBody['oauth2AuthorizationCode'] {
    const source = this.#object('oauth2AuthorizationCode');
    if (!source) return undefined;
    this.#unknownKeys(source, 'oauth2AuthorizationCode.', ['scopes', 'refreshToken', 'accessToken']);
    return dropUndefined({
      scopes: this.#scopes(source.scopes),
      refreshToken: this.#token(source.refreshToken, 'oauth2AuthorizationCode.refreshToken'),
      accessToken: this.#token(source.accessToken, 'oauth2AuthorizationCode.accessToken'),
    });
  }

  #scopes(value: unknown): string[] | undefined {
    const field = 'oauth2AuthorizationCode.scopes';
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((scope) => typeof scope === 'string')) {
      this.problem(field, 'invalid', `${field} must be an array of strings.`);
      return undefined;
    }
    const bad = value.find((scope) => /[\s,]/.test(scope) || scope === '');
    if (bad !== undefined) {
      this.problem(field, 'invalid', `${field}: scope ${value.indexOf(bad) + 1} contains white space or a comma, or is empty; give one scope per item.`, bad);
      return undefined;
    }
    return value;
  }

  #token(value: unknown, field: string): OAuth2TokenInput | undefined {
    if (value === undefined) return undefined;
    if (!isRecord(value)) {
      this.problem(field, 'invalid', `${field} must be an object {token, issuedAt?, expiresAt?}, not ${describeType(value)}.`);
      return undefined;
    }
    this.#unknownKeys(value, `${field}.`, ['token', 'issuedAt', 'expiresAt']);
    const token = this.#secret(value.token, `${field}.token`);
    if (token === undefined) {
      if (value.token === undefined) this.problem(`${field}.token`, 'missing', `${field}.token is required when ${field} is given.`);
      return undefined;
    }
    return dropUndefined({ token, issuedAt: this.#time(value.issuedAt, `${field}.issuedAt`), expiresAt: this.#time(value.expiresAt, `${field}.expiresAt`) });
  }

  #time(value: unknown, field: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) && !Number.isNaN(Date.parse(value))) return value;
    this.problem(field, 'invalid', `${field} must be an RFC 3339 date-time such as 2025-01-31T12:00:00Z.`, value);
    return undefined;
  }

  #unknownKeys(object: Record<string, unknown>, prefix: string, known: readonly string[]): void {
    for (const key of Object.keys(object)) {
      if (known.includes(key)) continue;
      const suggestion = closestName(key, known);
      this.problem(`${prefix}${key}`, 'unknown-field', `${prefix}${key} is not a field of this request${suggestion ? `; did you mean ${prefix}${suggestion}?` : '.'}`);
    }
  }
}

/**
 * A metadata input named "workspace" is the provider workspace: whichever of
 * providerWorkspaceRef and providerMetadata.workspace is given fills the other.
 */
function mirrorWorkspace(body: ConnectionRequestBody, reader: BodyReader, provider: ProviderDescription | undefined): void {
  const hasInput = provider?.metadata?.input?.some((input) => input.name === workspaceMetadataName) ?? false;
  if (!hasInput) return;
  const fromMetadata = body.providerMetadata?.[workspaceMetadataName]?.value;
  if (body.providerWorkspaceRef === undefined && fromMetadata !== undefined) body.providerWorkspaceRef = fromMetadata;
  else if (body.providerWorkspaceRef !== undefined && fromMetadata === undefined) {
    body.providerMetadata = { ...body.providerMetadata, [workspaceMetadataName]: { value: body.providerWorkspaceRef, source: 'input' } };
  }
  else if (body.providerWorkspaceRef !== fromMetadata) {
    reader.problem('providerWorkspaceRef', 'invalid', `providerWorkspaceRef and providerMetadata.${workspaceMetadataName} differ; they are the same value for ${provider?.name ?? 'this provider'} and must not differ.`);
  }
}

function checkAgainstProvider(body: ConnectionRequestBody, provider: ProviderDescription, reader: BodyReader): void {
  const name = provider.name ?? body.provider ?? 'the provider';
  const shape = credentialShape(provider);
  for (const requirement of connectionRequirements(provider)) checkRequirement(body, requirement, provider, reader);
  checkApplicable(body, shape, name, provider, reader);
  if (shape === 'customAuth' && body.customAuth) {
    const inputs = (provider.customOpts?.inputs ?? []).map((input) => input.name);
    unknownProviderKeys(body.customAuth, 'customAuth', inputs, `The custom inputs of ${name}`, reader);
  }
  if (body.providerMetadata) {
    const names = [...(provider.metadata?.input ?? []).map((input) => input.name), ...(provider.metadata?.postAuthentication ?? []).flatMap((entry) => (typeof entry.name === 'string' ? [entry.name] : []))];
    unknownProviderKeys(body.providerMetadata, 'providerMetadata', [...new Set(names)], `The metadata inputs of ${name}`, reader);
  }
}

function checkRequirement(body: ConnectionRequestBody, requirement: Requirement, provider: ProviderDescription, reader: BodyReader): void {
  const { field } = requirement;
  const value = valueAt(body, field);
  if (value === undefined) {
    // A value of the wrong shape was reported already; do not call it missing too.
    if (requirement.required && !reader.problems.some((problem) => problem.field === field || problem.field.startsWith(`${field}.`))) {
      reader.problem(field, 'missing', `${field} is required: ${requirementReason(requirement, provider)}.`);
    }
    return;
  }
  if (requirement.kind === 'select' && requirement.options) {
    const allowed = requirement.options.map((option) => option.value);
    if (typeof value !== 'string' || !allowed.includes(value)) {
      reader.problem(field, 'invalid', `${field} must be one of ${allowed.join(', ')}.`, value);
    }
  }
}

function requirementReason(requirement: Requirement, provider: ProviderDescription): string {
  const name = provider.name ?? 'the provider';
  const label = requirement.label;
  if (requirement.section === 'workspace') {
    return provider.oauth2Opts?.explicitWorkspaceRequired ? `${name} requires a workspace` : `${name} needs its workspace${requirement.prompt ? ` (${requirement.prompt})` : ''}`;
  }
  if (requirement.section === 'metadata') return `${name} needs the metadata input "${label}"`;
  switch (requirement.field) {
    case 'apiKey':
      return provider.authType === 'basic' ? `${name} takes an API key as its Basic credentials` : `${name} uses API-key auth`;
    case 'basicAuth.username':
    case 'basicAuth.password':
      return `${name} uses Basic auth with a username and password`;
    case 'oauth2AuthorizationCode.refreshToken':
      return `${name} uses OAuth 2.0, and this request imports an existing refresh token`;
    case 'oauth2AuthorizationCode.scopes':
      return `${name} requires explicit scopes`;
    default:
      return `${name} (${provider.authType} auth) needs "${label}"`;
  }
}

const shapeFields: Array<[CredentialShape, keyof ConnectionRequestBody]> = [
  ['apiKey', 'apiKey'],
  ['basicAuth', 'basicAuth'],
  ['customAuth', 'customAuth'],
  ['oauth2AuthorizationCode', 'oauth2AuthorizationCode'],
];

/** A credential of another kind than the provider's is a mistake worth stopping for. */
function checkApplicable(body: ConnectionRequestBody, shape: CredentialShape, name: string, provider: ProviderDescription, reader: BodyReader): void {
  if (shape === 'unknown') return;
  for (const [fieldShape, field] of shapeFields) {
    if (fieldShape === shape || body[field] === undefined) continue;
    reader.problem(field, 'not-applicable', `${field} does not apply: ${name} uses ${describeAuth(provider)}.`);
  }
}

function describeAuth(provider: ProviderDescription): string {
  switch (credentialShape(provider)) {
    case 'none':
      return 'no credential';
    case 'apiKey':
      return provider.authType === 'basic' ? 'an API key as Basic credentials (apiKey)' : 'API-key auth (apiKey)';
    case 'basicAuth':
      return 'Basic auth with a username and password (basicAuth)';
    case 'customAuth':
      return `${provider.authType} auth with custom inputs (customAuth)`;
    case 'oauth2AuthorizationCode':
      return 'OAuth 2.0 (oauth2AuthorizationCode)';
    default:
      return `${provider.authType} auth`;
  }
}

function unknownProviderKeys(values: Record<string, unknown>, parent: string, known: string[], what: string, reader: BodyReader): void {
  for (const key of Object.keys(values)) {
    if (known.includes(key)) continue;
    const suggestion = closestName(key, known);
    const list = known.length > 0 ? `${what}: ${known.join(', ')}` : `${what}: none`;
    reader.problem(`${parent}.${key}`, 'unknown-field', `${parent}.${key} is not known${suggestion ? `; did you mean ${suggestion}?` : '.'} ${list}.`);
  }
}

/** Removes "", null, empty arrays and empty objects, recursively; a Secret is kept unless empty. */
export function pruneEmpty(value: unknown): Record<string, unknown> | undefined {
  const pruned = prune(value);
  return isRecord(pruned) ? pruned : undefined;
}

function prune(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  if (value instanceof Secret) return value.reveal() === '' ? undefined : value;
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isRecord(value)) {
    // A loop, not entries/map/filter: each row of a bulk import comes through here several times.
    const kept: Record<string, unknown> = {};
    let any = false;
    for (const key of Object.keys(value)) {
      const item = prune(value[key]);
      if (item === undefined) continue;
      keep(kept, key, item);
      any = true;
    }
    return any ? kept : undefined;
  }
  return value;
}

/** Sets an own key: "__proto__" from a file stays a key, as JSON.parse made it, and never becomes the prototype. */
export function keep(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** A structured secret (a key object, say) keeps its shape; each string in it becomes a Secret. */
function wrapSecretLeaves(value: unknown): unknown {
  if (value instanceof Secret) return value;
  if (typeof value === 'string') return new Secret(value);
  if (Array.isArray(value)) return value.map(wrapSecretLeaves);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wrapSecretLeaves(item)]));
  return value;
}

/** A value that is not secret is sent and shown as it is, even when it was read from a file. */
function revealLeaves(value: unknown): unknown {
  if (value instanceof Secret) return value.reveal();
  if (Array.isArray(value)) return value.map(revealLeaves);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revealLeaves(item)]));
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Secret);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The body's own fields (a fixed set of names) that have a value. */
function dropUndefined<T extends object>(object: T): T {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    const value = (object as Record<string, unknown>)[key];
    if (value !== undefined) kept[key] = value;
  }
  return kept as T;
}
