import { Secret } from '../config/secret.js';
import type { Sleep } from '../deps.js';
import type { Clock } from '../host-clock.js';
import { baseRoot, hasVersionPrefix, withVersionPrefix } from '../config/service-url.js';
import { ApiError, CredentialError, InterruptedError, UsageError, UserError } from '../errors.js';
import type { AuthRequirement, Operation } from './operations.js';
import { isDotSegment } from './path.js';
import { maxDepth, tooDeep } from '../nesting.js';
import { parseProblem } from './problem.js';
import { describeNetworkFailure } from './network-errors.js';
import { proxyFor } from './proxy.js';
import { createDispatcher } from './dispatcher.js';
import { defaultBaseUrl } from '../config/defaults.js';
import { profileAddCommand, suggestedCommand } from '../config/suggest.js';
import { type Dispatcher, request } from './undici.js';
import {
  backoffWaitMs,
  formatSeconds,
  mayRetry,
  type RetryMode,
  requestedWaitMs,
  TransportError,
} from './retry.js';
import { defaultRetryPolicy, type RetryPolicy } from '../config/retry-policy.js';

export interface ClientOptions {
  baseUrl: string;
  searchUrl: string;
  apiKey?: Secret;
  token?: Secret;
  /** Why a configured credential could not be read (from the OS keychain): the error a request that needs it gets. */
  unreadable?: { apiKey?: UserError; token?: UserError };
  timeoutMs: number;
  userAgent: string;
  env: Record<string, string | undefined>;
  /** Receives one line per traced event, credentials already redacted. */
  trace?: (line: string) => void;
  /** Told of each wait before a retry, in a line for the person at the terminal. */
  waiting?: (line: string) => void;
  /**
   * Told, in one line for the person at the terminal, when a request goes to a
   * base URL that does not end with /v1 as the service's own URLs do.
   */
  unversioned?: (line: string) => void;
  /** Told every credential value as it goes into a request, so that output can scrub it (output/scrubber.ts). */
  sent?: (value: string) => void;
  /** Aborted when the user interrupts. */
  signal?: AbortSignal;
  /** The profile chosen by --profile or IPCTL_PROFILE, which the commands suggested in messages carry. */
  profile?: string;
  /**
   * No base URL was configured (flag, environment or profile): a refused
   * connection to the default address is a first run, said as such and not
   * retried, and a missing credential says how to start.
   */
  unconfigured?: boolean;
  /** How often and how long to retry (default: defaultRetryPolicy). */
  retry?: RetryPolicy;
  /**
   * The certificate authorities to trust, as PEM texts; when set they replace
   * Node's list, so it must include the public roots when those are wanted.
   */
  ca?: string[];
  /** The clock, for Retry-After dates (default: the system clock). */
  now?: () => Date;
  /** Waits before a retry, Retry-After's and backoff's (default: real timers). */
  sleep?: Sleep;
  /** Random numbers in [0, 1), for backoff jitter (default: Math.random). */
  random?: () => number;
  /** Where every request goes, whatever the proxy settings (default: an agent made for each route out). */
  dispatcher?: Dispatcher;
  /** The timers of a request's timeout (default: the system's). */
  timers?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

export interface CallParams {
  path?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/** A request as it would go on the wire; header values and body values may be secrets. */
export interface PreparedRequest {
  method: string;
  url: URL;
  headers: Record<string, string | Secret>;
  /** The body as given, secrets still wrapped (JSON.stringify shows them redacted). */
  data?: unknown;
  /** A body sent as it is, instead of data as JSON (`ipctl api --input`). */
  text?: string;
}

/**
 * A request no operation describes (`ipctl api`): any method, to a URL on the
 * origin of the base URL or the search URL, with the credential `auth` names.
 */
export interface RequestSpec {
  method: string;
  url: URL;
  auth: AuthRequirement;
  /** Headers besides the credential; they replace ipctl's own of the same name (lower-case names). */
  headers?: Record<string, string>;
  /** A JSON body; secrets in it as Secret. */
  data?: unknown;
  /** A body sent as it is. */
  text?: string;
}

/** An answer as it came: status, headers and the body's text. */
export interface ApiResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A base URL ipctl is configured with, and how a person sets it. */
interface ConfiguredBase {
  name: 'base URL' | 'search URL';
  settings: string;
  root: string;
  /** Whether root ends with the service's /v1, as its own URLs do. */
  versioned: boolean;
}

const maxResponseBytes = 16 * 1024 * 1024;
const maxRedirects = 5;

/** The one HTTP path of ipctl: any operation from operations.ts goes through call(). */
export class ApiClient {
  readonly #options: ClientOptions;
  /** One dispatcher per proxy URL ('' for direct connections), made when first needed. */
  readonly #dispatchers = new Map<string, Dispatcher>();
  /**
   * The deadlines of the requests in flight, all aborted by one listener on the
   * run's signal. Not AbortSignal.any() per request: Node keeps every signal it
   * makes in the long-lived signal's list of dependants (as a WeakRef), which
   * grows by one a request over a bulk import.
   */
  readonly #inFlight = new Set<AbortController>();
  /** The configured base URLs, the longer first (see #baseOf). */
  #bases: ConfiguredBase[] | undefined;
  /** The last URL built, and what it was built from: a bulk import asks for the same one every row. */
  #lastUrl: { key: string; url: URL } | undefined;
  /** The proxy of each origin (the environment does not change during a run). */
  readonly #proxies = new Map<string, string | undefined>();

