import { type Dispatcher, EnvHttpProxyAgent, request } from './undici.js';
import { Secret } from '../config/secret.js';
import { ApiError, CredentialError, InterruptedError, NetworkError, UserError } from '../errors.js';
import type { AuthRequirement, Operation } from './operations.js';
import { parseProblem } from './problem.js';

export interface ClientOptions {
  baseUrl: string;
  searchUrl: string;
  apiKey?: Secret;
  token?: Secret;
  timeoutMs: number;
  userAgent: string;
  env: Record<string, string | undefined>;
  /** Receives one line per traced event, credentials already redacted. */
  trace?: (line: string) => void;
  /** Aborted when the user interrupts. */
  signal?: AbortSignal;
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
}

const maxResponseBytes = 16 * 1024 * 1024;
const maxRedirects = 5;

/** The one HTTP path of ipctl: any operation from operations.ts goes through call(). */
export class ApiClient {
  readonly #options: ClientOptions;
  #dispatcher: Dispatcher | undefined;

  constructor(options: ClientOptions) {
    this.#options = options;
  }

  async call<Response>(operation: Operation<Response>, params: CallParams = {}): Promise<Response> {
    const prepared = this.prepare(operation, params);
    const { status, statusText, headers, body } = await this.#send(prepared);
    const requestId = headerValue(headers['x-request-id']);
    if (status >= 400) {
      const problem = parseProblem(status, statusText, headerValue(headers['content-type']) ?? '', body);
      throw new ApiError(status, problem, problem.requestId ?? requestId, headerValue(headers['retry-after']));
    }
    return parseBody(operation, body, requestId);
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
    if (params.body !== undefined) {
      headers['content-type'] = 'application/json';
      prepared.data = params.body;
    }
    return prepared;
  }

  async close(): Promise<void> {
    await this.#dispatcher?.close();
  }

  #url(operation: Operation<unknown>, params: CallParams): URL {
    const base = operation.base === 'search' ? this.#options.searchUrl : this.#options.baseUrl;
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params.path?.[name];
      if (value === undefined) throw new Error(`Operation ${operation.id} needs path parameter ${name}`);
      return encodeURIComponent(value);
    });
    const url = new URL(base.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(params.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    return url;
  }

  #credentialHeader(auth: AuthRequirement): Record<string, Secret> {
    const { apiKey, token } = this.#options;
    if (auth === 'none') return {};
    if ((auth === 'apiKey' || auth === 'apiKeyOrBearer') && apiKey) return { 'x-api-key': apiKey };
    if ((auth === 'bearer' || auth === 'apiKeyOrBearer') && token) return { authorization: token.withPrefix('Bearer ') };
    throw missingCredential(auth);
  }

  async #send(prepared: PreparedRequest, redirects = 0): Promise<RawResponse> {
    const started = performance.now();
    this.#traceRequest(prepared);
    const response = await this.#exchange(prepared);
    const elapsed = Math.round(performance.now() - started);
    const requestId = headerValue(response.headers['x-request-id']);
    this.#trace(`← ${response.status} ${response.statusText} in ${elapsed} ms${requestId ? ` (request ${requestId})` : ''}`);
    const location = headerValue(response.headers.location);
    if (response.status >= 300 && response.status < 400 && location) {
      return this.#followRedirect(prepared, response.status, location, redirects);
    }
    return response;
  }

  async #followRedirect(prepared: PreparedRequest, status: number, location: string, redirects: number) {
    const target = new URL(location, prepared.url);
    if (target.origin !== prepared.url.origin) {
      throw new UserError(
        `The server redirected to another origin (${target.origin}); ipctl does not follow it, so your credentials stay where they were sent.`,
        undefined,
        'Check the base URL of your profile (ipctl auth status).',
      );
    }
    if (redirects >= maxRedirects) throw new UserError(`Too many redirects (last: HTTP ${status} to ${target.href}).`);
    const keepsMethod = status === 307 || status === 308 || prepared.method === 'GET';
    if (!keepsMethod) throw new UserError(`The server answered HTTP ${status}, redirecting a ${prepared.method} to ${target.href}.`);
    return this.#send({ ...prepared, url: target }, redirects + 1);
  }

  async #exchange(prepared: PreparedRequest): Promise<RawResponse> {
    const { timeoutMs } = this.#options;
    // A timer cleared when the exchange ends, not AbortSignal.timeout(): that one lives
    // on for the whole timeout after the answer, which adds up for a bulk import.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const timeout = deadline.signal;
    const signal = this.#options.signal ? AbortSignal.any([timeout, this.#options.signal]) : timeout;
    try {
      const response = await request(prepared.url, {
        method: prepared.method as Dispatcher.HttpMethod,
        headers: revealHeaders(prepared.headers),
        body: prepared.data === undefined ? undefined : JSON.stringify(revealSecrets(prepared.data)),
        dispatcher: this.#getDispatcher(),
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const body = await readLimited(response.body);
      return { status: response.statusCode, statusText: response.statusText ?? '', headers: response.headers, body };
    } catch (error) {
      throw this.#networkError(error, prepared, timeout.aborted);
    } finally {
      clearTimeout(timer);
    }
  }

  #networkError(error: unknown, prepared: PreparedRequest, timedOut: boolean): Error {
    if (error instanceof UserError) return error;
    if (this.#options.signal?.aborted) return new InterruptedError('Interrupted; the request was aborted.');
    const target = `${prepared.method} ${prepared.url.origin}${prepared.url.pathname}`;
    const seconds = this.#options.timeoutMs / 1000;
    const code = errorCode(error);
    const maybeSent = !(code && (connectErrorCodes.has(code) || tlsErrorCodes.has(code)));
    if (timedOut || code?.startsWith('UND_ERR_') && code.includes('TIMEOUT')) {
      return new NetworkError(
        `No answer within ${seconds} s from ${target}.`,
        'Try again later, or allow longer with --timeout SECONDS (or IPCTL_TIMEOUT).',
        code,
        maybeSent,
      );
    }
    if (code && tlsErrorCodes.has(code)) {
      return new NetworkError(
        `The TLS certificate of ${prepared.url.origin} could not be verified (${code}).`,
        'If your network uses its own certificate authority, point NODE_EXTRA_CA_CERTS at its PEM file.',
        code,
        false,
      );
    }
    const reason = code ? `${code}` : (error as Error).message;
    return new NetworkError(`Could not reach ${target}: ${reason}.`, 'Check the base URL (ipctl auth status) and your network or proxy settings.', code, maybeSent);
  }

  #getDispatcher(): Dispatcher {
    const { env } = this.#options;
    this.#dispatcher ??= new EnvHttpProxyAgent({
      httpProxy: env.HTTP_PROXY ?? env.http_proxy,
      httpsProxy: env.HTTPS_PROXY ?? env.https_proxy,
      noProxy: env.NO_PROXY ?? env.no_proxy,
    });
    return this.#dispatcher;
  }

  #traceRequest(prepared: PreparedRequest): void {
    this.#trace(`→ ${prepared.method} ${prepared.url.href}`);
    for (const [name, value] of Object.entries(prepared.headers)) this.#trace(`  ${name}: ${String(value)}`);
  }

  #trace(line: string): void {
    this.#options.trace?.(line);
  }
}

