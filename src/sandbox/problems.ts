// Problem Details (RFC 9457) for every error the sandbox returns. Handlers
// throw a ProblemError; the server turns it into a response, adding the parts
// that depend on the request (instance, requestId, time).

const PROBLEM_TYPE_BASE = 'https://sandbox.ipctl.dev/problems/';
const SUPPORT_EMAIL = 'support@sandbox.ipctl.dev';
const SUPPORT_URL = 'https://sandbox.ipctl.dev/support';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** One item of a validation failure (section 7, `issues`). */
export interface ProblemIssue {
  type: string;
  title?: string;
  detail: string;
  /** Where the offending value was: path, query, header or body. */
  in: 'path' | 'query' | 'header' | 'body';
  /** Parameter name or body path; "" for the body as a whole. */
  name: string;
  value: unknown;
}

/** What a handler decides about a problem; the request-specific fields come later. */
export interface ProblemInit {
  status: number;
  /** Last segment of the type URI, e.g. "not-found". */
  kind: string;
  title: string;
  detail: string;
  remedy?: string;
  retryable?: boolean;
  issues?: ProblemIssue[];
  context?: Record<string, unknown>;
  /** Extra response headers, e.g. Allow or WWW-Authenticate. */
  headers?: Record<string, string>;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  subsystem: 'sandbox';
  time: string;
  requestId: string;
  remedy?: string;
  retryable?: boolean;
  issues?: ProblemIssue[];
  context?: Record<string, unknown>;
  supportEmail: string;
  supportUrl: string;
}

export class ProblemError extends Error {
  readonly problem: ProblemInit;

  constructor(problem: ProblemInit) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`);
    this.name = 'ProblemError';
    this.problem = problem;
  }
}

export function problemType(kind: string): string {
  return PROBLEM_TYPE_BASE + kind;
}

/** Section 7: `instance` is a URI naming this occurrence; the request ID makes one that is absolute. */
function problemInstance(requestId: string): string {
  return `urn:ipctl-sandbox:request:${requestId}`;
}

export function toProblemDetails(
  init: ProblemInit,
  request: { requestId: string; time: Date },
): ProblemDetails {
  return {
    type: problemType(init.kind),
    title: init.title,
    status: init.status,
    detail: init.detail,
    instance: problemInstance(request.requestId),
    subsystem: 'sandbox',
    time: request.time.toISOString(),
    requestId: request.requestId,
    ...(init.remedy !== undefined ? { remedy: init.remedy } : {}),
    ...(init.retryable !== undefined ? { retryable: init.retryable } : {}),
    ...(init.issues !== undefined ? { issues: init.issues } : {}),
    ...(init.context !== undefined ? { context: init.context } : {}),
    supportEmail: SUPPORT_EMAIL,
    supportUrl: SUPPORT_URL,
  };
}

// ---------------------------------------------------------------- the problems the sandbox raises

/** A validation failure (section 7: status 400, title Bad Request); the remedy may say more than the default. */
export function badRequest(detail: string, issues: ProblemIssue[], remedy?: string): ProblemError {
  return new ProblemError({
    status: 400,
    kind: 'validation',
    title: 'Bad Request',
    detail,
    issues,
    retryable: false,
    remedy: remedy ?? 'Correct the request as described in `issues` and send it again.',
  });
}

/**
 * A body that breaks the service's published request contract (a field of the
 * wrong JSON type): status 422, as the service answers before it looks further.
 */
export function unprocessableContent(detail: string, issues: ProblemIssue[]): ProblemError {
  return new ProblemError({
    status: 422,
    kind: 'contract',
    title: 'Unprocessable Content',
    detail,
    issues,
    retryable: false,
    remedy: 'Send each field in the shape the published contract gives it, as described in `issues`.',
  });
}

export function notFound(detail: string, remedy?: string): ProblemError {
  return new ProblemError({
    status: 404,
    kind: 'not-found',
    title: 'Not Found',
    detail,
    retryable: false,
    ...(remedy !== undefined ? { remedy } : {}),
  });
}

export function methodNotAllowed(method: string, path: string, allowed: string[]): ProblemError {
  return new ProblemError({
    status: 405,
    kind: 'method-not-allowed',
    title: 'Method Not Allowed',
    detail: `${method} is not supported on ${path}; use ${allowed.join(' or ')}.`,
    retryable: false,
    headers: { Allow: allowed.join(', ') },
  });
}

export function payloadTooLarge(limitBytes: number): ProblemError {
  return new ProblemError({
    status: 413,
    kind: 'payload-too-large',
    title: 'Content Too Large',
    detail: `The request body exceeds the sandbox limit of ${limitBytes} bytes.`,
    retryable: false,
    remedy: 'Send a smaller request body.',
    // The unread rest of the body would otherwise be parsed as the next request.
    headers: { Connection: 'close' },
  });
}

export function unsupportedMediaType(received: string | undefined): ProblemError {
  return new ProblemError({
    status: 415,
    kind: 'unsupported-media-type',
    title: 'Unsupported Media Type',
    detail: received
      ? `The request body has Content-Type "${received}"; this operation accepts application/json.`
      : 'The request body has no Content-Type; this operation accepts application/json.',
    retryable: false,
    remedy: 'Send the body as JSON with the header Content-Type: application/json.',
    headers: { 'Accept-Post': 'application/json', 'Accept-Patch': 'application/json' },
  });
}


export function internalError(): ProblemError {
  return new ProblemError({
    status: 500,
    kind: 'internal',
    title: 'Internal Server Error',
    detail: 'The sandbox failed while handling this request.',
    retryable: false,
    remedy: 'This is a bug in the ipctl sandbox; please report it with the requestId.',
  });
}
