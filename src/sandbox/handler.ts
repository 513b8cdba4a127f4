// The request pipeline: route → authenticate → read body → handle → respond,
// with every outcome logged and every error turned into a problem response.
import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, type Principal, type SandboxCredentials } from './auth.js';
import { readJsonBody } from './body.js';
import { FAULTS_PATH, type FaultPlan, faultStatus, isLoopback, parseFaultPlan, performFault } from './faults.js';
import {
  badRequest,
  internalError,
  methodNotAllowed,
  notFound,
  PROBLEM_CONTENT_TYPE,
  ProblemError,
  problemType,
  toProblemDetails,
} from './problems.js';
import { controlRoutes } from './control.js';
import { createRouter, type RouteResponse, type Router } from './router.js';
import type { RequestLogEntry, SandboxState } from './state.js';

export interface HandlerDeps {
  state: SandboxState;
  router: Router;
  credentials: SandboxCredentials;
  now(): Date;
  /** Faults to inject before answering normally (faults.ts). */
  faults?: FaultPlan;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Paths under this prefix control the sandbox itself: not API, not logged. */
const CONTROL_PREFIX = '/_sandbox/';
const REQUEST_LOG_PATH = '/_sandbox/requests';
const REDACTED = '[REDACTED]';

export function createRequestHandler(deps: HandlerDeps): Handler {
  return (req, res) => {
    // Errors are answered inside; this only guards against a failure while answering.
    const handled = handleFaults(req, res, deps) ?? handleRequest(req, res, deps);
    handled.catch(() => res.destroy());
  };
}

/**
 * The fault control route, and requests that get an injected fault instead of
 * their answer. Undefined when neither applies and the request goes on as usual.
 */
function handleFaults(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps): Promise<void> | undefined {
  const { faults } = deps;
  if (!faults) return undefined;
  const { path, query } = splitTarget(req.url ?? '/');
  const method = req.method ?? 'GET';
  if (path === FAULTS_PATH) return controlFaults(req, res, faults, deps);
  if (faults.empty) return undefined;
  let operation: string;
  try {
    const match = deps.router.match(method, path);
    if (match.kind !== 'found') return undefined;
    operation = match.route.operation;
  } catch {
    return undefined;
  }
  const receivedAt = deps.now();
  const step = faults.next(operation, credentialOf(req), receivedAt.getTime());
  if (!step) return undefined;
  const requestId = newRequestId();
  const entry = logEntry(req, { method, path, query, operation, principal: undefined, recorded: {}, requestId, receivedAt, status: faultStatus(step) }, deps.credentials);
  deps.state.requestLog.push({ ...entry, fault: step.kind });
  performFault(step, req, res, { requestId, now: receivedAt });
  return Promise.resolve();
}

/** Who a rate limit counts the request against: the API key or token presented, whether valid or not. */
function credentialOf(req: IncomingMessage): string {
  const apiKey = req.headers['x-api-key'];
  return `${typeof apiKey === 'string' ? apiKey : ''} ${req.headers.authorization ?? ''}`;
}

/** GET lists the faults still queued, POST adds some, DELETE clears them; only from this machine. */
async function controlFaults(req: IncomingMessage, res: ServerResponse, faults: FaultPlan, deps: HandlerDeps): Promise<void> {
  const requestId = newRequestId();
  const method = req.method ?? 'GET';
  try {
    if (!isLoopback(req.socket.remoteAddress)) {
      throw new ProblemError({ status: 403, kind: 'forbidden', title: 'Forbidden', detail: 'Faults can be set only from the machine the sandbox runs on.', retryable: false });
    }
    if (method === 'GET') {
      sendJson(res, requestId, { status: 200, body: faults.pending() });
    } else if (method === 'DELETE') {
      faults.clear();
      sendJson(res, requestId, { status: 204 });
    } else if (method === 'POST') {
      const parsed = parseFaultPlan(await readJsonBody(req));
      if ('problems' in parsed) {
        const issues = parsed.problems.map((detail) => ({ type: problemType('invalid-fault'), detail, in: 'body' as const, name: detail.split(':')[0] ?? '', value: null }));
        throw badRequest('The fault plan is not valid.', issues);
      }
      faults.add(parsed.plan);
      sendJson(res, requestId, { status: 200, body: faults.pending() });
    } else {
      throw methodNotAllowed(method, FAULTS_PATH, ['GET', 'POST', 'DELETE']);
    }
  } catch (error) {
    sendProblem(res, requestId, error instanceof ProblemError ? error : internalError(), deps);
  }
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, deps: HandlerDeps): Promise<void> {
  const requestId = newRequestId();
  const receivedAt = deps.now();
  const { path, query } = splitTarget(req.url ?? '/');
  const method = req.method ?? 'GET';
  if (path.startsWith(CONTROL_PREFIX)) {
    await handleControl(method, path, res, requestId, deps);
    return;
  }
  let operation: string | undefined;
  let principal: Principal | undefined;
  const recorded: Record<string, unknown> = {};
  try {
    const match = deps.router.match(method, path);
    if (match.kind === 'not-found') throw notFound(`No sandbox API operation has the path ${path}.`, unknownPathRemedy(path));
    if (match.kind === 'method-not-allowed') throw methodNotAllowed(method, path, match.allowed);
    const { route, params } = match;
    operation = route.operation;
    principal = authenticate(req.headers, route.auth, deps.credentials);
    const body = route.body === 'json' ? await readJsonBody(req) : undefined;
    const record = (more: Record<string, unknown>): void => void Object.assign(recorded, more);
    const context = { state: deps.state, params, query, headers: req.headers, body, principal, requestId, path, now: deps.now, record };
    sendJson(res, requestId, await route.handle(context));
  } catch (error) {
    const problem = error instanceof ProblemError ? error : internalError();
    sendProblem(res, requestId, problem, deps);
  } finally {
    const outcome = { method, path, query, operation, principal, recorded, requestId, receivedAt, status: res.statusCode };
    deps.state.requestLog.push(logEntry(req, outcome, deps.credentials));
  }
}

async function handleControl(method: string, path: string, res: ServerResponse, requestId: string, deps: HandlerDeps): Promise<void> {
  if (path !== REQUEST_LOG_PATH) {
    await handleStateControl(method, path, res, requestId, deps);
  } else if (method === 'GET' || method === 'HEAD') {
    sendJson(res, requestId, { status: 200, body: deps.state.requestLog });
  } else if (method === 'DELETE') {
    deps.state.requestLog.length = 0;
    sendJson(res, requestId, { status: 204 });
  } else {
    sendProblem(res, requestId, methodNotAllowed(method, path, ['GET', 'HEAD', 'DELETE']), deps);
  }
}

const controlRouter = createRouter(controlRoutes);

/** The read-only views of the sandbox's state (control.ts). */
async function handleStateControl(method: string, path: string, res: ServerResponse, requestId: string, deps: HandlerDeps): Promise<void> {
  try {
    const match = controlRouter.match(method, path);
    if (match.kind === 'not-found') {
      throw notFound(`No sandbox control route has the path ${path}.`, `Control routes: ${REQUEST_LOG_PATH}, ${controlRoutes.map((route) => route.pattern).join(', ')}.`);
    }
    if (match.kind === 'method-not-allowed') throw methodNotAllowed(method, path, match.allowed);
    const context = { state: deps.state, params: match.params, query: new URLSearchParams(), headers: {}, body: undefined, principal: 'anonymous' as const, requestId, path, now: deps.now, record: () => undefined };
    sendJson(res, requestId, await match.route.handle(context));
  } catch (error) {
    sendProblem(res, requestId, error instanceof ProblemError ? error : internalError(), deps);
  }
}

function sendJson(res: ServerResponse, requestId: string, response: RouteResponse): void {
  const hasBody = response.body !== undefined && response.status !== 204;
  writeResponse(res, requestId, response.status, hasBody ? JSON.stringify(response.body) : undefined, {
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...response.headers,
  });
}

function sendProblem(res: ServerResponse, requestId: string, error: ProblemError, deps: HandlerDeps): void {
  const details = toProblemDetails(error.problem, { requestId, time: deps.now() });
  // Belt and braces: no problem may carry a sandbox credential, even one a client put in the path.
  const payload = redact(JSON.stringify(details), deps.credentials);
  writeResponse(res, requestId, error.problem.status, payload, {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    ...error.problem.headers,
  });
}

function writeResponse(
  res: ServerResponse,
  requestId: string,
  status: number,
  payload: string | undefined,
  headers: Record<string, string>,
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    ...headers,
    'X-Request-Id': requestId,
    'Cache-Control': 'no-store',
    ...(payload !== undefined ? { 'Content-Length': String(Buffer.byteLength(payload)) } : {}),
  });
  res.end(payload);
}

