import type { OutputFormat } from './view.js';

/** --json wins over --output; the default is a table. Values were validated by the command's schema. */
export function outputFormat(options: { output?: unknown; json?: unknown }): OutputFormat {
  if (options.json === true || options.output === 'json') return 'json';
  if (options.output === 'ndjson') return 'ndjson';
  return 'table';
}
