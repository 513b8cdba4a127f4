import { type Paint, plain as noColor } from './paint.js';
import type { OutputStream } from '../deps.js';
import { isTableFormat } from './format.js';
import { escapedInDocument, visible } from './outside-text.js';
import { type Cell, listRows, type Outcome, type OutputFormat, type View } from './view.js';

export interface RenderTarget {
  stream: OutputStream;
  /** Colors for the data stream; level 0 when color is off. */
  paint: Paint;
  /** A compiled --query, applied to the JSON document before printing. */
  query?: (data: unknown) => unknown;
  /** The terminal's width, which a `table` (not a `wide` one) is fitted to. */
  width?: number;
  /**
   * Replaces the credentials this run sent, in each cell of a table before it
   * is laid out: once a cell is cut to fit, what is left of a credential would
   * no longer be recognised by the output stream's own scrubbing.
   */
  scrub?: (text: string) => string;
}

/**
 * Prints data to stdout: JSON as received (pretty; a Secret serialises redacted), or a table. On a terminal
 * tables are drawn with boxes, fitted to its width unless `wide`; in a pipe they are tab-separated with a
 * header row, every column whole.
 */
export async function render(outcome: Outcome, format: OutputFormat, target: RenderTarget): Promise<void> {
  if (isTableFormat(format)) {
    await renderTable(outcome.view, target, format === 'table' ? target.width : undefined);
    return;
  }
  const data = target.query ? target.query(plain(outcome.data)) : plain(outcome.data);
  if (format === 'json') {
    const text = escapedInDocument(JSON.stringify(data, null, 2));
    target.stream.write(`${target.paint === noColor ? text : (await import('./json-color.js')).colorJson(text, target.paint)}\n`);
  } else if (format === 'yaml') {
    const { toYaml } = await import('./yaml.js');
    target.stream.write(toYaml(data));
  } else {
    for (const item of ndjsonItems(outcome, data, target.query !== undefined)) target.stream.write(`${escapedInDocument(JSON.stringify(item))}\n`);
  }
}

/** Documents are built from plain JSON, so a Secret anywhere in the data shows redacted. */
function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** One line per item: the command's items, or the (queried) document's elements. */
function ndjsonItems(outcome: Outcome, data: unknown, queried: boolean): unknown[] {
  if (!queried && outcome.items) return outcome.items.map(plain);
  return Array.isArray(data) ? data : [data];
}

async function renderTable(outside: View, target: RenderTarget, width: number | undefined): Promise<void> {
  const scrub = target.scrub ?? ((text: string) => text);
  const view = visibleView(outside, (text) => scrub(visible(text)));
  // cli-table3 loads only when a terminal gets a table; a pipe gets every column whole.
  const text = target.stream.isTTY ? (await import('./draw.js')).drawView(view, target.paint, width) : plainView(view);
  if (text) target.stream.write(`${text}\n`);
}

/** The view with every control character in its text shown, not obeyed (outside-text.ts), and no credential: `show` does both. */
function visibleView(view: View, show: (text: string) => string): View {
  const cell = (value: Cell): Cell => (typeof value === 'string' ? show(value) : value);
  const title = view.kind === 'text' || view.kind === 'sections' || view.title === undefined ? undefined : show(view.title);
  switch (view.kind) {
    case 'sections':
      return { ...view, sections: view.sections.map((section) => visibleView(section, show)) };
    case 'text':
      return { ...view, text: show(view.text) };
    case 'record':
      return { ...view, title, fields: view.fields.map(([label, value]) => [show(label), cell(value)]) };
    case 'list':
      return { ...view, title, columns: view.columns.map(show), rows: view.rows.map((row) => row.map(cell)) };
    case 'grid':
      return { ...view, title, columns: view.columns.map(show), rows: view.rows.map((row) => ({ label: show(row.label), cells: row.cells.map(cell) })) };
  }
}

function plainView(view: View): string {
  if (view.kind === 'sections') return view.sections.map(plainView).join('\n\n');
  if (view.kind === 'text') return view.text;
  if (view.kind === 'record') {
    return [['FIELD', 'VALUE'], ...view.fields].map((row) => row.map(plainCell).join('\t')).join('\n');
  }
  return [view.columns, ...listRows(view)].map((row) => row.map(plainCell).join('\t')).join('\n');
}

/** A tab or newline inside a value would break the columns of a pipe. */
function plainCell(value: Cell): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).replace(/[\t\r\n]+/g, ' ');
}
