import type { ApiResponse } from '../api/client.js';
import type { Context } from '../context.js';
import { UserError } from '../errors.js';
import { isDocumentFormat } from '../output/format.js';
import { visible } from '../output/outside-text.js';
import type { Outcome } from '../output/view.js';
import { maxDepth, nestingDepth } from '../nesting.js';

/* What `ipctl api` makes of an answer: its status line and headers (-i), and its body as data or text. */

export { maxDepth, nestingDepth };

/** The status line and the headers, as --include prints them; the server's text made visible. */
export function headLines(response: Pick<ApiResponse, 'status' | 'statusText' | 'headers'>): string {
  const lines = [`HTTP/1.1 ${response.status} ${response.statusText}`.trimEnd()];
  for (const [name, value] of Object.entries(response.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) lines.push(`${name}: ${item}`);
  }
  return `${visible(lines.join('\n'), { lines: true })}\n\n`;
}

/**
 * A JSON answer is data, printed as JSON unless -o yaml; an answer of another
 * type is text, shown as it came. One that says it is JSON and is not is an error.
 */
export function answerOutcome(response: ApiResponse, request: { method: string; url: URL }, context: Context): Outcome {
  let data: unknown;
  try {
    data = JSON.parse(response.body);
  } catch {
    const requestId = headerText(response.headers['x-request-id']);
    const said = ` (request ${requestId ?? 'without an ID'})`;
    if (/[/+]json\b/i.test(headerText(response.headers['content-type']) ?? '')) {
      throw new UserError(`The server's answer to ${request.method} ${request.url.pathname} was not understood: the body is not JSON${said}.`);
    }
    if (isDocumentFormat(context.format)) {
      throw new UserError(`The answer (HTTP ${response.status}) is not JSON, so -o and --query cannot be applied${said}; leave them out to see it as it came.`);
    }
    return { data: response.body, view: { kind: 'text', text: response.body.replace(/\n$/, '') } };
  }
  if (nestingDepth(response.body) > maxDepth) {
    throw new UserError(`The answer (HTTP ${response.status}) is nested deeper than ${maxDepth} levels; ipctl does not print it.`);
  }
  // The answer of an API is a document: without -o, it is printed as JSON, not as a table.
  if (!isDocumentFormat(context.format)) context.format = 'json';
  return { data, view: { kind: 'text', text: JSON.stringify(data, null, 2) } };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
