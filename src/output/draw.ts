import type { Paint } from './paint.js';
import { type ColumnText, cutToWidth, fitColumns, type Layout, naturalWidths, recordWidths, textWidth, widestToken, wrapToWidth } from './fit.js';
import { type Cell, type GridView, type ListView, listRows, type RecordView, type View } from './view.js';

/**
 * Tables for a terminal: boxed, headers bold, yes/no marks colored. Given a
 * width, each table fits in it (fit.ts) without breaking a value inside a
 * token: its title, a record's cells, and those of a list's columns other
 * than its low-value ones, wrap at spaces onto more lines rather than being
 * cut; a list says which columns it left out or cut; and a table whose tokens
 * cannot all be whole side by side is laid out vertically, a block a row.
 * Without a width, every column is shown whole. Each cell is measured,
 * wrapped, cut and padded by fit.ts's textWidth, the one measure of what a
 * terminal shows, so zero-width and wide characters keep the borders in line;
 * its style goes on last, around the text alone.
 */
export function drawView(view: View, paint: Paint, width?: number): string {
  if (view.kind === 'sections') return view.sections.map((section) => drawView(section, paint, width)).join('\n\n');
  if (view.kind === 'text') return view.text;
  const table = view.kind === 'record' ? drawRecord(view, paint, width) : drawList(view, paint, width);
  if (!view.title) return table;
  return `${(width === undefined ? [view.title] : wrapToWidth(view.title, width)).map((line) => paint.bold(line)).join('\n')}\n${table}`;
}

/** A cell's text and the style ipctl gives it. */
interface Styled {
  text: string;
  style: (text: string) => string;
}

function drawRecord(view: RecordView, paint: Paint, width: number | undefined): string {
  const columns: ColumnText[] = [
    { header: '', cells: view.fields.map(([label]) => label), identifies: true },
    { header: '', cells: view.fields.map(([, value]) => text(value)), identifies: false },
  ];
  const widths = width === undefined ? naturalWidths(columns) : recordWidths(columns, width);
  const rows = view.fields.map(([label, value]): [Styled, Styled] => [{ text: label, style: paint.bold }, shown(value, paint)]);
  if (widths === undefined) return vertical([rows], width!);
  return box(undefined, rows.map((row) => row.map((cell, column) => wrapped(cell, widths[column]!))), widths);
}

function drawList(view: ListView | GridView, paint: Paint, width: number | undefined): string {
  const rows = listRows(view);
  const columns = listColumns(view, rows);
  const layout: Layout = width === undefined ? { kind: 'columns', shown: columns.map((_, index) => index), widths: naturalWidths(columns) } : fitColumns(columns, width, dropOrder(view));
  const cell = (row: Cell[], index: number) => (view.kind === 'grid' && index > 0 ? mark(row[index], paint) : shown(row[index], paint));
  const left = view.columns.filter((_, index) => !layout.shown.includes(index));
  if (layout.kind === 'vertical') {
    const blocks = rows.map((row) => layout.shown.map((index): [Styled, Styled] => [{ text: view.columns[index]!, style: paint.bold }, cell(row, index)]));
    return withNote(vertical(blocks, width!), cutNote(left, [], width!), paint);
  }
  const fit = (styled: Styled, at: number) => (columns[layout.shown[at]!]!.cut ? styled : wrapped(styled, layout.widths[at]!));
  const head = layout.shown.map((index, at) => wrapped({ text: view.columns[index]!, style: paint.bold }, layout.widths[at]!));
  const body = rows.map((row) => layout.shown.map((index, at) => fit(cell(row, index), at)));
  const cut = layout.shown.filter((index, at) => columns[index]!.cut && columns[index]!.cells.some((text) => textWidth(text) > layout.widths[at]! - 2)).map((index) => view.columns[index]!);
  return withNote(box(head, body, layout.widths), cutNote(left, cut, width ?? Infinity), paint);
}

function withNote(table: string, note: string | undefined, paint: Paint): string {
  return note === undefined ? table : `${table}\n${paint.dim(note)}`;
}

/** Between a label and its value in the vertical layout, and before a value on lines of its own. */
const gap = 2;

/**
 * The vertical layout, as `kubectl describe` shows a resource: a block of
 * `LABEL  value` lines a row, a blank line between blocks, the values aligned
 * and wrapped at spaces beside their labels. A value with a token too wide
 * for that room goes on lines of its own under its label, indented unless
 * the indent alone would make a line too wide; a token wider than the
 * terminal stands alone on its line, for the terminal to wrap.
 */
function vertical(blocks: Array<Array<[label: Styled, value: Styled]>>, width: number): string {
  const labels = Math.max(0, ...blocks.flat().map(([label]) => textWidth(label.text)));
  const room = width - labels - gap;
  const lines = (label: Styled, value: Styled): string[] => {
    if (widestToken(value.text) <= room && !label.text.includes('\n')) {
      return wrapToWidth(value.text, room).map((line, at) => `${at === 0 ? padded(label.text, labels, label.style) : ' '.repeat(labels)}${' '.repeat(gap)}${styled(line, value.style)}`.trimEnd());
    }
    // Indented, but where the indent alone would push a line that fits past the terminal's edge.
    const indent = (line: string) => (textWidth(line) + gap <= width || textWidth(line) > width ? ' '.repeat(gap) : '');
    const own = wrapToWidth(value.text, width - gap).map((line) => `${indent(line)}${styled(line, value.style)}`.trimEnd());
    return [...wrapToWidth(label.text, width).map((line) => styled(line, label.style)), ...own];
  };
  return blocks.map((block) => block.flatMap(([label, value]) => lines(label, value)).join('\n')).join('\n\n');
}