  constructor(options: ClientOptions) {
    this.#options = options;
    options.signal?.addEventListener('abort', () => {
      for (const request of this.#inFlight) request.abort(options.signal?.reason);
    }, { once: true });
  }

  async call<Response>(operation: Operation<Response>, params: CallParams = {}): Promise<Response> {
    const prepared = this.prepare(operation, params);
    const { headers, body } = await this.#sendWithRetries(operation.retry, prepared);
    return parseBody(operation, body, headerValue(headers['x-request-id']));
  }

  /** Builds the request for an operation without sending it (also used by --dry-run). */
  prepare(operation: Operation<unknown>, params: CallParams = {}): PreparedRequest {
    const headers: Record<string, string | Secret> = {
      accept: 'application/json, application/problem+json',
      'user-agent': this.#options.userAgent,
      ...operation.headers,
      ...this.#credentialHeader(operation.auth),
    };
    const prepared: PreparedRequest = { method: operation.method, url: this.#url(operation, params), headers };
    this.#noticeUnversioned(prepared.url);
    if (params.body !== undefined) {
      headers['content-type'] = 'application/json';
      prepared.data = params.body;
    }
    return prepared;
  }

  /**
   * Builds a request that no operation describes, for `ipctl api`. A URL on
   * any other origin than the service's is refused: the credentials go nowhere else.
   */
  prepareRequest(spec: RequestSpec): PreparedRequest {
    const origins = [this.#options.baseUrl, this.#options.searchUrl].map((base) => new URL(base).origin);
    if (!origins.includes(spec.url.origin)) {
      throw new UsageError(`${spec.url.origin} is not the origin of the configured service; nothing was sent.`, 'Give a path relative to the base URL, or a URL on its origin.');
    }
    const headers: Record<string, string | Secret> = {
      accept: 'application/json, application/problem+json',
      'user-agent': this.#options.userAgent,
      ...(spec.data !== undefined || spec.text !== undefined ? { 'content-type': 'application/json' } : {}),
      ...spec.headers,
      ...this.#credentialHeader(spec.auth),
    };
    this.#noticeUnversioned(spec.url);
    return { method: spec.method, url: spec.url, headers, data: spec.data, text: spec.text };
  }

  /** The configured base URL a request URL is below (the longer one when both hold it), with the names that set it. */
  #baseOf(url: URL): ConfiguredBase | undefined {
    // Worked out once: a bulk import asks for every row.
    this.#bases ??= this.#configuredBases();
    return this.#bases.find((base) => url.href.startsWith(`${base.root}/`));
  }

  #configuredBases(): ConfiguredBase[] {
    const base = (name: ConfiguredBase['name'], settings: string, url: string): ConfiguredBase => {
      const root = baseRoot(url);
      return { name, settings, root, versioned: hasVersionPrefix(root) };
    };
    const bases = [base('base URL', '--base-url or IPCTL_BASE_URL', this.#options.baseUrl), base('search URL', '--search-url or IPCTL_SEARCH_URL', this.#options.searchUrl)];
    return bases.sort((a, b) => b.root.length - a.root.length);
  }

  #noticeUnversioned(url: URL): void {
    const base = this.#baseOf(url);
    if (!base || base.versioned) return;
    this.#options.unversioned?.(`Note: the ${base.name} ${base.root} does not end with /v1, as the service's own URLs do; ipctl sends its requests there as given.`);
  }

  /** For a 404 from a base URL without /v1: the URL that has it, which the service's own API would be at. */
  #unversionedHint(url: URL): string | undefined {
    const base = this.#baseOf(url);
    if (!base || base.versioned) return undefined;
    return `Hint: the ${base.name} ${base.root} does not end with /v1. If the API is at ${withVersionPrefix(base.root)}, as the service's own URLs are, set that (${base.settings}, or the profile's).`;
  }

  /**
   * Sends a prepared request with the retries `mode` allows, and returns the
   * answer as it came. An error status throws an ApiError, as call() does.
   */
  async send(prepared: PreparedRequest, mode: RetryMode): Promise<ApiResponse> {
    return this.#sendWithRetries(mode, prepared);
  }

  /** Retries after the first attempt (0: retrying is off). */
  get retries(): number {
    return (this.#options.retry ?? defaultRetryPolicy).retries;
  }

  /** The most time, in ms, spent waiting between the attempts of one request (IPCTL_RETRY_MAX_WAIT). */
  get maxWaitMs(): number {
    return (this.#options.retry ?? defaultRetryPolicy).maxWaitMs;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#dispatchers.values()].map((dispatcher) => dispatcher.close()));
  }

  #url(operation: Operation<unknown>, params: CallParams): URL {
    // Only a URL without a query is kept; it is never changed once built.
    const key = params.query === undefined ? urlKey(operation, params.path) : undefined;
    if (key !== undefined && this.#lastUrl?.key === key) return this.#lastUrl.url;
    const url = this.#newUrl(operation, params);
    if (key !== undefined) this.#lastUrl = { key, url };
    return url;
  }

  #newUrl(operation: Operation<unknown>, params: CallParams): URL {
    const base = operation.base === 'search' ? this.#options.searchUrl : this.#options.baseUrl;
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params.path?.[name];
      if (value === undefined) throw new Error(`Operation ${operation.id} needs path parameter ${name}`);
      if (isDotSegment(value)) throw new UsageError(`The ${name} "${value}" names no resource; nothing was sent.`, 'Give the ID or name itself.');
      return encodeURIComponent(wellFormed(value, name));
    });
    const url = new URL(base.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(params.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, wellFormed(value, name));
    }
    return url;
  }

