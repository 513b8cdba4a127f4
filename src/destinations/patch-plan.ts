/*
 * The pure part of `destinations patch`: turning flags and an --input-json
 * document into an update mask and the value of each masked field, finding
 * every problem on the way. Nothing here reads a file or a prompt; secrets are
 * described by where they will come from until run() reads them.
 */
import { Secret } from '../config/secret.js';
import {
  canClear,
  closestMaskPath,
  DESTINATION_SECRET_KEYS,
  inSpecOrder,
  isCredentialHeader,
  isHeaderName,
  isMaskPath,
  isMetadataKey,
  isSecretKey,
  maskField,
  type MaskPath,
  METADATA_MASK_PATHS,
  metadataKind,
  valueProblem,
} from './fields.js';
import { UserError } from '../errors.js';
import { type Assignment, parseAssignment } from '../input/assignments.js';
import { closestName } from '../input/closest.js';

/** Where a secret's value comes from: a file (or `-`, stdin), a no-echo prompt, or the --input-json document. */
type SecretSource = { kind: 'file'; path: string } | { kind: 'prompt' } | { kind: 'given'; value: Secret };

/** What one source says about one mask path. `from` names that source in messages. */
type FieldChange =
  | { kind: 'value'; value: unknown; from: string }
  | { kind: 'secret'; source: SecretSource; from: string }
  | { kind: 'clear'; from: string };

/** What the flags, or the --input-json document, give: field changes and maybe an explicit mask. */
export interface PatchLayer {
  fields: Map<MaskPath, FieldChange>;
  mask?: { paths: MaskPath[]; from: string };
}

/** The patch to send: the mask, and for each masked path its change. */
export interface PatchPlan {
  mask: MaskPath[];
  fields: Map<MaskPath, FieldChange>;
}

export interface PatchFlags {
  name?: string;
  set?: string[];
  header?: string[];
  replaceHeaders?: boolean;
  secret?: string[];
  clear?: string[];
  updateMask?: string;
  inputJson?: string;
}

const secretFormsHint = (key: string): string =>
  `use --secret ${key}=@PATH (a file), --secret ${key}=- (stdin) or --secret ${key} (asked at a no-echo prompt)`;
const historyWarning = 'If the value you typed is real, it is now in your shell history: rotate it.';
const credentialHeaderProblem = (from: string, name: string): string =>
  `${from}: a header that carries a credential never comes from the command line. Give it, with every other header the destination should keep, in a file instead of --header and --set, and pass --input-json FILE (or - for stdin): {"destination": {"metadata": {"headers": {${JSON.stringify(name)}: "VALUE"}}}}. ${historyWarning}`;

// ---------------------------------------------------------------- flags

/**
 * The API sets a destination's headers as one object and has no way to read
 * the ones it has now, so --header cannot add one to them: it replaces them all,
 * which is said out loud with --replace-headers.
 */
const unconfirmedHeaders = (texts: string[]): string =>
  `--header: the headers given replace all of the destination's headers (the API cannot read its current ones to add to them). Give every header it should have, with --replace-headers to confirm: --replace-headers ${texts.map(headerFlag).join(' ')}`;