interface LogFacts {
  method: string;
  path: string;
  query: URLSearchParams;
  operation: string | undefined;
  principal: Principal | undefined;
  /** What the route recorded with RouteContext.record. */
  recorded: Record<string, unknown>;
  requestId: string;
  receivedAt: Date;
  status: number;
}

function logEntry(req: IncomingMessage, facts: LogFacts, credentials: SandboxCredentials): RequestLogEntry {
  return {
    method: facts.method,
    path: redact(facts.path, credentials),
    query: queryRecord(facts.query, credentials),
    ...(facts.operation !== undefined ? { operation: facts.operation } : {}),
    status: facts.status,
    requestId: facts.requestId,
    headerNames: headerNames(req),
    ...(facts.principal !== undefined ? { principal: facts.principal } : {}),
    ...(Object.keys(facts.recorded).length > 0 ? { facts: redactFacts(facts.recorded, credentials) } : {}),
    time: facts.receivedAt.toISOString(),
  };
}

/** Names as sent, lower-cased and without repeats; values are never kept. */
function headerNames(req: IncomingMessage): string[] {
  const names = req.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());
  return [...new Set(names)];
}

function queryRecord(query: URLSearchParams, credentials: SandboxCredentials): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name).map((value) => redact(value, credentials));
    record[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return record;
}

