import type { Paint } from './paint.js';
import Table from 'cli-table3';
import { type ColumnText, cutToFit, fitColumns, type Fitted } from './fit.js';
import { type Cell, type GridView, type ListView, listRows, type RecordView, type View } from './view.js';

/**
 * Tables for a terminal: boxed (cli-table3), headers bold, yes/no marks
 * colored. Given a width, each table fits in it (fit.ts), and a list says which
 * columns it left out; without one, every column is shown whole.
 */
export function drawView(view: View, paint: Paint, width?: number): string {
  if (view.kind === 'sections') return view.sections.map((section) => drawView(section, paint, width)).join('\n\n');
  if (view.kind === 'text') return view.text;
  const table = view.kind === 'record' ? drawRecord(view, paint, width) : drawList(view, paint, width);
  return view.title ? `${paint.bold(view.title)}\n${table}` : table;
}

function drawRecord(view: RecordView, paint: Paint, width: number | undefined): string {
  const columns: ColumnText[] = [
    { header: '', cells: view.fields.map(([label]) => label), identifies: true },
    { header: '', cells: view.fields.map(([, value]) => text(value)), identifies: false },
  ];
  const table = newTable(undefined, width === undefined ? undefined : cutToFit(columns, width));
  for (const [label, value] of view.fields) table.push([paint.bold(label), shown(value, paint)]);
  return table.toString();
}

function drawList(view: ListView | GridView, paint: Paint, width: number | undefined): string {
  const rows = listRows(view);
  const fitted = width === undefined ? allColumns(view) : fitColumns(listColumns(view, rows), width, dropOrder(view));
  const table = newTable(
    fitted.shown.map((index) => paint.bold(view.columns[index]!)),
    width === undefined ? undefined : fitted.widths,
  );
  for (const row of rows) table.push(fitted.shown.map((index) => (view.kind === 'grid' && index > 0 ? mark(row[index], paint) : shown(row[index], paint))));
  const left = view.columns.filter((_, index) => !fitted.shown.includes(index));
  if (left.length === 0) return table.toString();
  return `${table.toString()}\n${paint.dim(`${left.length} more ${left.length === 1 ? 'column' : 'columns'}: --wide shows every column`)}`;
}

function allColumns(view: ListView | GridView): Fitted {
  return { shown: view.columns.map((_, index) => index), widths: [] };
}

function listColumns(view: ListView | GridView, rows: Cell[][]): ColumnText[] {
  return view.columns.map((header, index) => ({
    header,
    cells: rows.map((row) => (view.kind === 'grid' && index > 0 && typeof row[index] === 'boolean' ? 'yes' : text(row[index]))),
    identifies: index === 0 || identifier.test(header),
    key: header === 'ID',
  }));
}

/** `ID`, `Account ID`, `AccountId`: a column of identifiers. */
const identifier = /(^|[^A-Za-z]|[a-z])(ID|Id)$/;

function dropOrder(view: ListView | GridView): number[] {
  return view.kind === 'list' ? (view.lowValue ?? []).map((name) => view.columns.indexOf(name)).filter((index) => index >= 0) : [];
}

// No rule between rows: compact, and still boxed.
const compactChars = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

function newTable(head: string[] | undefined, colWidths: number[] | undefined): Table.Table {
  return new Table({ head: head ?? [], chars: compactChars, style: { head: [], border: [] }, wordWrap: false, ...(colWidths ? { colWidths } : {}) });
}

function text(value: Cell): string {
  return value === undefined || value === null || value === '' ? '-' : String(value);
}

function shown(value: Cell, paint: Paint): string {
  if (value === undefined || value === null || value === '') return paint.dim('-');
  return String(value);
}

function mark(value: Cell, paint: Paint): string {
  if (value === true) return paint.green('yes');
  if (value === false) return paint.dim('no');
  return shown(value, paint);
}