/** `--header X-A=1`, quoted for a shell when it needs to be. */
function headerFlag(text: string): string {
  return `--header ${/^[\w.,:=@%+\/-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`}`;
}

/** Reads the field flags; every problem is returned, none thrown. */
export function layerFromFlags(flags: PatchFlags): { layer: PatchLayer; problems: string[] } {
  const layer: PatchLayer = { fields: new Map() };
  const problems: string[] = [];
  if (flags.name !== undefined) readName(flags.name, layer, problems);
  for (const text of flags.set ?? []) readSet(text, layer, problems);
  if (flags.header?.length) {
    // Each header is checked first: a confirmation is asked for only of headers that can be sent.
    const headers = readHeaders(flags.header, problems);
    if (headers && !flags.replaceHeaders) problems.push(unconfirmedHeaders(flags.header));
    else if (headers) put(layer, 'metadata.headers', { kind: 'value', value: headers, from: '--header' }, problems);
  } else if (flags.replaceHeaders) {
    problems.push('--replace-headers: give the headers the destination should have, each with --header NAME=VALUE.');
  }
  for (const text of flags.secret ?? []) readSecretFlag(text, layer, problems);
  for (const text of flags.clear ?? []) readClear(text, layer, problems);
  if (flags.updateMask !== undefined) layer.mask = readMaskFlag(flags.updateMask, problems);
  problems.push(...stdinConflicts(flags.inputJson, layer));
  return { layer, problems };
}

function readName(name: string, layer: PatchLayer, problems: string[]): void {
  const problem = valueProblem('name', name);
  if (problem) problems.push(`--name: ${problem}.`);
  else put(layer, 'name', { kind: 'value', value: name, from: '--name' }, problems);
}

function readSet(text: string, layer: PatchLayer, problems: string[]): void {
  let assignment: Assignment;
  try {
    assignment = parseAssignment(text, '--set', { json: true });
  } catch (error) {
    problems.push(errorText(error));
    return;
  }
  const from = `--set ${assignment.key}`;
  const path = metadataPath(assignment.key, from, problems, assignment.kind === 'text' ? assignment.value : undefined);
  if (!path) return;
  const value = assignedValue(path, assignment, from, problems);
  if (value === undefined) return;
  const credential = path === 'metadata.headers' && isPlainObject(value) ? Object.keys(value).find(isCredentialHeader) : undefined;
  if (credential !== undefined) {
    problems.push(credentialHeaderProblem(`${from} (${credential})`, credential));
    return;
  }
  const problem = valueProblem(path, value);
  if (problem) problems.push(`${from}: ${problem}.`);
  else put(layer, path, { kind: 'value', value, from }, problems);
}

/** The metadata mask path a --set key names, or a problem that says what to do instead. */
function metadataPath(key: string, from: string, problems: string[], value?: string): MaskPath | undefined {
  const bare = key.replace(/^(metadata|secrets)\./, '');
  if (key === 'name') {
    problems.push(`${from}: to rename the destination use --name NAME.`);
  } else if (key.startsWith('secrets.') || isSecretKey(bare)) {
    problems.push(`${from}: secrets never come from the command line; ${secretFormsHint(isSecretKey(bare) ? bare : 'KEY')}. ${historyWarning}`);
  } else if (key.startsWith('metadata.headers.')) {
    const name = key.slice('metadata.headers.'.length);
    problems.push(
      isCredentialHeader(name)
        ? credentialHeaderProblem(from, name)
        : `${from}: headers are set with --header NAME=VALUE (repeatable), each header the destination should keep, and --replace-headers: --replace-headers ${headerFlag(`${name}=${value ?? 'VALUE'}`)}`,
    );
  } else if (key.startsWith('metadata.') && isMetadataKey(bare)) {
    return key as MaskPath;
  } else {
    const suggestion = closestMaskPath(key, METADATA_MASK_PATHS);
    const what = isMetadataKey(key) ? `metadata keys are written metadata.${key}` : 'not a metadata key';
    problems.push(`${from}: ${what}.${suggestion && !isMetadataKey(key) ? ` Did you mean ${suggestion}?` : ''}${suggestion ? '' : ' The keys are listed in --help.'}`);
  }
  return undefined;
}

function assignedValue(path: MaskPath, assignment: Assignment, from: string, problems: string[]): unknown {
  if (assignment.kind === 'json') return assignment.value;
  if (assignment.kind !== 'text') return undefined;
  const field = maskField(path);
  const kind = field.kind === 'metadata' ? metadataKind(field.key) : 'string';
  const text = assignment.value;
  if (kind === 'headers') {
    const header = /^([^=:\s]+)\s*[=:]\s*(.*)$/.exec(text);
    const flag = header && !isCredentialHeader(header[1]!) ? headerFlag(`${header[1]}=${header[2]}`) : '--header NAME=VALUE';
    problems.push(`${from}: headers take --replace-headers ${flag} (--header repeatable, every header the destination should keep), or --set metadata.headers:='{"NAME":"VALUE"}'.`);
    return undefined;
  }
  if (kind === 'integer') {
    if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
    problems.push(`${from}: must be a non-negative integer, such as 500; "${text}" is not.`);
    return undefined;
  }
  if (text === '') {
    problems.push(`${from}: the value is empty. To clear the field use --clear ${path}.`);
    return undefined;
  }
  return text;
}

/** All --header flags make up one value: the whole metadata.headers object; undefined when one is refused. */
function readHeaders(texts: string[], problems: string[]): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  const seen = new Map<string, string>();
  let valid = true;
  for (const text of texts) {
    const header = parseHeader(text);
    if (typeof header === 'string') {
      problems.push(header);
      valid = false;
      continue;
    }
    const earlier = seen.get(header.name.toLowerCase());
    if (earlier !== undefined) {
      problems.push(`--header ${header.name}: given twice${earlier === header.name ? '' : ` (as ${earlier} too; header names ignore case)`}.`);
      valid = false;
      continue;
    }
    seen.set(header.name.toLowerCase(), header.name);
    if (isCredentialHeader(header.name)) {
      problems.push(credentialHeaderProblem(`--header ${header.name}`, header.name));
      valid = false;
      continue;
    }
    headers[header.name] = header.value;
  }
  return valid ? headers : undefined;
}

/** NAME=VALUE or, as curl writes it, "NAME: VALUE". A problem comes back as a string. */
function parseHeader(text: string): { name: string; value: string } | string {
  const separators = [text.indexOf('='), text.indexOf(':')].filter((index) => index >= 0);
  if (separators.length === 0) return '--header: expected NAME=VALUE (or "NAME: VALUE").';
  const at = Math.min(...separators);
  const name = text.slice(0, at).trim();
  const value = text[at] === ':' ? text.slice(at + 1).trimStart() : text.slice(at + 1);
  if (!isHeaderName(name)) return `--header: "${name}" is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_\`|~).`;
  if (/[\r\n\u0000]/.test(value)) return `--header ${name}: the value must not contain line breaks.`;
  return { name, value };
}

