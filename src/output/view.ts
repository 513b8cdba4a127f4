/**
 * What a command hands the renderer for table output: the cells, never their
 * formatting. JSON output ignores views and prints the data itself.
 */
import type { UserError } from '../errors.js';

export type Cell = string | number | boolean | null | undefined;

export interface RecordView {
  kind: 'record';
  title?: string;
  fields: Array<[label: string, value: Cell]>;
}

/** A vertical table: one label and its value a row. */
export function recordView(fields: RecordView['fields']): RecordView {
  return { kind: 'record', fields };
}

export interface ListView {
  kind: 'list';
  title?: string;
  columns: string[];
  rows: Cell[][];
  /**
   * Columns a terminal too narrow for the table may cut short or leave out, the
   * first first (see output/fit.ts); the cells of any other column wrap.
   */
  lowValue?: string[];
  /** Columns of names a reader types back (field names), narrowed only after every other column. */
  identifiers?: string[];
}

/** A grid whose cells are yes/no marks, such as a provider's support matrix. */
export interface GridView {
  kind: 'grid';
  title?: string;
  columns: string[];
  rows: Array<{ label: string; cells: Cell[] }>;
}

/** Preformatted text, such as a request shown by --dry-run. */
interface TextView {
  kind: 'text';
  text: string;
}

export type View = RecordView | ListView | GridView | TextView | { kind: 'sections'; sections: View[] };

/** `wide` is a table with every column whole, however wide the terminal. */
export type OutputFormat = 'table' | 'wide' | 'json' | 'yaml' | 'ndjson';
/** Every command that prints data takes these; commands that list things add ndjson. */
export const dataFormats: readonly OutputFormat[] = ['table', 'wide', 'json', 'yaml'];
export const listFormats: readonly OutputFormat[] = ['table', 'wide', 'json', 'yaml', 'ndjson'];

/** What a data command returns: the data (printed as-is for JSON) and its table view. */
export interface Outcome {
  data: unknown;
  view: View;
  /** Text on stdout before the data, through the same pager (`api --include`: the status line and headers). */
  head?: string;
  /** What ndjson prints, one JSON value a line; defaults to data when data is an array. */
  items?: unknown[];
  /** Lines for the person at the terminal, on stderr after the data (never data). */
  notes?: string[];
  /** Lines on stderr after the data, shown whether or not stderr is a terminal (never data). */
  messages?: string[];
  /** For commands whose data comes with a verdict, such as `auth status`; 0 by default. */
  exitCode?: number;
  /**
   * Why the exit code is not 0, as an error: under -o json, yaml and ndjson,
   * stderr carries it as one problem document in place of messages and notes.
   */
  failure?: UserError;
}

/** The rows of a list or grid, a grid's label first. */
export function listRows(view: ListView | GridView): Cell[][] {
  return view.kind === 'list' ? view.rows : view.rows.map((row) => [row.label, ...row.cells]);
}
