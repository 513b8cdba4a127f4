import { compile, type JSONValue, TreeInterpreter } from '@jmespath-community/jmespath';
import { UsageError } from '../errors.js';

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
  return (data) => TreeInterpreter.search(ast, data as JSONValue);
}
