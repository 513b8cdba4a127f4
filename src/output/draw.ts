import type { ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { type Cell, type GridView, type ListView, listRows, type RecordView, type View } from './view.js';

/** Tables for a terminal: boxed (cli-table3), headers bold, yes/no marks colored. */
export function drawView(view: View, chalk: ChalkInstance): string {
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

