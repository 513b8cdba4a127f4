import type { Command } from 'commander';
import { completeValues } from '../completion/values.js';
import { UsageError } from '../errors.js';
import { dataFormats, type OutputFormat } from '../output/view.js';
import * as z from '../schema/zod.js';
import type { RawInput } from './command.js';

/**
 * Parses raw command-line input with a zod schema. Every problem is reported
 * at once, each naming the flag or argument it is about.
 */
export function parseInput<Schema extends z.ZodMiniType>(schema: Schema, raw: RawInput, command: Command): z.infer<Schema> {
  const result = schema.safeParse({ ...raw.options, ...raw.args });
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${describeKey(String(issue.path[0] ?? ''), command)}: ${issue.message}`);
  throw usageError(problems, `See: ipctl ${commandPath(command)} --help`);
}

/** One usage error for every problem found, each naming its flag, as parseInput reports them. */
export function usageError(problems: string[], hint?: string): UsageError {
  return new UsageError(
    problems.length === 1 ? `Invalid input. ${problems[0]}` : `Invalid input (${problems.length} problems):`,
    hint,
    problems.length === 1 ? [] : problems,
  );
}

function describeKey(key: string, command: Command): string {
  for (let current: Command | null = command; current; current = current.parent) {
    const option = current.options.find((candidate) => candidate.attributeName() === key);
    if (option) return option.long ?? option.short ?? key;
  }
  const argument = command.registeredArguments.find((candidate) => candidate.name() === key);
  if (argument) return argumentLabel(argument.name());
  return key || 'input';
}

export function argumentLabel(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
}

export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

/** `-o/--output` and `--json`, on every command that prints data. */
export function addOutputOptions(command: Command, formats: readonly OutputFormat[] = dataFormats): Command {
  command
    .option('-o, --output <format>', `output format: ${formats.join(', ')} (default: table)`)
    .option('--json', 'the same as --output json')
    .option('--query <expression>', 'a JMESPath expression applied to the JSON output (implies --output json)');
  return completeValues(command, '--output', formats);
}

/** The zod fields for `-o/--output` and `--json`, spread into a command's schema. */
export function outputFields(formats: readonly OutputFormat[] = dataFormats) {
  return {
    output: z.optional(z.enum(formats as [OutputFormat, ...OutputFormat[]], { error: `must be one of ${formats.join(', ')}` })),
    json: z.optional(z.boolean()),
    query: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  };
}

export const outputSchema = outputFields();

/** An identifier from the command line: not empty, no control characters. */
export const identifier = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(200, 'is too long (200 characters at most)'),
    z.regex(/^[^\u0000-\u001f\u007f/]+$/, 'must not contain "/" or control characters'),
  );

/**
 * Shell completion of option and argument values: declare them in configure(),
 * as in `completeValues(command, '--status', inviteStatuses)`. See src/completion/values.ts.
 */
export { completeValues, filePaths, filterOperators, partialChoices, profileNames, type ValueSource } from '../completion/values.js';
