// The flags and values many commands take: the output flags, an identifier, and the completion sources a flag's values come from.
import { isDotSegment } from '../api/path.js';
import { dataFormats, type OutputFormat } from '../output/view.js';
import * as z from '../schema/zod.js';
import { flag } from './flag.js';

/** `-o/--output`, `--json`, `--wide` and `--query`, on every command that prints data. */
export function outputFlags<Format extends OutputFormat>(formats: readonly Format[]) {
  return {
    output: flag(
      '-o, --output <format>',
      `output format: ${formats.join(', ')} (default: table, fitted to the terminal)`,
      z.optional(z.enum(formats as unknown as [Format, ...Format[]], { error: `must be one of ${formats.join(', ')}` })),
      { values: formats },
    ),
    json: flag('--json', 'the same as --output json', z.optional(z.boolean())),
    wide: flag('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', z.optional(z.boolean())),
    query: flag('--query <expression>', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', z.optional(z.string().check(z.minLength(1, 'must not be empty')))),
  };
}

export const outputFlag = outputFlags(dataFormats);

/**
 * An identifier from the command line: not empty, no control characters, and
 * never a path step of its own (`.` or `..`, written plainly or
 * percent-encoded), which would send the request to another resource.
 */
export const identifier = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(200, 'is too long (200 characters at most)'),
    z.regex(/^[^\u0000-\u001f\u007f/]+$/, 'must not contain "/" or control characters'),
    z.refine((value) => !isDotSegment(value), 'must not be "." or "..": those name no resource'),
  );

/** Completion sources for `values` (see src/completion/values.ts). */
export { apiRoutes, connectionIds, destinationRefs, filePaths, filterOperators, partialChoices, profileNames, projectRefs, providerNames } from '../completion/values.js';