interface RawResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Failures while connecting (TLS included): the request was never written, so the server cannot have acted on it. */
const connectErrorCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

const tlsErrorCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The body as sent: every Secret replaced by its value. */
function revealSecrets(data: unknown): unknown {
  if (data instanceof Secret) return data.reveal();
  if (Array.isArray(data)) return data.map(revealSecrets);
  if (data !== null && typeof data === 'object') {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, revealSecrets(value)]));
  }
  return data;
}

function revealHeaders(headers: Record<string, string | Secret>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, typeof value === 'string' ? value : value.reveal()]),
  );
}

function missingCredential(auth: AuthRequirement): CredentialError {
  if (auth === 'bearer') {
    return new CredentialError(
      'This command needs a bearer token, and none is configured.',
      'Set one with `ipctl auth set-token` (reads stdin), `ipctl auth login`, or the IPCTL_TOKEN environment variable.',
    );
  }
  if (auth === 'apiKey') {
    return new CredentialError(
      'This command needs an API key, and none is configured.',
      'Set one with `ipctl auth set-key` (reads stdin), `ipctl auth login`, or the IPCTL_API_KEY environment variable.',
    );
  }
  return new CredentialError(
    'This command needs an API key or a bearer token, and neither is configured.',
    'Set one with `ipctl auth set-key` or `ipctl auth set-token` (each reads stdin), or IPCTL_API_KEY / IPCTL_TOKEN.',
  );
}

function parseBody<Response>(operation: Operation<Response>, body: string, requestId?: string): Response {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw unexpectedResponse(operation, 'the body is not JSON', requestId);
  }
  const parsed = operation.response.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
    throw unexpectedResponse(operation, `${where}${first?.message ?? 'invalid'}`, requestId);
  }
  return parsed.data;
}

function unexpectedResponse(operation: Operation<unknown>, reason: string, requestId?: string): UserError {
  const id = requestId ? ` (request ${requestId})` : '';
  return new UserError(`The server's answer to ${operation.id} was not understood: ${reason}${id}.`);
}

async function readLimited(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxResponseBytes) {
      throw new UserError(`The server's answer is larger than ${maxResponseBytes / 1024 / 1024} MiB; ipctl stopped reading it.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function errorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}
