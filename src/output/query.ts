import { compile, type JSONValue, tokenize, TreeInterpreter } from '@jmespath-community/jmespath';
import { exitCodes, UsageError, UserError } from '../errors.js';

/** Compiles a --query JMESPath expression up front, so a bad one fails before any request. */
export function compileQuery(expression: string): (data: unknown) => unknown {
  let ast: ReturnType<typeof compile>;
  try {
    ast = compile(expression);
  } catch (error) {
    const at = syntaxErrorAt(expression);
    const literal = /JSON literal/.test((error as Error).message) ? ['Between backticks goes JSON: `"text"` for a string (or \'text\', a raw string), `5` for a number.'] : [];
    throw new UsageError(
      `--query: "${expression}" is not a valid JMESPath expression: ${(error as Error).message.replace(/[.:\s]+$/, '')} (at character ${at + 1}).`,
      [...pointAt(expression, at), ...literal, 'For example: --query "[].id" or --query "{id: id, name: name}". See https://jmespath.org.'].join('\n'),
    );
  }
  return (data) => {
    try {
      return TreeInterpreter.search(ast, data as JSONValue);
    } catch (error) {
      // A valid expression can still fail on the data (comparing a string with a number, say).
      // The request, if any, was sent and answered: exit 1, as for an answer that cannot be used.
      throw new UserError(
        `--query: "${expression}" could not be applied to the result: ${(error as Error).message}.`,
        exitCodes.failure,
        'Look at the data first with -o json and no --query, then adjust the expression.',
      );
    }
  };
}

/**
 * Where a JMESPath expression that does not compile goes wrong, as an index
 * into it (its length when it ends too soon). The library's messages name a
 * token but not where it is, so the expression is read again in parts: a
 * token that cannot be read starts where the longest readable beginning ends;
 * a token the grammar refuses is the last of the shortest beginning that fails
 * other than by ending too soon.
 */
function syntaxErrorAt(expression: string): number {
  let tokens: ReturnType<typeof tokenize>;
  try {
    tokens = tokenize(expression);
  } catch {
    let readable = 0;
    for (let end = 0; end <= expression.length; end++) if (reads(() => tokenize(expression.slice(0, end)))) readable = end;
    return Math.min(expression.length, readable + (expression.slice(readable).length - expression.slice(readable).trimStart().length));
  }
  const starts = tokens.filter((token) => String(token.type) !== 'EOF').map((token) => token.start);
  for (const [index, start] of starts.entries()) {
    const end = starts[index + 1] ?? expression.length;
    try {
      compile(expression.slice(0, end));
    } catch (error) {
      if (!/EOF|end of/i.test((error as Error).message)) return start;
    }
  }
  return expression.length;
}

function reads(attempt: () => unknown): boolean {
  try {
    attempt();
    return true;
  } catch {
    return false;
  }
}

/** The expression, and a caret under the character at `at`; nothing when it has characters that would put the caret out of line. */
function pointAt(expression: string, at: number): string[] {
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]|[^\u0000-\u2e7f]/.test(expression)) return [];
  return [`  ${expression}`, `  ${' '.repeat(at)}^`];
}
