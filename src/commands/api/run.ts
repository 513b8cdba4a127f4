import type { ApiResponse } from '../../api/client.js';
import type { AuthRequirement } from '../../api/operations.js';
import { mayRetry, type RetryMode } from '../../api/retry.js';
import { type HttpMethod, searchRequestHeaders } from '../../api/routes.js';
import { Secret } from '../../config/secret.js';
import type { Context } from '../../context.js';
import { ApiError, usageError } from '../../errors.js';
import { InputSources } from '../../input/sources.js';
import { dryRunOutcome } from '../../output/dry-run.js';
import type { Outcome } from '../../output/view.js';
import { answerOutcome, headLines, maxDepth, nestingDepth } from '../../request/answer.js';
import { append, type BodyValue, buildBody, type Field, isSecretField, type KeyStep, parseField, queryParameters, type Scalar } from '../../request/fields.js';
import { parseHeader } from '../../request/headers.js';
import { defaultAuth, resolveTarget } from '../../request/target.js';
import { chosenProfile } from '../../config/suggest.js';
import type { ApiInput } from './input.js';

/*
 * `ipctl api` when it runs: PATH made a URL on the service, the fields and
 * files read, the request sent through the one client (its retries, its
 * problem details, its redacted trace), the answer printed as it came.
 */

const helpHint = 'See: ipctl api --help';
const authOf = { key: 'apiKey', token: 'bearer', none: 'none' } as const satisfies Record<string, AuthRequirement>;
/** The longest URL sent: most servers refuse a request line longer than 8 KiB. */
const maxUrlLength = 8192;
const idempotent: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** What is wrong with the flags, each problem naming its flag; none when all is well. Reads nothing. */
export function checkRequest(input: ApiInput): string[] {
  const { fields, problems } = parseFields(input);
  const inQuery = fieldsInQuery(input);
  for (const field of fields) {
    const problem = secretProblem(field, input);
    if (problem) problems.push(problem);
  }
  if (!inQuery && problems.length === 0) problems.push(...buildBody(fields.map((field) => ({ field, value: '' }))).problems);
  for (const text of input.header ?? []) {
    const header = parseHeader(text);
    if ('problem' in header) problems.push(header.problem);
  }
  return problems;
}

export async function sendRequest(input: ApiInput, context: Context): Promise<Outcome | number | void> {
  const settings = await context.settings();
  const target = resolveTarget(input.path, input.search === true, {
    baseUrl: settings.baseUrl.value,
    searchUrl: settings.searchUrl.value,
    org: settings.org.value,
    project: settings.project.value,
    profile: chosenProfile(settings.profile),
  });
  if ('problem' in target) throw usageError([target.problem], helpHint);
  const method = methodOf(input);
  const sources = new InputSources(context.deps);
  const data = await fieldsInto(target.url, input, sources);
  const text = input.input === undefined ? undefined : await sources.readText(input.input, '--input');
  const auth = input.auth ? authOf[input.auth] : defaultAuth(target, { baseUrl: settings.baseUrl.value, searchUrl: settings.searchUrl.value });
  const api = await context.api(settings);
  const prepared = api.prepareRequest({ method, url: target.url, auth, headers: headersOf(input, target.base === 'search'), data, text });
  // A body from --input is shown parsed, its secrets redacted; it is sent as it is.
  const shown = text === undefined ? prepared : { ...prepared, data: bodyAsShown(text, input.input!, context) };
  if (input.dryRun) return dryRunOutcome(shown);
  const mode = retryMode(method, input.retryUnsafe === true);
  let response: ApiResponse;
  try {
    response = await api.send(prepared, mode);
  } catch (error) {
    if (wasRetryableButUnsafe(error, mode, api.retries)) error.notes.push(unsafeRetryNote(method));
    // As gh api -i: the status line and headers of an error answer too; its details go to stderr.
    if (input.include && error instanceof ApiError && error.head) context.deps.stdout.write(headLines({ status: error.status, ...error.head }));
    throw error;
  }
  const head = input.include ? headLines(response) : undefined;
  if (input.silent || response.body === '') {
    if (head) context.deps.stdout.write(head);
    return;
  }
  return answerWithHead(response, prepared, context, head);
}

/**
 * The answer with its head (--include), which goes out with the body so that a pager shows both.
 * A body that cannot be shown is an error, printed directly: its head is printed first, as an error answer's is.
 */
function answerWithHead(response: ApiResponse, prepared: { method: string; url: URL }, context: Context, head: string | undefined): Outcome {
  try {
    return { ...answerOutcome(response, prepared, context), ...(head ? { head } : {}) };
  } catch (error) {
    if (head) context.deps.stdout.write(head);
    throw error;
  }
}

/**
 * Reads the fields' values and puts them where they go: in the URL's query
 * (which must stay short enough to send), or in the JSON body returned.
 */
async function fieldsInto(url: URL, input: ApiInput, sources: InputSources): Promise<Record<string, unknown> | undefined> {
  const values = await readFields(parseFields(input).fields, sources);
  let body: Record<string, unknown> | undefined;
  if (fieldsInQuery(input)) {
    for (const [name, value] of queryParameters(values as Array<{ field: Field; value: Scalar }>)) url.searchParams.append(name, value);
  } else if (values.length > 0) {
    const built = buildBody(values);
    if (built.problems.length > 0) throw usageError(built.problems, helpHint);
    body = built.body;
  }
  if (url.href.length > maxUrlLength) {
    throw usageError([`PATH: the URL would be ${url.href.length} characters long, and servers refuse more than ${maxUrlLength}; send long values in a body (-X POST, or --input)`], helpHint);
  }
  return body;
}

