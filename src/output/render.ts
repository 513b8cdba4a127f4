import type { ChalkInstance } from 'chalk';
import type { OutputStream } from '../deps.js';
import { type Cell, listRows, type Outcome, type OutputFormat, type View } from './view.js';

export interface RenderTarget {
  stream: OutputStream;
  /** Colors for the data stream; level 0 when color is off. */
  chalk: ChalkInstance;
}

/**
 * Prints data to stdout: JSON as received (pretty; a Secret serialises redacted), or a table. On a terminal
 * tables are drawn with boxes; in a pipe they are tab-separated with a header row.
 */
export async function render(outcome: Outcome, format: OutputFormat, target: RenderTarget): Promise<void> {
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
  // cli-table3 loads only when a terminal gets a table.
  const text = target.stream.isTTY ? (await import('./draw.js')).drawView(view, target.chalk) : plainView(view);
  if (text) target.stream.write(`${text}\n`);
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
