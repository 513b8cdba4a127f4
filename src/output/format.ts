import type { OutputFormat } from './view.js';

const formats: readonly string[] = ['table', 'json', 'yaml', 'ndjson'];

/**
 * --json wins over --output; --query alone implies JSON; the default is a table.
 * Values were validated by the command's schema.
 */
export function outputFormat(options: { output?: unknown; json?: unknown; query?: unknown }): OutputFormat {
  if (options.json === true) return 'json';
  if (typeof options.output === 'string' && formats.includes(options.output)) return options.output as OutputFormat;
  return options.query !== undefined ? 'json' : 'table';
}

/** Formats that print machine-readable documents (and so problems as JSON on stderr). */
export function isDocumentFormat(format: OutputFormat | undefined): boolean {
  return format === 'json' || format === 'yaml' || format === 'ndjson';
}

/**
 * The output format argv asks for, read from the words alone: for an error
 * that commander finds before any option is parsed (an unknown flag), so that
 * it too is reported in that format.
 */
export function requestedFormat(args: readonly string[]): OutputFormat {
  let output: string | undefined;
  let json = false;
  let query = false;
  for (let index = 0; index < args.length && args[index] !== '--'; index++) {
    const arg = args[index]!;
    if (arg === '--json') json = true;
    else if (arg === '--query' || arg.startsWith('--query=')) query = true;
    else if (arg === '-o' || arg === '--output') output = args[index + 1];
    else if (arg.startsWith('--output=')) output = arg.slice('--output='.length);
    else if (arg.startsWith('-o') && arg.length > 2 && !arg.startsWith('--')) output = arg.slice(2);
  }
  return outputFormat({ output, json: json || undefined, query: query ? '' : undefined });
}
