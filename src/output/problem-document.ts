import { ApiError, BulkImportError, ConfigError, CredentialError, InterruptedError, NetworkError, type Problem, UsageError, UserError } from '../errors.js';

/**
 * Every failure as one RFC 9457 problem-details document, for scripts that
 * asked for -o json or -o yaml: what the service sent, or what ipctl found
 * itself (invalid input, missing credentials, the network, a bug, a bulk
 * import with rows not created). Beside the standard members: `exitCode`,
 * `errors` (always there, empty when there is nothing to list: the
 * field-level problems, each with its flag, field or line where known, or a
 * bulk import's rows, with `errorsNotListed` counting those left out),
 * `retryAfter` (seconds, when the service said when to try again) and
 * `notes`: ipctl's own lines, about a service's problem (a hint about the base
 * URL) and the notices the run said before it failed (diagnostics.ts adds those).
 */
export interface ProblemDocument {
  type: string;
  title: string;
  status?: number;
  detail?: string;
  instance?: string;
  exitCode: number;
  errors: FieldError[];
  errorsNotListed?: number;
  retryAfter?: number;
  notes?: string[];
  [member: string]: unknown;
}

interface FieldError {
  detail: string;
  flag?: string;
  field?: string;
  line?: number;
  /** A bulk import's row: what became of it, as its results file says (failed, uncertain, invalid). */
  status?: string;
}

/** The type URIs of the problems ipctl finds itself. */
const ownType = (kind: string) => `urn:ipctl:problem:${kind}`;

export function problemDocument(error: unknown, exitCode: number, options: { now: Date; debug: boolean }): ProblemDocument {
  if (error instanceof ApiError) return apiProblem(error, exitCode, options.now);
  if (error instanceof BulkImportError) return importProblem(error, exitCode);
  if (error instanceof UserError) {
    const detail = [error.hint, ...error.notes].filter(Boolean).join('\n');
    const errors = error instanceof UsageError ? error.problems.map(fieldError) : [];
    return dropEmpty({ type: ownType(kindOf(error)), title: error.message, detail: detail || undefined, exitCode, errors });
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = options.debug && error instanceof Error ? error.stack : undefined;
  return dropEmpty({ type: ownType('internal-error'), title: 'ipctl failed unexpectedly; this is a bug', detail: `${message}. Please report it, with the command you ran and the output of \`ipctl version\`.`, exitCode, errors: [], stack });
}

function apiProblem(error: ApiError, exitCode: number, now: Date): ProblemDocument {
  const problem: Problem = error.problem;
  const retryAfter = retryAfterSeconds(error, now);
  const errors = (problem.issues ?? []).map((issue) => dropEmpty({ detail: issue.detail ?? issue.title ?? 'invalid', field: issue.name }));
  return dropEmpty({
    ...problem,
    type: problem.type ?? 'about:blank',
    title: problem.title ?? `HTTP ${error.status}`,
    status: error.status,
    exitCode,
    errors,
    retryAfter,
    // ipctl's own words beside the service's: how many attempts were made, a hint about the base URL.
    ...(error.notes.length > 0 ? { notes: [...error.notes] } : {}),
  });
}

/** A bulk import's rows by line, never their values: the results file has the rest. */
function importProblem(error: BulkImportError, exitCode: number): ProblemDocument {
  const errors = error.rows.map((row) => ({ line: row.line, status: row.status, detail: row.detail }));
  return dropEmpty({ type: ownType(error.kind), title: error.message, detail: error.hint, exitCode, errors, errorsNotListed: error.rowsNotListed > 0 ? error.rowsNotListed : undefined });
}

/** When the service said to try again (Retry-After, or the problem's retryAfter time), in whole seconds from now. */
function retryAfterSeconds(error: ApiError, now: Date): number | undefined {
  const header = error.retryAfter?.trim();
  if (header && /^\d+$/.test(header)) return Number(header);
  const at = header && !/^\d+$/.test(header) ? Date.parse(header) : Number.NaN;
  const when = Number.isNaN(at) && typeof error.problem.retryAfter === 'string' ? Date.parse(error.problem.retryAfter) : at;
  if (Number.isNaN(when)) return undefined;
  return Math.max(0, Math.ceil((when - now.getTime()) / 1000));
}

function kindOf(error: UserError): string {
  if (error instanceof UsageError) return 'invalid-input';
  if (error instanceof CredentialError) return 'credentials';
  if (error instanceof ConfigError) return 'profile-file';
  if (error instanceof NetworkError) return 'network';
  if (error instanceof InterruptedError) return 'interrupted';
  return 'failure';
}

/** "--status: must be…", "line 3: provider is required.", or a sentence. */
function fieldError(problem: string): FieldError {
  const line = /^line (\d+): (.*)$/s.exec(problem);
  if (line) return { line: Number(line[1]), detail: line[2]! };
  const flag = /^(--[\w-]+|[A-Z][A-Z_]*)(?: [^:]*)?: (.*)$/s.exec(problem);
  if (flag) return { flag: flag[1]!, detail: flag[2]! };
  // A body field: "groupRef is required…", "customAuth.role must be one of…".
  const field = /^([a-z][\w]*(?:\.[\w]+)*) (?:is|must|does|and) /.exec(problem);
  if (field) return { field: field[1]!, detail: problem };
  return { detail: problem };
}

function dropEmpty<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
