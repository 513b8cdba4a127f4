/**
 * The typed errors of ipctl. Commands throw them; run.ts's report() alone
 * catches them, renders them to stderr and maps them to an exit code (see exitCodes).
 */

export const exitCodes = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  credentials: 4,
  temporary: 5,
  /** A bug: an error ipctl did not expect (EX_SOFTWARE). */
  software: 70,
  interrupted: 130,
  /** Ended by SIGHUP (128 + 1): the terminal or session closed. */
  hangUp: 129,
  /** Ended by SIGQUIT (128 + 3). */
  quit: 131,
  /** Ended by SIGTERM (128 + 15), as shells report it. */
  terminated: 143,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** Something the user can fix; carries the exit code and an optional hint. */
export class UserError extends Error {
  /** Lines shown after the message and hint, such as how many attempts were made. */
  readonly notes: string[] = [];

  constructor(
    message: string,
    readonly exitCode: ExitCode = exitCodes.failure,
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Invalid flags, arguments or files: exit 2, nothing was sent. */
export class UsageError extends UserError {
  constructor(
    message: string,
    hint?: string,
    /** Every problem found, each naming its flag, field or line. */
    readonly problems: string[] = [],
    /** Whether the message already says the one problem, so that text output does not list it again. */
    readonly inMessage = false,
  ) {
    super(message, exitCodes.usage, hint);
  }
}

/** One usage error for every problem found, each naming its flag. */
export function usageError(problems: string[], hint?: string): UsageError {
  const one = problems.length === 1;
  return new UsageError(one ? `Invalid input. ${problems[0]}` : `Invalid input (${problems.length} problems):`, hint, problems, one);
}

/** A credential the operation needs is not configured: exit 4, nothing was sent. */
export class CredentialError extends UserError {
  constructor(message: string, hint?: string) {
    super(message, exitCodes.credentials, hint);
  }
}

/** The profile file cannot be read or is invalid; it is left as it is. */
export class ConfigError extends UserError {
  constructor(message: string, hint?: string) {
    super(message, exitCodes.usage, hint);
  }
}

/** Errors that say the path itself cannot be written (permissions, a read-only file system): fix the path, exit 2. */
const pathCodes = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP']);

/**
 * A file ipctl writes could not be written: a full disk, a quota or a
 * file-size limit, an I/O error (exit 1), or a path it may not write (exit 2).
 * Never a bug: the message names the file and the system's reason.
 */
export class FileWriteError extends UserError {
  constructor(
    message: string,
    hint: string | undefined,
    /** The system's error code (ENOSPC, EIO, ...). */
    readonly code: string | undefined,
  ) {
    super(message, code !== undefined && pathCodes.has(code) ? exitCodes.usage : exitCodes.failure, hint);
  }
}

/** The network failed or timed out before an answer came: exit 5. */
export class NetworkError extends UserError {
  constructor(
    message: string,
    hint?: string,
    /** The system or undici error code (ECONNREFUSED, UND_ERR_HEADERS_TIMEOUT, ...), when there was one. */
    readonly code?: string,
    /** True when the request may have reached the server (it timed out or the connection broke after it was written). */
    readonly maybeSent: boolean = true,
  ) {
    super(message, exitCodes.temporary, hint);
  }
}

/** The user interrupted (Ctrl-C, declined confirmation): exit 130. */
export class InterruptedError extends UserError {
  constructor(message = 'Interrupted.') {
    super(message, exitCodes.interrupted);
  }
}

/**
 * A confirmation answered no: exit 130 as for Ctrl-C, but nothing went wrong,
 * so the message (what was not done) is said plainly, not as an error.
 */
export class DeclinedError extends InterruptedError {}

/** A row of a bulk import named in a problem document: its line, what became of it, and why in ipctl's words or the service's title. */
export interface RowProblem {
  line: number;
  status: string;
  detail: string;
}

/**
 * A bulk import that ended with rows not created: what its summary says on
 * stderr, as one error, for the problem document of -o json, yaml and ndjson.
 * `kind` names the problem type; `rows` are the first rows, `rowsNotListed`
 * how many more there are.
 */
export class BulkImportError extends UserError {
  constructor(
    message: string,
    exitCode: ExitCode,
    hint: string | undefined,
    readonly kind: string,
    readonly rows: RowProblem[],
    readonly rowsNotListed: number,
  ) {
    super(message, exitCode, hint);
  }
}

/** RFC 9457 problem details as the API returns them (spec section 7). */
export interface Problem {
  type?: string;
  href?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  subsystem?: string;
  time?: string;
  requestId?: string;
  causes?: string[];
  remedy?: string;
  supportEmail?: string;
  supportPhone?: string;
  supportUrl?: string;
  retryable?: boolean;
  retryAfter?: string;
  context?: Record<string, unknown>;
  issues?: ProblemIssue[];
  [extra: string]: unknown;
}

interface ProblemIssue {
  type?: string;
  title?: string;
  detail?: string;
  in?: string;
  name?: string;
  value?: unknown;
}

/** The API answered with an error status. */
export class ApiError extends UserError {
  /**
   * ipctl's advice on when to try again, from the answer's Retry-After and
   * what ipctl did about it. When set it is the only retry advice shown: the
   * problem's own retry fields are not repeated beside it.
   */
  advice?: string;

  /** The answer's status text and headers, for `ipctl api -i`; set by the client that received it. */
  head?: { statusText: string; headers: Record<string, string | string[] | undefined> };

  constructor(
    readonly status: number,
    readonly problem: Problem,
    readonly requestId?: string,
    /** The Retry-After header of the answer, as sent (seconds or an HTTP date), when there was one. */
    readonly retryAfter?: string,
  ) {
    super(problem.title ?? `HTTP ${status}`, exitCodeForStatus(status, problem));
  }
}

function exitCodeForStatus(status: number, problem: Problem = {}): ExitCode {
  if (status === 401 || status === 403) return exitCodes.credentials;
  if (status === 404) return exitCodes.notFound;
  if (status === 408 || status === 429 || status >= 500 || problem.retryable === true) {
    return exitCodes.temporary;
  }
  return exitCodes.failure;
}
