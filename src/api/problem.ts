import type { Problem } from '../errors.js';
import { maxDepth, tooDeep } from '../nesting.js';
import { ProblemSchema } from './schemas.js';

const excerptLength = 200;

/**
 * Turns an error response into problem details. A body that is not a problem
 * object (an HTML page from a proxy, say) still yields a readable problem with
 * the status and a short excerpt of what came back.
 */
export function parseProblem(status: number, statusText: string, contentType: string, body: string, method = 'GET'): Problem {
  // A HEAD answer never has a body (RFC 9110, 9.3.2), whatever its Content-Type says.
  if (method === 'HEAD' && body === '') {
    return {
      title: statusText || `HTTP ${status}`,
      status,
      detail: `The server answered HTTP ${status}; an answer to HEAD carries no body, so it has no problem details to show. Send the same request with GET (-X GET) to see them.`,
    };
  }
  const parsed = parseJsonObject(body);
  if (parsed && tooDeep(body)) {
    return {
      title: statusText || `HTTP ${status}`,
      status,
      detail: `The server answered HTTP ${status} with a document nested too deeply (more than ${maxDepth} levels of arrays and objects); ipctl does not read it.`,
    };
  }
  if (parsed) {
    const problem = ProblemSchema.safeParse(parsed);
    if (problem.success) return { ...problem.data, status: problem.data.status ?? status };
  }
  const kind = contentType ? contentType.split(';')[0]!.trim() : 'no content type';
  const excerpt = excerptOf(body);
  return {
    title: statusText || `HTTP ${status}`,
    status,
    detail: excerpt
      ? `The server answered without problem details (${kind}): "${excerpt}"`
      : `The server answered without problem details (${kind}) and an empty body.`,
  };
}

function parseJsonObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A short, single-line, tag-free excerpt of a body. */
function excerptOf(body: string): string {
  const plain = body
    .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= excerptLength) return plain;
  // Cut between words, never inside one: a cut token would be a credential's prefix no scrubber knows.
  const cut = plain.slice(0, excerptLength + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > 0 ? cut.slice(0, lastSpace) : ''}…`;
}
