/**
 * What one answer to connections:generate means for a bulk import. The
 * operation is not idempotent, so a row is sent again only when the answer
 * shows the service created nothing:
 *
 * - 429, 503, or any problem with `retryable: true`: nothing was created; the
 *   row waits (everyone slows down) and is sent again, within the waiting
 *   budget (send.ts).
 * - A connection failure before the request was written (refused, DNS, TLS):
 *   nothing can have been created; the same.
 * - Another 4xx: the service refused the row; nothing was created. The row is
 *   failed, and --resume sends it again.
 * - 401, 403 or 404 (credentials, or the project): every other row would get
 *   the same answer, so the run stops.
 * - Another 5xx, a time-out or a connection lost after the request was
 *   written, an answer that cannot be read: the service may have created the
 *   connection. The row is uncertain, and is not sent again unless asked.
 */
import type { Connection } from '../../api/schemas.js';
import { ApiError, NetworkError, type Problem, UserError } from '../../errors.js';
import { requestedWaitMs } from '../../api/retry.js';
import type { RecordedProblem } from './results.js';

export type Answer =
  | { kind: 'created'; connectionId?: string; projectId?: string }
  /** A removal's ending: removed by this request, or not there (already removed, or no connection has the row's key). */
  | { kind: 'removed' | 'absent'; connectionId?: string }
  | { kind: 'retry'; retryAfterMs?: number; problem: RecordedProblem; unreachable?: boolean }
  | { kind: 'failed'; problem: RecordedProblem }
  | { kind: 'stop'; problem: RecordedProblem; error: UserError }
  | { kind: 'uncertain'; problem: RecordedProblem };

export function answerOf(connection: Connection): Answer {
  return { kind: 'created', connectionId: typeof connection.id === 'string' ? connection.id : undefined, projectId: typeof connection.projectId === 'string' ? connection.projectId : undefined };
}

export function answerOfError(error: unknown, now: number): Answer {
  if (error instanceof ApiError) return apiAnswer(error, now);
  if (error instanceof NetworkError) {
    const problem = { title: error.message };
    return error.maybeSent ? { kind: 'uncertain', problem } : { kind: 'retry', problem, unreachable: true };
  }
  if (error instanceof UserError) return { kind: 'uncertain', problem: { title: error.message } };
  return { kind: 'uncertain', problem: { title: 'Unexpected error while sending', detail: error instanceof Error ? error.name : undefined } };
}

function apiAnswer(error: ApiError, now: number): Answer {
  const problem = recordedProblem(error);
  const { status } = error;
  if (status === 429 || status === 503 || error.problem.retryable === true) {
    // The client's reading of Retry-After: a negative or past one is no answer, and the gate backs off.
    return { kind: 'retry', retryAfterMs: requestedWaitMs(error.retryAfter, error.problem, new Date(now)), problem };
  }
  if (status === 401 || status === 403 || status === 404) return { kind: 'stop', problem, error };
  if (status >= 400 && status < 500) return { kind: 'failed', problem };
  return { kind: 'uncertain', problem };
}

/** The problem as the results file keeps it: no issue values, which may be the row's own data. */
function recordedProblem(error: ApiError): RecordedProblem {
  const source: Problem = error.problem;
  const problem: RecordedProblem = { status: error.status };
  if (source.title !== undefined) problem.title = source.title;
  if (source.detail !== undefined) problem.detail = source.detail;
  const requestId = error.requestId ?? source.requestId;
  if (requestId !== undefined) problem.requestId = requestId;
  if (source.issues?.length) problem.issues = source.issues.map((issue) => ({ name: issue.name, detail: issue.detail ?? issue.title }));
  return problem;
}

/** The problem with any of the row's secrets cut out, should the service have repeated one. */
export function scrubbed(problem: RecordedProblem, secrets: string[]): RecordedProblem {
  if (secrets.length === 0) return problem;
  let text = JSON.stringify(problem);
  for (const secret of secrets) text = text.split(JSON.stringify(secret).slice(1, -1)).join('****');
  return JSON.parse(text) as RecordedProblem;
}
