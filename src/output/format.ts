import type { OutputFormat } from './view.js';

const formats: readonly string[] = ['table', 'wide', 'json', 'yaml', 'ndjson'];

/** The output options as commander collected them. */
export interface OutputOptions {
  output?: unknown;
  json?: unknown;
  wide?: unknown;
  query?: unknown;
}

/**
 * --json and --wide stand for --output json and --output wide; --query alone
 * implies JSON; the default is a table. Values were validated by the command's
 * schema, and outputConflict has refused two formats at once.
 */
export function outputFormat(options: OutputOptions): OutputFormat {
  if (options.json === true) return 'json';
  if (options.wide === true) return 'wide';
  if (typeof options.output === 'string' && formats.includes(options.output)) return options.output as OutputFormat;
  return options.query !== undefined ? 'json' : 'table';
}

/** Two different formats asked for at once (`--json -o yaml`, `--wide --json`), said as a problem; undefined when there are none. */
export function outputConflict(options: OutputOptions): string | undefined {
  const asked = [
    ...(typeof options.output === 'string' ? [[`--output ${options.output}`, options.output]] : []),
    ...(options.json === true ? [['--json', 'json']] : []),
    ...(options.wide === true ? [['--wide', 'wide']] : []),
  ];
  const formatsAsked = new Set(asked.map(([, format]) => format));
  if (formatsAsked.size < 2) return undefined;
  return `${asked.map(([flag]) => flag).join(' and ')} ask for different output formats; give one`;
}

/** Tables: for a person, drawn on a terminal, tab-separated in a pipe. */
export function isTableFormat(format: OutputFormat | undefined): boolean {
  return format === 'table' || format === 'wide';
}

/** Formats that print machine-readable documents (and so problems as JSON on stderr). */
export function isDocumentFormat(format: OutputFormat | undefined): boolean {
  return format === 'json' || format === 'yaml' || format === 'ndjson';
}

/**
 * Whether failures stay text under a document format: when JSON was implied
 * by --query alone (no -o, --json) and stderr is a terminal, a person reads
 * them. A script, whose stderr is not a terminal, still gets problem documents.
 */
export function errorsAsText(options: OutputOptions, stderrIsTerminal: boolean): boolean {
  return stderrIsTerminal && options.query !== undefined && options.output === undefined && options.json !== true && options.wide !== true;
}

/**
 * The output options argv asks for, read from the words alone: for an error
 * that commander finds before any option is parsed (an unknown flag), so that
 * it too is reported in that format.
 */
export function requestedOptions(args: readonly string[]): OutputOptions {
  let output: string | undefined;
  let json = false;
  let wide = false;
  let query = false;
  for (let index = 0; index < args.length && args[index] !== '--'; index++) {
    const arg = args[index]!;
    if (arg === '--json') json = true;
    else if (arg === '--wide') wide = true;
    else if (arg === '--query' || arg.startsWith('--query=')) query = true;
    else if (arg === '-o' || arg === '--output') output = args[index + 1];
    else if (arg.startsWith('--output=')) output = arg.slice('--output='.length);
    else if (arg.startsWith('-o') && arg.length > 2 && !arg.startsWith('--')) output = arg.slice(2);
  }
  return { output, json: json || undefined, wide: wide || undefined, query: query ? '' : undefined };
}