function parseFields(input: ApiInput): { fields: Field[]; problems: string[] } {
  const fields: Field[] = [];
  const problems: string[] = [];
  const given = [...(input.rawField ?? []).map((text) => [text, '-f'] as const), ...(input.field ?? []).map((text) => [text, '-F'] as const)];
  for (const [text, flag] of given) {
    const field = parseField(text, flag);
    if ('problem' in field) problems.push(field.problem);
    else fields.push(field);
  }
  return { fields, problems };
}

function methodOf(input: ApiInput): HttpMethod {
  if (input.method) return input.method;
  const hasFields = (input.rawField?.length ?? 0) + (input.field?.length ?? 0) > 0;
  return hasFields || input.input !== undefined ? 'POST' : 'GET';
}

/** For a GET or HEAD, and beside a body given with --input, the fields are query parameters. */
function fieldsInQuery(input: ApiInput): boolean {
  const method = methodOf(input);
  return method === 'GET' || method === 'HEAD' || input.input !== undefined;
}

/**
 * A secret is read from a file or stdin, never taken from argv, and never put
 * in a URL, where traces and server logs keep it. Never quotes the value.
 */
function secretProblem(field: Field, input: ApiInput): string | undefined {
  if (!isSecretField(field.steps)) return undefined;
  if (input.input !== undefined) return secretBesideInput(field, input.input);
  if (fieldsInQuery(input)) return `${field.flag} ${field.key}: names a secret, and would put it in the URL as a query parameter; send it in a body (-X POST or -X PATCH) read with -F '${field.key}=@PATH'`;
  if (field.source.kind === 'file' || field.source.value === null) return undefined;
  return `${field.flag} ${field.key}: the value looks like a secret given on the command line; ipctl takes secrets only from a file or stdin. The value is not shown here. Give -F '${field.key}=@PATH' to read it from a file, or -F '${field.key}=@-' to read stdin`;
}

/** Beside --input, which is the body, fields are query parameters: a secret there would be in the URL. */
function secretBesideInput(field: Field, inputPath: string): string {
  const bothStdin = field.source.kind === 'file' && field.source.path === '-' && inputPath === '-';
  return (
    `${field.flag} ${field.key}: names a secret, and beside --input the fields become query parameters, so it would be in the URL; ` +
    `put it in the body --input sends instead${bothStdin ? ' (stdin can be read only once, so -F @- and --input - cannot both take it)' : ''}`
  );
}

/** The value of each field; a file's text, or stdin's, as a Secret when the field names one. */
async function readFields(fields: Field[], sources: InputSources): Promise<Array<{ field: Field; value: BodyValue }>> {
  const values: Array<{ field: Field; value: BodyValue }> = [];
  for (const field of fields) {
    if (field.source.kind === 'literal') {
      values.push({ field, value: field.source.value });
      continue;
    }
    const where = `-F ${field.key}`;
    const value = isSecretField(field.steps) ? new Secret(await sources.readSecret(field.source.path, where)) : await sources.readText(field.source.path, where);
    values.push({ field, value });
  }
  return values;
}

/**
 * A body from --input goes as it is. When it is JSON, the secrets in it are
 * known to the scrubber (a server may echo them) and shown redacted by
 * --dry-run; a body that is not JSON is not shown.
 */
function bodyAsShown(text: string, path: string, context: Context): unknown {
  const described = `${Buffer.byteLength(text)} bytes from ${path === '-' ? 'stdin' : path}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `(${described}, not JSON: not shown)`;
  }
  if (nestingDepth(text) > maxDepth) return `(${described}, nested deeper than ${maxDepth} levels: not shown)`;
  return wrapSecrets(parsed, [], context);
}

function wrapSecrets(value: unknown, steps: KeyStep[], context: Context): unknown {
  if (typeof value === 'string' && isSecretField(steps)) {
    context.scrubber.add(value);
    return new Secret(value);
  }
  if (Array.isArray(value)) return value.map((item) => wrapSecrets(item, [...steps, append], context));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wrapSecrets(item, [...steps, key], context)]));
  }
  return value;
}

function headersOf(input: ApiInput, search: boolean): Record<string, string> {
  const headers: Record<string, string> = search ? { ...searchRequestHeaders } : {};
  for (const text of input.header ?? []) {
    const header = parseHeader(text);
    if (!('problem' in header)) headers[header.name] = header.value;
  }
  return headers;
}

/** POST and PATCH could do their work twice: sent again only when they cannot have arrived, unless --retry-unsafe. */
function retryMode(method: HttpMethod, retryUnsafe: boolean): RetryMode {
  return idempotent.has(method) || retryUnsafe ? 'safe' : 'beforeSend';
}

/** An error answer the retries would have repeated, had the method been safe to repeat. */
function wasRetryableButUnsafe(error: unknown, mode: RetryMode, retries: number): error is ApiError {
  return error instanceof ApiError && mode === 'beforeSend' && retries > 0 && mayRetry('safe', error);
}

function unsafeRetryNote(method: HttpMethod): string {
  return `Not retried: a ${method} may not be safe to repeat (it could do its work twice). Add --retry-unsafe to retry it.`;
}
