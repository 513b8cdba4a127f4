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
