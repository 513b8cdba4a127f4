// IDs and names for shell completion, asked of the API when Tab is pressed.
// Loaded by the engine only when one of these sources is asked for: this is
// where the HTTP client (undici), the schemas and the keychain come in.
//
// The rules (docs/completions.md): one attempt, no retry, one second at most
// for all of it (profile file, keychain, request, answer); any failure gives
// no candidates, and nothing is printed about it. What the server sends is
// data: a value that a shell could not take as one plain word is left out,
// descriptions have their control characters shown visibly, and no credential
// that was sent comes back out.
import { ApiClient } from '../api/client.js';
import { type Operation, operations } from '../api/operations.js';
import { withKeychainCredentials } from '../config/credentials.js';
import { trustedAuthorities } from '../config/network.js';
import { configPath, readConfigFile } from '../config/read.js';
import { resolveSettings } from '../config/resolve.js';
import { visible } from '../output/outside-text.js';
import { Scrubber } from '../output/scrubber.js';
import { userAgent } from '../version.js';
import type { Candidate } from './model.js';
import type { ApiSource } from './values.js';

/** How long a completion from the API may take, all of it; then it gives up, silently. */
const apiCompletionBudgetMs = 1000;

type Env = Record<string, string | undefined>;

/**
 * The candidates of `source`, from one request to the API, with the settings
 * resolved as the command would resolve them: the flags typed on the line
 * (`given`: --profile, --base-url, --ca-file, --project), then the environment,
 * then the profile. Never throws, never waits longer than `budgetMs`.
 */
export async function apiCandidates(source: ApiSource, given: ReadonlyMap<string, string>, env: Env, budgetMs = apiCompletionBudgetMs): Promise<Candidate[]> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('out of time')), budgetMs);
  const expired = new Promise<Candidate[]>((resolve) => deadline.signal.addEventListener('abort', () => resolve([]), { once: true }));
  try {
    // Whatever is still under way at the deadline (a request, the keychain's helper) is aborted, and its failure let go.
    return await Promise.race([ask(source, given, env, deadline.signal, budgetMs).catch(() => []), expired]);
  } finally {
    clearTimeout(timer);
    deadline.abort(new Error('done'));
  }
}

async function ask(source: ApiSource, given: ReadonlyMap<string, string>, env: Env, signal: AbortSignal, budgetMs: number): Promise<Candidate[]> {
  const config = readConfigFile(configPath(env));
  const resolved = resolveSettings({ profile: given.get('--profile'), baseUrl: given.get('--base-url'), project: given.get('--project') }, env, config);
  const request = requestFor(source, resolved.project.value);
  if (!request) return [];
  // The keychain is asked only for what needs a credential, and within the same second (its helper is killed at the deadline).
  const settings = request.operation.auth === 'none' ? resolved : await withKeychainCredentials(resolved, env, signal);
  const scrubber = new Scrubber();
  const client = new ApiClient({
    baseUrl: settings.baseUrl.value,
    searchUrl: settings.searchUrl.value,
    apiKey: settings.apiKey.value,
    token: settings.token.value,
    timeoutMs: budgetMs,
    retry: { retries: 0, maxWaitMs: 0, backoffMs: 0 },
    ca: await trustedAuthorities({ caFile: given.get('--ca-file') }, env),
    userAgent: userAgent(),
    env,
    signal,
    sent: (value) => scrubber.add(value),
  });
  try {
    const response = await client.send(client.prepare(request.operation, { path: request.path }), 'safe');
    return cleaned(candidatesOf(source, JSON.parse(response.body)), scrubber);
  } finally {
    void client.close().catch(() => undefined);
  }
}

/** The list operation a source asks, or none when it needs a project and none is set. */
function requestFor(source: ApiSource, project: string | undefined): { operation: Operation<unknown>; path?: Record<string, string> } | undefined {
  switch (source) {
    case 'projects':
      return { operation: operations.listProjects };
    case 'providers':
      return { operation: operations.listProviders };
    case 'connections':
      return project === undefined ? undefined : { operation: operations.listConnections, path: { projectIdOrName: project } };
    case 'destinations':
      return project === undefined ? undefined : { operation: operations.listDestinations, path: { projectIdOrName: project } };
  }
}

/**
 * The candidates in an answer, read liberally: an entry without the fields a
 * source needs is skipped, not a reason to offer nothing. Not the operation's
 * schema: one odd entry would then cost every other.
 */
function candidatesOf(source: ApiSource, body: unknown): Candidate[] {
  switch (source) {
    case 'projects':
      return [...entries(body).flatMap(({ name, id }) => pair(name, id)), ...entries(body).flatMap(({ id, name }) => pair(id, name))];
    case 'destinations':
      return [...entries(body).flatMap(({ name, id }) => pair(name, id)), ...entries(body).flatMap(({ id, name }) => pair(id, name))];
    case 'connections':
      return entries(body).flatMap(({ id, provider, group }) => pair(id, [provider, isRecord(group) ? group.groupRef : undefined].filter(isText).join(', ')));
    case 'providers': {
      // An object keyed by provider name (the published contract); an array of providers is read too.
      const providers = Array.isArray(body) ? entries(body).map((provider) => [provider.name, provider] as const) : isRecord(body) ? Object.entries(body) : [];
      return providers.flatMap(([name, provider]) => pair(name, isRecord(provider) ? provider.displayName : undefined));
    }
  }
}

function entries(body: unknown): Record<string, unknown>[] {
  return Array.isArray(body) ? body.filter(isRecord) : [];
}

function pair(value: unknown, description: unknown): Candidate[] {
  if (!isText(value)) return [];
  return [isText(description) ? { value, description } : { value }];
}

/**
 * What a shell takes as one plain word, whatever its quoting: letters and
 * digits of any script, and `_ . @ / + , % = : -`. Anything else (a control
 * character, a space, a quote, a bidi override) leaves the value out: altered,
 * it would name nothing on the server.
 */
const plainWord = /^[\p{L}\p{N}\p{M}_.@/+,%=:-]{1,200}$/u;
const longestDescription = 80;

/** The values a shell may take, once each; descriptions shown visibly and shortened; no credential sent in either. */
function cleaned(candidates: Candidate[], scrubber: Scrubber): Candidate[] {
  const seen = new Set<string>();
  const kept: Candidate[] = [];
  for (const { value, description } of candidates) {
    if (!plainWord.test(value) || scrubber.scrub(value) !== value || seen.has(value)) continue;
    seen.add(value);
    const shown = description === undefined ? '' : scrubber.scrub(visible(description, { lines: false })).trim();
    kept.push(shown === '' ? { value } : { value, description: shorten(shown) });
  }
  return kept;
}

function shorten(text: string): string {
  const characters = [...text];
  return characters.length > longestDescription ? `${characters.slice(0, longestDescription - 1).join('')}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
