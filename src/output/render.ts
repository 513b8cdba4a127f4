import type { ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import type { OutputStream } from '../deps.js';
import type { Cell, GridView, ListView, Outcome, OutputFormat, RecordView, View } from './view.js';

export interface RenderTarget {
  stream: OutputStream;
  /** Colors for the data stream; level 0 when color is off. */
  chalk: ChalkInstance;
}

/**
 * Prints data to stdout: JSON as received (pretty; a Secret serialises redacted), or a table. On a terminal
 * tables are drawn with boxes; in a pipe they are tab-separated with a header row.
 */
export function render(outcome: Outcome, format: OutputFormat, target: RenderTarget): void {
  const { data, view } = outcome;
  if (format === 'json') {
    target.stream.write(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  if (format === 'ndjson') {
    const items = outcome.items ?? (Array.isArray(data) ? data : [data]);
    for (const item of items) target.stream.write(`${JSON.stringify(item)}\n`);
    return;
  }
  const text = target.stream.isTTY ? drawView(view, target.chalk) : plainView(view);
  if (text) target.stream.write(`${text}\n`);
}

function drawView(view: View, chalk: ChalkInstance): string {
  if (view.kind === 'sections') return view.sections.map((section) => drawView(section, chalk)).join('\n\n');
  if (view.kind === 'text') return view.text;
  const table = view.kind === 'record' ? drawRecord(view, chalk) : drawList(view, chalk);
  return view.title ? `${chalk.bold(view.title)}\n${table}` : table;
}

function drawRecord(view: RecordView, chalk: ChalkInstance): string {
  const table = newTable();
  for (const [label, value] of view.fields) table.push([chalk.bold(label), shown(value, chalk)]);
  return table.toString();
}

function drawList(view: ListView | GridView, chalk: ChalkInstance): string {
  const table = newTable(view.columns.map((column) => chalk.bold(column)));
  for (const row of listRows(view)) table.push(row.map((cell, index) => (view.kind === 'grid' && index > 0 ? mark(cell, chalk) : shown(cell, chalk))));
  return table.toString();
}

// No rule between rows: compact, and still boxed.
const compactChars = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

function newTable(head?: string[]): Table.Table {
  return new Table({ head: head ?? [], chars: compactChars, style: { head: [], border: [] }, wordWrap: false });
}

function shown(value: Cell, chalk: ChalkInstance): string {
  if (value === undefined || value === null || value === '') return chalk.dim('-');
  return String(value);
}

function mark(value: Cell, chalk: ChalkInstance): string {
  if (value === true) return chalk.green('yes');
  if (value === false) return chalk.dim('no');
  return shown(value, chalk);
}

function plainView(view: View): string {
  if (view.kind === 'sections') return view.sections.map(plainView).join('\n\n');
  if (view.kind === 'text') return view.text;
  if (view.kind === 'record') {
    return [['FIELD', 'VALUE'], ...view.fields].map((row) => row.map(plainCell).join('\t')).join('\n');
  }
  return [view.columns, ...listRows(view)].map((row) => row.map(plainCell).join('\t')).join('\n');
}

function listRows(view: ListView | GridView): Cell[][] {
  return view.kind === 'list' ? view.rows : view.rows.map((row) => [row.label, ...row.cells]);
}

/** A tab or newline inside a value would break the columns of a pipe. */
function plainCell(value: Cell): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).replace(/[\t\r\n]+/g, ' ');
}
