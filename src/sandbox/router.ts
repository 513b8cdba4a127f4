// Routing on method + path pattern. Patterns are written as in the spec, e.g.
// `/v1/projects/{projectIdOrName}/connections:generate`; a segment is either a
// literal (colons included) or a whole `{param}`.
import type { IncomingHttpHeaders } from 'node:http';
import type { CredentialRequirement, Principal } from './auth.js';
import { badRequest } from './problems.js';
import type { SandboxState } from './state.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The methods a path takes: its routes' methods, and HEAD wherever GET is. */
type AllowedMethod = HttpMethod | 'HEAD';

/** What a handler gets: the state to read or change and the parsed request. */
export interface RouteContext {
  state: SandboxState;
  /** URL-decoded path parameters named as in the pattern. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body for routes with `body: 'json'`; undefined when none was sent. */
  body: unknown;
  principal: Principal;
  requestId: string;
  /** Request path as sent, for messages. */
  path: string;
  now(): Date;
  /**
   * Adds operation-specific facts to this request's log entry, for tests to
   * assert on (what a search asked for, say). Never credentials: the log is served as is.
   */
  record(facts: Record<string, unknown>): void;
}

export interface RouteResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  /** Operation name, recorded in the request log. */
  operation: string;
  method: HttpMethod;
  pattern: string;
  auth: CredentialRequirement;
  /** 'json' when the operation takes a JSON request body (section 4). */
  body?: 'json';
  handle(context: RouteContext): RouteResponse | Promise<RouteResponse>;
}

/**
 * One row of a route table, with the endpoint written as the spec writes it:
 * `route('getOrg', 'GET /v1/orgs/{orgId}', 'bearer', handle)`.
 */
export function route(
  operation: string,
  endpoint: `${HttpMethod} /${string}`,
  auth: CredentialRequirement,
  handle: Route['handle'],
  options: { body?: 'json' } = {},
): Route {
  const [method, pattern] = endpoint.split(' ') as [HttpMethod, string];
  return { operation, method, pattern, auth, ...options, handle };
}

/** The answer most read operations give: 200 with `body`. */
export function ok(body: unknown): RouteResponse {
  return { status: 200, body };
}

type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: AllowedMethod[] }
  | { kind: 'not-found' };

type Segment = { literal: string } | { param: string };

interface CompiledRoute {
  route: Route;
  segments: Segment[];
}

export interface Router {
  match(method: string, rawPath: string): RouteMatch;
}

export function createRouter(routes: readonly Route[]): Router {
  const compiled = routes.map((route) => ({ route, segments: compilePattern(route.pattern) }));
  return { match: (method, rawPath) => matchRoute(compiled, method, rawPath) };
}

function compilePattern(pattern: string): Segment[] {
  return pattern.split('/').map((part) => {
    const param = /^\{([A-Za-z][A-Za-z0-9]*)\}$/.exec(part);
    return param ? { param: param[1] as string } : { literal: part };
  });
}

/** Throws a 400 problem when a segment is not valid percent-encoding. */
function matchRoute(compiled: readonly CompiledRoute[], method: string, rawPath: string): RouteMatch {
  const segments = decodeSegments(rawPath);
  // HEAD is GET without the body (RFC 9110, 9.3.2): Node's server leaves the body out of a HEAD answer.
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allowed: AllowedMethod[] = [];
  for (const { route, segments: pattern } of compiled) {
    const params = matchSegments(pattern, segments);
    if (params === undefined) continue;
    if (route.method === wanted) return { kind: 'found', route, params };
    for (const each of route.method === 'GET' ? (['GET', 'HEAD'] as const) : [route.method]) if (!allowed.includes(each)) allowed.push(each);
  }
  return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
}

function matchSegments(pattern: readonly Segment[], segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] as string;
    if ('literal' in part) {
      if (part.literal !== segment) return undefined;
    } else {
      if (segment === '') return undefined;
      params[part.param] = segment;
    }
  }
  return params;
}

function decodeSegments(rawPath: string): string[] {
  return rawPath.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw badRequest('The request path is not valid percent-encoding.', [
        {
          type: 'https://sandbox.ipctl.dev/problems/invalid-path-encoding',
          title: 'Invalid percent-encoding',
          detail: `The path segment "${segment}" cannot be URL-decoded.`,
          in: 'path',
          name: segment,
          value: segment,
        },
      ]);
    }
  });
}
