import type { Paint } from './paint.js';
import type { OutputFormat } from './view.js';
import { escapedInDocument, visible } from './outside-text.js';
import { type ProblemDocument, problemDocument } from './problem-document.js';
import type { OutputStream } from '../deps.js';
import { ApiError, DeclinedError, type Problem, UsageError, UserError } from '../errors.js';

export interface DiagnosticTarget {
  stream: OutputStream;
  paint: Paint;
  debug: boolean;
}

/**
 * Writes an error to stderr in a form a person can act on. Its words may
 * quote a server, so each is shown with its control characters made visible
 * before ipctl adds its own colors.
 */
export function renderError(error: unknown, target: DiagnosticTarget): void {
  if (error instanceof DeclinedError) {
    // The person said no: what was not done, in a plain line.
    target.stream.write(`${visible(error.message)}\n`);
  } else if (error instanceof ApiError) {
    target.stream.write(problemText(error, target.paint));
  } else if (error instanceof UserError) {
    target.stream.write(userErrorText(error, target.paint));
  } else {
    const message = error instanceof Error ? error.message : String(error);
    target.stream.write(`${target.paint.red('Error:')} ipctl failed unexpectedly; this is a bug: ${visible(message)}\n`);
    target.stream.write(`Please report it, with the command you ran and the output of \`ipctl version\`${target.debug ? ' and the trace below' : '; run it again with --debug to include where it failed'}.\n`);
  }
  if (error instanceof UserError) {
    for (const note of error.notes) target.stream.write(`${visible(note)}\n`);
  }
  // A stack trace is for bugs: an error ipctl has words for needs none, even under --debug.
  if (target.debug && !(error instanceof UserError) && error instanceof Error && error.stack) target.stream.write(`${target.paint.dim(visible(error.stack))}\n`);
}

function userErrorText(error: UserError, paint: Paint): string {
  const lines = [`${paint.red('Error:')} ${visible(error.message)}`];
  if (error instanceof UsageError && !error.inMessage) lines.push(...error.problems.map((problem) => `  - ${visible(problem)}`));
  if (error.hint) lines.push(visible(error.hint));
  return `${lines.join('\n')}\n`;
}

/** Title and status, detail, causes, validation issues, remedy, retry advice, requestId, support. */
export function problemText(error: ApiError, paint: Paint): string {
  const problem = visibleProblem(error.problem);
  const lines = [`${paint.red('Error:')} ${paint.bold(problem.title ?? 'Request failed')} (HTTP ${error.status})`];
  if (problem.detail) lines.push(`  ${problem.detail}`);
  for (const cause of problem.causes ?? []) lines.push(`  Cause: ${cause}`);
  for (const issue of problem.issues ?? []) lines.push(`  ${issueText(issue)}`);
  if (problem.remedy) lines.push(`  Remedy: ${problem.remedy}`);
  const retry = error.advice === undefined ? retryText(problem) : visible(error.advice);
  if (retry) lines.push(`  ${retry}`);
  const requestId = error.requestId === undefined ? problem.requestId : visible(error.requestId);
  if (requestId) lines.push(`  Request ID: ${requestId}`);
  const support = [problem.supportEmail, problem.supportPhone, problem.supportUrl].filter(Boolean);
  if (support.length > 0) lines.push(`  Support: ${support.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** The problem with every text in it shown visibly, one line each (outside-text.ts). */
function visibleProblem(problem: Problem): Problem {
  return JSON.parse(JSON.stringify(problem), (_key, value: unknown) => (typeof value === 'string' ? visible(value, { lines: false }) : value)) as Problem;
}

function issueText(issue: NonNullable<Problem['issues']>[number]): string {
  const where = [issue.in, issue.name].filter((part) => part !== undefined && part !== '').join(' ');
  const what = issue.detail ?? issue.title ?? 'invalid';
  return where ? `${where}: ${what}` : what;
}

function retryText(problem: Problem): string | undefined {
  if (problem.retryAfter) return `Retry: after ${problem.retryAfter}`;
  if (problem.retryable === true) return 'Retry: yes, this request can be retried';
  if (problem.retryable === false) return 'Retry: no, retrying will not help';
  return undefined;
}

/**
 * For -o json, yaml or ndjson: stderr carries one problem document in that
 * format and nothing else, so that a script parses every failure as it parses
 * the output.
 */
export async function renderProblemDocument(error: unknown, exitCode: number, target: { stream: OutputStream; format: OutputFormat; now: Date; debug: boolean; notes?: string[] }): Promise<void> {
  const document = withNotes(problemDocument(error, exitCode, target), target.notes ?? []);
  if (target.format === 'yaml') {
    const { toYaml } = await import('./yaml.js');
    target.stream.write(toYaml(document));
  } else {
    target.stream.write(`${escapedInDocument(target.format === 'ndjson' ? JSON.stringify(document) : JSON.stringify(document, null, 2))}\n`);
  }
}

/** The notices the run said before it failed (a lock taken over, a profile file others can read), after ipctl's own notes on the problem. */
function withNotes(document: ProblemDocument, notes: string[]): ProblemDocument {
  return notes.length === 0 ? document : { ...document, notes: [...(document.notes ?? []), ...notes] };
}
