import type { Paint } from './paint.js';
import Table from 'cli-table3';
import { type Cell, type GridView, type ListView, listRows, type RecordView, type View } from './view.js';

/** Tables for a terminal: boxed (cli-table3), headers bold, yes/no marks colored. */
export function drawView(view: View, paint: Paint): string {
  if (view.kind === 'sections') return view.sections.map((section) => drawView(section, paint)).join('\n\n');
  if (view.kind === 'text') return view.text;
  const table = view.kind === 'record' ? drawRecord(view, paint) : drawList(view, paint);
  return view.title ? `${paint.bold(view.title)}\n${table}` : table;
}

function drawRecord(view: RecordView, paint: Paint): string {
  const table = newTable();
  for (const [label, value] of view.fields) table.push([paint.bold(label), shown(value, paint)]);
  return table.toString();
}

function drawList(view: ListView | GridView, paint: Paint): string {
  const table = newTable(view.columns.map((column) => paint.bold(column)));
  for (const row of listRows(view)) table.push(row.map((cell, index) => (view.kind === 'grid' && index > 0 ? mark(cell, paint) : shown(cell, paint))));
  return table.toString();
}

// No rule between rows: compact, and still boxed.
const compactChars = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

function newTable(head?: string[]): Table.Table {
  return new Table({ head: head ?? [], chars: compactChars, style: { head: [], border: [] }, wordWrap: false });
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