  #credentialHeader(auth: AuthRequirement): Record<string, Secret> {
    const { apiKey, token } = this.#options;
    if (auth === 'none') return {};
    if ((auth === 'apiKey' || auth === 'apiKeyOrBearer') && apiKey) return { 'x-api-key': apiKey };
    if ((auth === 'bearer' || auth === 'apiKeyOrBearer') && token) return { authorization: token.withPrefix('Bearer ') };
    const { unreadable = {} } = this.#options;
    throw (auth === 'bearer' ? unreadable.token : auth === 'apiKey' ? unreadable.apiKey : unreadable.apiKey ?? unreadable.token) ?? missingCredential(auth, this.#options);
  }

  /**
   * Sends until an answer comes that is not worth retrying, within the policy's
   * attempts and waiting budget (retry.ts has the rules). Throws the last
   * failure, with a note on how many attempts were made.
   */
  async #sendWithRetries(mode: RetryMode, prepared: PreparedRequest): Promise<ApiResponse> {
    const policy = this.#options.retry ?? defaultRetryPolicy;
    const attempts = policy.retries + 1;
    let waitedMs = 0;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#attempt(prepared, attempt === 1 ? '' : ` (attempt ${attempt} of ${attempts})`);
      } catch (failure) {
        const wait = this.#nextWait(mode, prepared, failure, attempt, policy, policy.maxWaitMs - waitedMs);
        if (wait === undefined) {
          if (attempt > 1 && failure instanceof UserError) failure.notes.push(`Gave up after ${attempt} attempts.`);
          throw failure;
        }
        this.#trace(`retry: ${failureReason(failure)}; waiting ${formatSeconds(wait.ms)} (${wait.why}) before attempt ${attempt + 1} of ${attempts}`);
        this.#options.waiting?.(`retrying in ${formatSeconds(wait.ms)} (${failureReason(failure)}, attempt ${attempt + 1} of ${attempts})`);
        await this.#pause(wait.ms);
        waitedMs += wait.ms;
      }
    }
  }

  /** How long to wait before the next attempt, or undefined to stop with this failure. */
  #nextWait(mode: RetryMode, prepared: PreparedRequest, failure: unknown, attempt: number, policy: RetryPolicy, budgetMs: number) {
    const requested = failure instanceof ApiError ? requestedWaitMs(failure.retryAfter, failure.problem, this.#now()) : undefined;
    const retryable = mayRetry(mode, failure);
    if (!retryable || attempt > policy.retries) {
      if (!retryable && failure instanceof TransportError && failure.transient) {
        this.#trace(`retry: not retried: the ${prepared.method} may have reached the server (${failure.reason}), and sending it again could do it twice`);
      }
      if (retryable && policy.retries > 0) this.#trace(`retry: giving up after ${attempt} attempts`);
      // A server that says retrying will not help gets no advice to come back.
      if (failure instanceof ApiError && requested !== undefined && requested > 0 && failure.problem.retryable !== false) failure.advice = this.#comeBack(failure, requested);
      return undefined;
    }
    if (requested !== undefined && requested > budgetMs) {
      const error = failure as ApiError;
      this.#trace(`retry: not retried: the server asks to wait ${formatSeconds(requested)}, more than the ${formatSeconds(Math.max(0, budgetMs))} left to wait`);
      error.advice = `Not retried: the server asks to wait ${formatSeconds(requested)}, longer than ipctl waits (see IPCTL_RETRY_MAX_WAIT). ${this.#comeBack(error, requested)}`;
      return undefined;
    }
    if (requested !== undefined) return { ms: requested, why: 'as the server asked' };
    const backoff = backoffWaitMs(policy, attempt, this.#options.random);
    if (backoff > budgetMs) {
      this.#trace(`retry: giving up: waiting ${formatSeconds(backoff)} more would pass the retry budget`);
      return undefined;
    }
    return { ms: backoff, why: 'backoff' };
  }

  /** When the server says the request may be tried again, and which request it was. */
  #comeBack(failure: ApiError, requestedMs: number): string {
    // Rounded up to the second: never earlier than the server allows.
    const retryAt = new Date(Math.ceil((this.#now().getTime() + requestedMs) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    return `Try again after ${retryAt}${failure.requestId ? ` (request ${failure.requestId})` : ''}.`;
  }

  async #pause(ms: number): Promise<void> {
    const sleep = this.#options.sleep ?? sleepWithTimers;
    try {
      await sleep(ms, this.#options.signal);
    } catch {
      throw new InterruptedError('Interrupted while waiting to retry; nothing more was sent.');
    }
  }

  /** One attempt: an error status becomes an ApiError, a network failure a TransportError. */
  async #attempt(prepared: PreparedRequest, label: string): Promise<ApiResponse> {
    const response = await this.#send(prepared, 0, label);
    const { status, statusText, headers, body } = response;
    if (status < 400) return response;
    const problem = parseProblem(status, statusText, headerValue(headers['content-type']) ?? '', body, prepared.method);
    const requestId = problem.requestId ?? headerValue(headers['x-request-id']);
    const error = new ApiError(status, problem, requestId, headerValue(headers['retry-after']));
    error.head = { statusText, headers };
    const hint = status === 404 ? this.#unversionedHint(prepared.url) : undefined;
    if (hint) error.notes.push(hint);
    throw error;
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }

  async #send(prepared: PreparedRequest, redirects = 0, label = ''): Promise<ApiResponse> {
    // Not performance.now(): its first use loads Node's performance timing modules (about 1.5 ms).
    const started = process.hrtime.bigint();
    this.#traceRequest(prepared, label);
    const response = await this.#exchange(prepared);
    if (this.#options.trace) {
      const elapsed = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      const requestId = headerValue(response.headers['x-request-id']);
      this.#trace(`← ${response.status} ${response.statusText} in ${elapsed} ms${requestId ? ` (request ${requestId})` : ''}`);
    }
    const location = headerValue(response.headers.location);
    if (response.status >= 300 && response.status < 400 && location) {
      return this.#followRedirect(prepared, response.status, location, redirects);
    }
    return response;
  }

  async #followRedirect(prepared: PreparedRequest, status: number, location: string, redirects: number) {
    if (!URL.canParse(location, prepared.url.href)) {
      throw new UserError(`The server answered HTTP ${status} with a Location header that is not a URL ("${shorten(location)}"); ipctl did not follow it.`, undefined, 'Check the base URL of your profile (ipctl auth status).');
    }
    const target = new URL(location, prepared.url);
    if (target.origin !== prepared.url.origin) {
      throw new UserError(
        `The server redirected to another origin (${target.origin}); ipctl does not follow it, so your credentials stay where they were sent.`,
        undefined,
        'Check the base URL of your profile (ipctl auth status).',
      );
    }
    if (target.username !== '' || target.password !== '') {
      throw new UserError(`The server answered HTTP ${status}, redirecting to ${shownTarget(target)} with a user name or password in the URL; ipctl did not follow it.`);
    }
    if (redirects >= maxRedirects) throw new UserError(`Too many redirects (last: HTTP ${status} to ${shownTarget(target)}).`);
    const keepsMethod = status === 307 || status === 308 || prepared.method === 'GET';
    if (!keepsMethod) throw new UserError(`The server answered HTTP ${status}, redirecting a ${prepared.method} to ${shownTarget(target)}.`);
    return this.#send({ ...prepared, url: target }, redirects + 1);
  }

  async #exchange(prepared: PreparedRequest): Promise<ApiResponse> {
    const { timeoutMs } = this.#options;
    const proxy = this.#proxyFor(prepared.url);
    const dispatcher = this.#dispatcherFor(proxy);
    // A timer cleared when the exchange ends, not AbortSignal.timeout(): that one lives
    // on for the whole timeout after the answer, which adds up for a bulk import.
    const deadline = new AbortController();
    let timedOut = false;
    const timers = this.#options.timers ?? { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout) };
    const timer = timers.setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, timeoutMs);
    const { signal } = deadline;
    if (this.#options.signal?.aborted) deadline.abort(this.#options.signal.reason);
    else this.#inFlight.add(deadline);
    try {
      const response = await untilAborted(request(prepared.url, {
        method: prepared.method as Dispatcher.HttpMethod,
        headers: this.#reveal(prepared.headers) as Record<string, string>,
        body: prepared.text ?? (prepared.data === undefined ? undefined : JSON.stringify(this.#reveal(prepared.data))),
        dispatcher,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      }), signal);
      const declared = Number(headerValue(response.headers['content-length']));
      if (declared > maxResponseBytes) {
        response.body.destroy();
        throw tooLarge();
      }
      const body = await readBody(response, declared);
      return { status: response.statusCode, statusText: response.statusText ?? '', headers: response.headers, body };
    } catch (error) {
      throw this.#networkError(error, prepared, timedOut, proxy);
    } finally {
      timers.clearTimeout(timer);
      this.#inFlight.delete(deadline);
    }
  }

  #networkError(error: unknown, prepared: PreparedRequest, timedOut: boolean, proxy: string | undefined): Error {
    if (error instanceof UserError) return error;
    if (this.#options.signal?.aborted) return new InterruptedError('Interrupted; the request was aborted.');
    const failure = describeNetworkFailure(error, prepared, { code: timedOut ? 'TIMEOUT' : undefined, timeoutMs: this.#options.timeoutMs, proxy });
    return this.#options.unconfigured && failure instanceof TransportError && failure.code === 'ECONNREFUSED' && prepared.url.origin === defaultOrigin ? firstRun(prepared, this.#options.profile) : failure;
  }

  #proxyFor(url: URL): string | undefined {
    const { origin } = url;
    if (!this.#proxies.has(origin)) this.#proxies.set(origin, proxyFor(url, this.#options.env));
    return this.#proxies.get(origin);
  }

  /** The dispatcher for a proxy (or none), which proxy.ts chose; made when first needed. */
  #dispatcherFor(proxy: string | undefined): Dispatcher {
    if (this.#options.dispatcher) return this.#options.dispatcher;
    const key = proxy ?? '';
    let dispatcher = this.#dispatchers.get(key);
    if (!dispatcher) {
      dispatcher = createDispatcher(proxy, { ca: this.#options.ca, timeoutMs: this.#options.timeoutMs });
      this.#dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }

  /** The data as sent: every Secret replaced by its value, which the sent hook is told. */
  #reveal(data: unknown): unknown {
    if (data instanceof Secret) {
      const value = data.reveal();
      this.#options.sent?.(value);
      return value;
    }
    if (Array.isArray(data)) return data.map((item) => this.#reveal(item));
    if (data !== null && typeof data === 'object') return this.#revealFields(data as Record<string, unknown>);
    return data;
  }

  /** A copy of an object with its fields revealed; own keys only, "__proto__" kept as a field. */
  #revealFields(data: Record<string, unknown>): Record<string, unknown> {
    const revealed: Record<string, unknown> = {};
    for (const key of Object.keys(data)) {
      const value = this.#reveal(data[key]);
      if (key === '__proto__') Object.defineProperty(revealed, key, { value, enumerable: true, writable: true, configurable: true });
      else revealed[key] = value;
    }
    return revealed;
  }

  #traceRequest(prepared: PreparedRequest, label: string): void {
    // Built only under --debug: a bulk import sends a request a row.
    if (!this.#options.trace) return;
    this.#trace(`→ ${prepared.method} ${prepared.url.href}${label}`);
    for (const [name, value] of Object.entries(prepared.headers)) this.#trace(`  ${name}: ${String(value)}`);
  }

  #trace(line: string): void {
    this.#options.trace?.(line);
  }
}

/**
 * The answer, or a rejection as soon as signal aborts: undici looks at a
 * request's signal only once it has a connection, and a proxy may keep it
 * waiting for one. An answer that comes after the abort is let go.
 */
function untilAborted(answer: Promise<Dispatcher.ResponseData>, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  if (signal.aborted) {
    answer.then((late) => late.body.destroy(), () => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (response) => (signal.aborted ? response.body.destroy() : resolve(response)),
      (error: unknown) => reject(error),
    ).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function failureReason(failure: unknown): string {
  if (failure instanceof ApiError) return `HTTP ${failure.status} ${failure.problem.title ?? ''}`.trim();
  if (failure instanceof TransportError) return failure.reason;
  return failure instanceof Error ? failure.message : String(failure);
}

function tooLarge(): UserError {
  return new UserError(`The server's answer is larger than ${maxResponseBytes / 1024 / 1024} MiB; ipctl stopped reading it.`);
}

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A lone UTF-16 surrogate (possible from a JSON file's "\\ud800") cannot be put
 * in a URL: encodeURIComponent throws, URLSearchParams silently changes it.
 */
function wellFormed(value: string, name: string): string {
  if (loneSurrogate.test(value)) {
    throw new UsageError(`The value for ${name} is not valid Unicode text (it holds a lone surrogate); nothing was sent.`);
  }
  return value;
}

const defaultOrigin = new URL(defaultBaseUrl).origin;

/** Where a first run starts: a local sandbox, or a profile pointing at the service. */
function firstSteps(profile: string | undefined): string {
  return `To try ipctl on this machine, start the local emulator in another terminal with \`ipctl sandbox\` (it prints the credentials and URLs to use); to use the service, point ipctl at it with \`${profileAddCommand(profile, '--base-url URL')}\` (or IPCTL_BASE_URL).`;
}

/**
 * Nothing is configured and nothing listens at the default address: a first
 * run, not a network failure worth retrying (one attempt, no waits).
 */
function firstRun(prepared: PreparedRequest, profile: string | undefined): TransportError {
  return new TransportError(
    `Could not reach ${prepared.method} ${prepared.url.origin}${prepared.url.pathname}: no base URL is configured (--base-url, IPCTL_BASE_URL or a profile's), and nothing answers at ipctl's default address, ${defaultBaseUrl} (ECONNREFUSED).`,
    firstSteps(profile),
    { delivery: 'no', transient: false, reason: 'ECONNREFUSED', code: 'ECONNREFUSED' },
  );
}

function missingCredential(auth: AuthRequirement, options: { profile?: string; unconfigured?: boolean }): CredentialError {
  const { profile } = options;
  const command = (name: string) => `\`${suggestedCommand(name, profile)}\``;
  const start = options.unconfigured ? ` Nothing is configured yet. ${firstSteps(profile)}` : '';
  if (auth === 'bearer') {
    return new CredentialError(
      'This command needs a bearer token, and none is configured.',
      `Set one with ${command('auth set-token')} (reads stdin), ${command('auth login')}, or the IPCTL_TOKEN environment variable.${start}`,
    );
  }
  if (auth === 'apiKey') {
    return new CredentialError(
      'This command needs an API key, and none is configured.',
      `Set one with ${command('auth set-key')} (reads stdin), ${command('auth login')}, or the IPCTL_API_KEY environment variable.${start}`,
    );
  }
  return new CredentialError(
    'This command needs an API key or a bearer token, and neither is configured.',
    `Set one with ${command('auth set-key')} or ${command('auth set-token')} (each reads stdin), or IPCTL_API_KEY / IPCTL_TOKEN.${start}`,
  );
}

function parseBody<Response>(operation: Operation<Response>, body: string, requestId?: string): Response {
  // A DELETE answers 204 with no body.
  if (operation.method === 'DELETE' && body.trim() === '') return undefined as Response;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw unexpectedResponse(operation, 'the body is not JSON', requestId);
  }
  if (tooDeep(body)) throw tooDeepAnswer(operation, requestId);
  const parsed = operation.response.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
    throw unexpectedResponse(operation, `${where}${first?.message ?? 'invalid'}`, requestId);
  }
  return parsed.data;
}

function tooDeepAnswer(operation: Operation<unknown>, requestId?: string): UserError {
  const id = requestId ? ` (request ${requestId})` : '';
  return new UserError(`The server's answer to ${operation.id} is nested too deeply: more than ${maxDepth} levels of arrays and objects${id}. ipctl does not read it.`);
}

function unexpectedResponse(operation: Operation<unknown>, reason: string, requestId?: string): UserError {
  const id = requestId ? ` (request ${requestId})` : '';
  return new UserError(`The server's answer to ${operation.id} was not understood: ${reason}${id}.`);
}

/**
 * The body's text. One that is not compressed and whose length was declared
 * (and found within the limit) is read whole, as undici counts it against
 * that length; any other is read piece by piece, against the limit.
 */
function readBody(response: Dispatcher.ResponseData, declared: number): Promise<string> {
  const encoding = headerValue(response.headers['content-encoding']);
  if (Number.isInteger(declared) && declared >= 0 && (encoding === undefined || encoding.trim().toLowerCase() === 'identity')) return response.body.text();
  return readLimited(decoded(response.body, encoding));
}

/** Which URL an operation and its path parameters make (the base URLs are the client's own, and fixed). */
function urlKey(operation: Operation<unknown>, path: Record<string, string> | undefined): string {
  return path === undefined ? operation.id : `${operation.id} ${JSON.stringify(path)}`;
}

/** The body, as read; the limit holds for the decoded bytes too (a small gzip can inflate to gigabytes). */
async function readLimited(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxResponseBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    // zlib's errors: the body said it was compressed, and was not.
    if ((error as { code?: unknown }).code?.toString().startsWith('Z_')) throw new UserError(`The server's answer could not be decoded: ${(error as Error).message}.`);
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body decoded as its Content-Encoding says: gzip, deflate and br; any other is read as it is. */
function decoded(body: Dispatcher.ResponseData['body'], encoding: string | undefined): AsyncIterable<Buffer> {
  const name = encoding?.trim().toLowerCase();
  if (name !== 'gzip' && name !== 'x-gzip' && name !== 'deflate' && name !== 'br') return body;
  // Loaded here: most answers are not compressed.
  const zlib = process.getBuiltinModule('node:zlib');
  const decoder = name === 'br' ? zlib.createBrotliDecompress() : name === 'deflate' ? zlib.createInflate() : zlib.createGunzip();
  body.on('error', (error) => decoder.destroy(error));
  return body.pipe(decoder);
}

const sleepWithTimers: Sleep = (ms, signal) => {
  // Loaded here: only a retry waits.
  const { setTimeout: sleep } = process.getBuiltinModule('node:timers/promises');
  return sleep(ms, undefined, { signal });
};

function shorten(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A redirect's target as messages show it: a query may carry a credential, so only whether there is one. */
function shownTarget(url: URL): string {
  return `${url.origin}${url.pathname}${url.search === '' ? '' : '?…'}`;
}