/** Splits the request target into the raw (still encoded) path and the query. */
function splitTarget(target: string): { path: string; query: URLSearchParams } {
  const queryStart = target.indexOf('?');
  let path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : target.slice(queryStart + 1));
  // Absolute-form targets (sent through proxies) carry scheme and host.
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      path = `/${path}`;
    }
  }
  return { path, query };
}

function unknownPathRemedy(path: string): string {
  if (path.startsWith('/v1/') || path.startsWith('/search/v1/')) {
    return 'Check the path against the platform API spec; the sandbox serves only the operations of section 4.';
  }
  return 'API paths start with /v1/ (search with /search/v1/); check the base URL ipctl is configured with.';
}

/** Facts come from requests (a search value, say); a credential typed into one must not reach the log. */
function redactFacts(facts: Record<string, unknown>, credentials: SandboxCredentials): Record<string, unknown> {
  const redactValue = (value: unknown): unknown => {
    if (typeof value === 'string') return redact(value, credentials);
    if (Array.isArray(value)) return value.map(redactValue);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, credentials), redactValue(item)]));
    }
    return value;
  };
  return redactValue(facts) as Record<string, unknown>;
}

function redact(text: string, credentials: SandboxCredentials): string {
  let result = text;
  for (const secret of [credentials.apiKey, credentials.token]) {
    if (secret) result = result.split(secret).join(REDACTED);
  }
  return result;
}

const REQUEST_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `req_` + 20 random alphanumerics. */
export function newRequestId(): string {
  let id = 'req_';
  for (let index = 0; index < 20; index += 1) id += REQUEST_ID_ALPHABET[randomInt(REQUEST_ID_ALPHABET.length)];
  return id;
}