function readSecretFlag(text: string, layer: PatchLayer, problems: string[]): void {
  const equals = text.indexOf('=');
  const typedKey = equals === -1 ? text : text.slice(0, equals);
  const key = typedKey.replace(/^secrets\./, '');
  if (!isSecretKey(key)) {
    problems.push(unknownSecretKey(key));
    return;
  }
  const from = `--secret ${key}`;
  const path: MaskPath = `secrets.${key}`;
  if (equals === -1) {
    put(layer, path, { kind: 'secret', source: { kind: 'prompt' }, from }, problems);
    return;
  }
  const rest = text.slice(equals + 1);
  if (rest === '-' || (rest.startsWith('@') && rest.length > 1)) {
    put(layer, path, { kind: 'secret', source: { kind: 'file', path: rest === '-' ? '-' : rest.slice(1) }, from }, problems);
  } else if (rest === '@') {
    problems.push(`${from}: give a file path after @, as in --secret ${key}=@./${key}.txt.`);
  } else {
    // The value is never repeated: it is a secret that should not have been typed here.
    problems.push(`${from}: secret values never come from the command line (shell history, process list); ${secretFormsHint(key)}. ${historyWarning}`);
  }
}

/**
 * An unknown --secret key is not repeated back: people sometimes type the
 * value where the key goes.
 */
function unknownSecretKey(key: string): string {
  const bare = key.replace(/^metadata\./, '');
  if (isMetadataKey(bare)) return `--secret ${bare}: ${bare} is metadata, not a secret; use --set metadata.${bare}=VALUE.`;
  const suggestion = closestName(key, DESTINATION_SECRET_KEYS);
  return `--secret: unknown secret key (not repeated here, in case it is a value).${suggestion ? ` Did you mean ${suggestion}?` : ''} Secret keys: ${DESTINATION_SECRET_KEYS.join(', ')}.`;
}

function readClear(text: string, layer: PatchLayer, problems: string[]): void {
  for (const typed of text.split(',').map((part) => part.trim())) {
    if (typed === '') {
      problems.push('--clear: empty path (check the commas).');
    } else if (!isMaskPath(typed)) {
      problems.push(unknownPath('--clear', typed));
    } else if (!canClear(typed)) {
      problems.push(`--clear ${typed}: a destination always has a name; give a new one with --name.`);
    } else {
      put(layer, typed, { kind: 'clear', from: `--clear ${typed}` }, problems);
    }
  }
}

function readMaskFlag(text: string, problems: string[]): PatchLayer['mask'] {
  const paths: MaskPath[] = [];
  for (const typed of text.split(',').map((part) => part.trim())) {
    if (typed === '') problems.push('--update-mask: empty path (check the commas).');
    else if (!isMaskPath(typed)) problems.push(unknownPath('--update-mask', typed));
    else if (paths.includes(typed)) problems.push(`--update-mask: ${typed} is given twice.`);
    else paths.push(typed);
  }
  return { paths, from: '--update-mask' };
}

function stdinConflicts(inputJson: string | undefined, layer: PatchLayer): string[] {
  const readers = inputJson === '-' ? ['--input-json -'] : [];
  for (const change of layer.fields.values()) {
    if (change.kind === 'secret' && change.source.kind === 'file' && change.source.path === '-') readers.push(`${change.from}=-`);
  }
  if (readers.length < 2) return [];
  return [`${readers.join(' and ')} ${readers.length === 2 ? 'both' : 'all'} read stdin, which can be read only once; read the others from files (KEY=@PATH).`];
}

// ---------------------------------------------------------------- --input-json