function styled(line: string, style: (text: string) => string): string {
  return line === '' ? '' : style(line);
}

/**
 * The line under a list that lost something to the terminal's width: which
 * columns were left out and which were cut, or, when naming them does not
 * fit, how many.
 */
function cutNote(left: string[], cut: string[], width: number): string | undefined {
  if (left.length === 0 && cut.length === 0) return undefined;
  const named = [left.length > 0 ? `${left.join(', ')} left out` : '', cut.length > 0 ? `${cut.join(', ')} cut short` : ''];
  const full = `${named.filter(Boolean).join('; ')}: --wide or -o json shows them`;
  if (textWidth(full) <= width) return full;
  const counted = [left.length > 0 ? `${columnCount(left.length)} left out` : '', cut.length > 0 ? `${columnCount(cut.length)} cut short` : ''];
  return cutLines(`${counted.filter(Boolean).join(', ')} (--wide or -o json)`, width);
}

function columnCount(count: number): string {
  return `${count} ${count === 1 ? 'column' : 'columns'}`;
}

function listColumns(view: ListView | GridView, rows: Cell[][]): ColumnText[] {
  const lowValue = view.kind === 'list' ? (view.lowValue ?? []) : [];
  const identifiers = view.kind === 'list' ? (view.identifiers ?? []) : [];
  return view.columns.map((header, index) => ({
    header,
    cells: rows.map((row) => (view.kind === 'grid' && index > 0 && typeof row[index] === 'boolean' ? 'yes' : text(row[index]))),
    identifies: index === 0 || identifier.test(header) || identifiers.includes(header),
    cut: lowValue.includes(header),
  }));
}

/** `ID`, `Account ID`, `AccountId`: a column of identifiers. */
const identifier = /(^|[^A-Za-z]|[a-z])(ID|Id)$/;

function dropOrder(view: ListView | GridView): number[] {
  return view.kind === 'list' ? (view.lowValue ?? []).map((name) => view.columns.indexOf(name)).filter((index) => index >= 0) : [];
}

/** A cell's text wrapped to the room a column of this width gives it. */
function wrapped(cell: Styled, columnWidth: number): Styled {
  return { ...cell, text: wrapToWidth(cell.text, columnWidth - 2).join('\n') };
}

/**
 * A compact box: a rule above and below, a bar between columns, no rule
 * between rows. `widths` count a space of padding on either side of the text;
 * a line of a cell too long for its column is cut with "…".
 */
function box(head: Styled[] | undefined, rows: Styled[][], widths: number[]): string {
  const rule = (left: string, middle: string, right: string) => `${left}${widths.map((columnWidth) => '─'.repeat(columnWidth)).join(middle)}${right}`;
  const lines = [rule('┌', '┬', '┐')];
  for (const row of head ? [head, ...rows] : rows) lines.push(...rowLines(row, widths));
  lines.push(rule('└', '┴', '┘'));
  return lines.join('\n');
}

/** A row's lines: as many as its tallest cell has, the others padded with blank lines. */
function rowLines(row: Styled[], widths: number[]): string[] {
  const cells = row.map((cell) => cell.text.split('\n'));
  const height = Math.max(1, ...cells.map((cellLines) => cellLines.length));
  const lines: string[] = [];
  for (let line = 0; line < height; line += 1) {
    const parts = row.map((cell, column) => padded(cells[column]![line] ?? '', widths[column]! - 2, cell.style));
    lines.push(`│ ${parts.join(' │ ')} │`);
  }
  return lines;
}

/** A line cut to `room` columns, styled, then padded with spaces to fill them. */
function padded(line: string, room: number, style: (text: string) => string): string {
  const cut = textWidth(line) > room ? cutToWidth(line, room) : line;
  const shownText = cut === '' ? '' : style(cut);
  return `${shownText}${' '.repeat(Math.max(0, room - textWidth(cut)))}`;
}

/** Each line of a text cut to the width of the terminal. */
function cutLines(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => (textWidth(line) > width ? cutToWidth(line, width) : line))
    .join('\n');
}

function text(value: Cell): string {
  return value === undefined || value === null || value === '' ? '-' : String(value);
}

const unstyled = (value: string) => value;

function shown(value: Cell, paint: Paint): Styled {
  if (value === undefined || value === null || value === '') return { text: '-', style: paint.dim };
  return { text: String(value), style: unstyled };
}

function mark(value: Cell, paint: Paint): Styled {
  if (value === true) return { text: 'yes', style: paint.green };
  if (value === false) return { text: 'no', style: paint.dim };
  return shown(value, paint);
}
