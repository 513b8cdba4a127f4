import { compile, type JSONValue, TreeInterpreter } from '@jmespath-community/jmespath';
import { exitCodes, UsageError, UserError } from '../errors.js';

/** Compiles a --query JMESPath expression up front, so a bad one fails before any request. */
export function compileQuery(expression: string): (data: unknown) => unknown {
  let ast: ReturnType<typeof compile>;
  try {
    ast = compile(expression);
  } catch (error) {
    throw new UsageError(
      `--query: "${expression}" is not a valid JMESPath expression: ${(error as Error).message}.`,
      'For example: --query "[].id" or --query "{id: id, name: name}". See https://jmespath.org.',
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