const documentKeys = ['updateMask', 'destination'];
const destinationKeys = ['name', 'metadata', 'secrets'];
const readOnlyKeys = ['id', 'type', 'createTime', 'updateTime'];

/**
 * Reads an --input-json document: the whole request body, {updateMask, destination}.
 * A null value clears the field, as --clear does.
 */
export function layerFromDocument(document: unknown, flag = '--input-json'): { layer: PatchLayer; problems: string[] } {
  const layer: PatchLayer = { fields: new Map() };
  const problems: string[] = [];
  if (!isPlainObject(document)) {
    problems.push(`${flag}: must be a JSON object: {"updateMask": [...], "destination": {...}}.`);
    return { layer, problems };
  }
  for (const key of Object.keys(document)) {
    if (!documentKeys.includes(key)) problems.push(unknownKey(flag, key, documentKeys));
  }
  if (document.updateMask !== undefined) layer.mask = readDocumentMask(document.updateMask, flag, problems);
  const destination = document.destination;
  if (destination === undefined || destination === null) return { layer, problems };
  if (!isPlainObject(destination)) {
    problems.push(`${flag} destination: must be an object with name, metadata and/or secrets.`);
    return { layer, problems };
  }
  for (const [key, value] of Object.entries(destination)) {
    if (key === 'name') readDocumentField('name', value, flag, layer, problems);
    else if (key === 'metadata' || key === 'secrets') readDocumentGroup(key, value, flag, layer, problems);
    else if (readOnlyKeys.includes(key)) problems.push(`${flag} destination.${key}: cannot be changed by a patch; leave it out.`);
    else problems.push(unknownKey(`${flag} destination`, key, destinationKeys));
  }
  return { layer, problems };
}

function readDocumentMask(value: unknown, flag: string, problems: string[]): PatchLayer['mask'] {
  const from = `updateMask of ${flag}`;
  if (!Array.isArray(value)) {
    problems.push(`${flag} updateMask: must be an array of field paths, such as ["name", "metadata.url"].`);
    return undefined;
  }
  const paths: MaskPath[] = [];
  value.forEach((typed: unknown, index) => {
    if (typeof typed !== 'string') problems.push(`${flag} updateMask[${index}]: must be a string.`);
    else if (!isMaskPath(typed)) problems.push(unknownPath(`${flag} updateMask[${index}]`, typed));
    else if (paths.includes(typed)) problems.push(`${flag} updateMask: ${typed} is given twice.`);
    else paths.push(typed);
  });
  return { paths, from };
}

function readDocumentGroup(group: 'metadata' | 'secrets', value: unknown, flag: string, layer: PatchLayer, problems: string[]): void {
  if (!isPlainObject(value)) {
    problems.push(`${flag} destination.${group}: must be an object.`);
    return;
  }
  for (const [key, field] of Object.entries(value)) {
    const path = `${group}.${key}`;
    if (isMaskPath(path)) readDocumentField(path, field, flag, layer, problems);
    else problems.push(unknownPath(`${flag} destination.${group}`, path));
  }
}

function readDocumentField(path: MaskPath, value: unknown, flag: string, layer: PatchLayer, problems: string[]): void {
  const where = `${flag} destination.${path}`;
  if (value === null) {
    if (canClear(path)) put(layer, path, { kind: 'clear', from: where }, problems);
    else problems.push(`${where}: a destination always has a name; it cannot be null.`);
    return;
  }
  const problem = valueProblem(path, value);
  if (problem) problems.push(`${where}: ${problem}.`);
  else if (maskField(path).kind === 'secret') put(layer, path, { kind: 'secret', source: { kind: 'given', value: new Secret(value as string) }, from: where }, problems);
  else put(layer, path, { kind: 'value', value, from: where }, problems);
}

// ---------------------------------------------------------------- merging and checking

/**
 * Combines the document (if any) and the flags. The unit is the mask path: a
 * flag replaces whatever the document says about the same path. The mask is
 * --update-mask if given; else the document's updateMask plus the paths the
 * flags give; else the paths given. Then every given path must be in the mask
 * and every masked path must have a value or be cleared.
 */
export function mergeLayers(flags: PatchLayer, document?: PatchLayer): { plan: PatchPlan; problems: string[] } {
  const fields = new Map(document?.fields ?? []);
  for (const [path, change] of flags.fields) fields.set(path, change);
  const explicit = flags.mask ?? document?.mask;
  const mask = flags.mask
    ? flags.mask.paths
    : document?.mask
      ? [...document.mask.paths, ...inSpecOrder([...flags.fields.keys()].filter((path) => !document.mask!.paths.includes(path)))]
      : inSpecOrder(fields.keys());
  const problems: string[] = [];
  if (explicit) {
    for (const [path, change] of fields) {
      if (!mask.includes(path)) problems.push(`${change.from}: ${path} is not in the ${explicit.from}; add it there, or leave it out.`);
    }
    for (const path of mask) {
      if (!fields.has(path)) problems.push(`${explicit.from}: ${path} has no value; give one with ${valueFlag(path)}, or clear it with --clear ${path}.`);
    }
  }
  if (mask.length === 0 && problems.length === 0) {
    problems.push('Nothing to change: give at least one of --name, --set, --header, --secret, --clear or --input-json.');
  }
  return { plan: { mask, fields: new Map(mask.filter((path) => fields.has(path)).map((path) => [path, fields.get(path)!])) }, problems };
}

function valueFlag(path: MaskPath): string {
  const field = maskField(path);
  if (field.kind === 'name') return '--name';
  if (field.kind === 'secret') return `--secret ${field.key}=@PATH`;
  return field.key === 'headers' ? '--header NAME=VALUE' : `--set ${path}=VALUE`;
}

/** The secret paths the plan sets, and those it clears. */
export function secretChanges(plan: PatchPlan): { set: string[]; cleared: string[] } {
  const set: string[] = [];
  const cleared: string[] = [];
  for (const [path, change] of plan.fields) {
    const field = maskField(path);
    if (field.kind !== 'secret') continue;
    (change.kind === 'clear' ? cleared : set).push(field.key);
  }
  return { set, cleared };
}

/** The request body: cleared paths are in the mask and absent from the destination (spec 4.4). */
export function requestBody(plan: PatchPlan, secrets: ReadonlyMap<MaskPath, Secret>): { updateMask: MaskPath[]; destination: Record<string, unknown> } {
  let name: unknown;
  const metadata: Record<string, unknown> = {};
  const secretValues: Record<string, Secret> = {};
  for (const [path, change] of plan.fields) {
    if (change.kind === 'clear') continue;
    const field = maskField(path);
    if (field.kind === 'secret') secretValues[field.key] = secretValue(path, change, secrets);
    else if (change.kind !== 'value') continue;
    else if (field.kind === 'name') name = change.value;
    else metadata[field.key] = field.key === 'headers' ? withSecretHeaders(change.value) : change.value;
  }
  const destination: Record<string, unknown> = {};
  if (name !== undefined) destination.name = name;
  if (Object.keys(metadata).length > 0) destination.metadata = metadata;
  if (Object.keys(secretValues).length > 0) destination.secrets = secretValues;
  return { updateMask: plan.mask, destination };
}

/** Headers with each credential header's value wrapped, so that it shows redacted and is scrubbed from answers. */
function withSecretHeaders(headers: unknown): unknown {
  if (!isPlainObject(headers)) return headers;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isCredentialHeader(name) && typeof value === 'string' ? new Secret(value) : value]));
}

function secretValue(path: MaskPath, change: FieldChange, secrets: ReadonlyMap<MaskPath, Secret>): Secret {
  if (change.kind === 'secret' && change.source.kind === 'given') return change.source.value;
  const value = secrets.get(path);
  if (!value) throw new Error(`The value of ${path} was not read before building the request.`);
  return value;
}

// ---------------------------------------------------------------- helpers

/** Adds a change; the same path twice from the same source is a problem, never a silent overwrite. */
function put(layer: PatchLayer, path: MaskPath, change: FieldChange, problems: string[]): void {
  const earlier = layer.fields.get(path);
  if (!earlier) {
    layer.fields.set(path, change);
  } else if (earlier.kind === 'clear' || change.kind === 'clear') {
    problems.push(`${change.from}: ${path} is both given a value and cleared (by ${earlier.from}); do one or the other.`);
  } else {
    problems.push(`${change.from}: ${path} is already given by ${earlier.from}; give each field once.`);
  }
}

function unknownPath(where: string, typed: string): string {
  const suggestion = closestMaskPath(typed);
  return `${where}: "${typed}" is not a field that can be updated.${suggestion ? ` Did you mean ${suggestion}?` : ' The fields are listed in --help.'}`;
}

function unknownKey(where: string, key: string, known: string[]): string {
  const suggestion = closestName(key, known);
  return `${where}: unknown key "${key}".${suggestion ? ` Did you mean ${suggestion}?` : ` Expected: ${known.join(', ')}.`}`;
}

function errorText(error: unknown): string {
  if (!(error instanceof UserError)) throw error;
  return error.hint ? `${error.message} ${error.hint}` : error.message;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
