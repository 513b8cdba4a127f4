/**
 * Reads the rows of a bulk import, one at a time: JSONL (one request body a
 * line, as --input-json takes it) or CSV (a header row naming body fields,
 * dotted for nested ones). Nothing here holds more than one row, so memory
 * stays flat however long the file is. A row that cannot be read becomes a row
 * with an error, named by its line in the file; errors never quote the file's
 * content, which holds secrets (a header is named by column position, since a
 * file without one has data in its first line). The input is UTF-8, with or
 * without a byte-order mark; bytes that are not UTF-8 make their row invalid
 * rather than be replaced, which would send a corrupted secret.
 */
import { Readable } from 'node:stream';
import type { Options as CsvOptions } from 'csv-parse';
import { UsageError } from '../../errors.js';
import { closestName } from '../../input/closest.js';
import { maxDepth, tooDeep } from '../../nesting.js';
import { bodyFields, keep } from '../request.js';
import { invalidUtf8Column, notUtf8, saveAsUtf8, utf8, withoutBom } from './encoding.js';
import { splitScopes } from '../sources.js';
import { formatCount } from '../../output/count.js';

export type RowFormat = 'jsonl' | 'csv';

/** One row: the line of the file it starts on, and the body it holds or why it cannot be read. */
export type InputRow = { line: number; body: Record<string, unknown> } | { line: number; error: string };

/** A line (or a CSV record) longer than this is refused without being held whole. */
export const maxRowBytes = 1024 * 1024;

/** The rows of `stream`, in file order. A file-level problem (a CSV header or syntax error) throws a UsageError. */
export function readRows(stream: Readable, format: RowFormat, flag = '--from-file'): AsyncGenerator<InputRow> {
  return format === 'csv' ? csvRows(stream, flag) : jsonlRows(stream, flag);
}

/** The format a path's extension names, if it names one. */
export function formatOf(path: string): RowFormat | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'jsonl' || extension === 'ndjson' || extension === 'json') return 'jsonl';
  return undefined;
}

// ---------------------------------------------------------------- JSONL

async function* jsonlRows(stream: AsyncIterable<Buffer | string>, flag: string): AsyncGenerator<InputRow> {
  let line = 0;
  for await (const bytes of splitLineBytes(withoutBom(stream, flag))) {
    line += 1;
    if (bytes === undefined) {
      yield { line, error: `the line is longer than ${maxRowBytes / 1024 / 1024} MiB.` };
      continue;
    }
    const text = utf8(bytes);
    if (text === undefined) {
      yield { line, error: `${notUtf8} at column ${invalidUtf8Column(bytes)}; ${saveAsUtf8}` };
      continue;
    }
    if (text.trim() === '') continue;
    yield jsonRow(text, line);
  }
}

function jsonRow(text: string, line: number): InputRow {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message may quote the text; only the position is kept.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    return { line, error: `not valid JSON${position !== undefined ? ` (at column ${Number(position) + 1})` : ''}; each line holds one request body.` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { line, error: `each line must hold one JSON object (a request body), not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}.` };
  }
  if (tooDeep(text)) return { line, error: `the line is nested too deeply (more than ${maxDepth} levels of arrays and objects).` };
  return { line, body: value as Record<string, unknown> };
}

/** The lines of a byte stream (LF or CRLF), decoded as UTF-8 with any bad byte replaced: for ipctl's own files. */
export async function* splitLines(stream: AsyncIterable<Buffer | string>): AsyncGenerator<string | undefined> {
  for await (const bytes of splitLineBytes(stream)) yield bytes?.toString('utf8');
}

/**
 * The lines of a byte stream (LF or CRLF), as bytes. A line longer than
 * maxRowBytes is skipped without being kept, and yields undefined.
 */
async function* splitLineBytes(stream: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer | undefined> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  const take = (): Buffer | undefined => {
    // A line inside one chunk is a view of it: no copy, and nothing to allocate a line.
    const whole = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    const bytes = overlong ? undefined : whole.at(-1) === 13 ? whole.subarray(0, -1) : whole;
    pending = [];
    pendingBytes = 0;
    overlong = false;
    return bytes;
  };
  for await (const raw of stream) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      keep(chunk.subarray(start, newline));
      yield take();
      start = newline + 1;
    }
    keep(chunk.subarray(start));
  }
  if (pendingBytes > 0 || overlong) yield take();

  function keep(part: Buffer): void {
    if (part.length === 0 || overlong) return;
    if (pendingBytes + part.length > maxRowBytes) {
      overlong = true;
      pending = [];
      pendingBytes = 0;
      return;
    }
    pending.push(part);
    pendingBytes += part.length;
  }
}

// ---------------------------------------------------------------- CSV

/** Where a CSV column's value goes in the request body. */
export interface Column {
  name: string;
  set(body: Record<string, unknown>, value: string): void;
}

const textFields = new Set(['provider', 'groupRef', 'groupName', 'consumerRef', 'consumerName', 'providerWorkspaceRef', 'apiKey']);
const tokenParts = new Set(['token', 'issuedAt', 'expiresAt']);

/** Column names a header may use that are not dotted prefixes (for "did you mean"). */
const plainColumns = [
  ...textFields,
  'basicAuth.username',
  'basicAuth.password',
  'oauth2AuthorizationCode.scopes',
  'oauth2AuthorizationCode.refreshToken',
  'oauth2AuthorizationCode.accessToken',
];

/**
 * The column of a header name: a text field (`groupRef`), a key under an
 * object field (`customAuth.password`, `providerMetadata.workspace`), or a
 * credential part (`basicAuth.username`, `oauth2AuthorizationCode.refreshToken`
 * or `.refreshToken.expiresAt`). Scopes are split on commas or white space.
 * Undefined for a name that is none of these (columnProblem says why).
 */
export function columnFor(name: string): Column | undefined {
  if (textFields.has(name)) return { name, set: (body, value) => void (body[name] = value) };
  const dot = name.indexOf('.');
  const parent = dot === -1 ? name : name.slice(0, dot);
  const rest = dot === -1 ? '' : name.slice(dot + 1);
  if ((parent === 'customAuth' || parent === 'providerMetadata') && rest !== '') {
    // A key of the header's choosing: "__proto__" stays a key (and is then reported as unknown).
    return { name, set: (body, value) => keep(objectAt(body, parent), rest, value) };
  }
  if (parent === 'basicAuth' && (rest === 'username' || rest === 'password')) {
    return { name, set: (body, value) => void (objectAt(body, parent)[rest] = value) };
  }
  if (parent === 'oauth2AuthorizationCode') {
    if (rest === 'scopes') return { name, set: (body, value) => void (objectAt(body, parent).scopes = splitScopes(value)) };
    const [token, part = 'token', ...more] = rest.split('.');
    if ((token === 'refreshToken' || token === 'accessToken') && tokenParts.has(part) && more.length === 0) {
      return { name, set: (body, value) => void (objectAt(objectAt(body, parent), token)[part] = value) };
    }
  }
  return undefined;
}

/**
 * Why a header name names no column, as the end of a sentence that starts with
 * the column's position. Only ipctl's own names are quoted, never the header's.
 */
export function columnProblem(name: string): string {
  if ((bodyFields as readonly string[]).includes(name)) {
    const example = name === 'basicAuth' ? 'basicAuth.username' : name === 'oauth2AuthorizationCode' ? 'oauth2AuthorizationCode.refreshToken' : `${name}.KEY`;
    return `names ${name}, an object; name one value of it a column, such as ${example}.`;
  }
  // A long name is no slip of the keyboard, and comparing it with every column would be slow.
  const suggestion = name.length <= 64 ? closestName(name, plainColumns) : undefined;
  return `is not a field of the request body${suggestion ? `; did you mean ${suggestion}?` : '.'}`;
}

function objectAt(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const existing = body[key];
  if (existing !== null && typeof existing === 'object' && !Array.isArray(existing)) return existing as Record<string, unknown>;
  const created: Record<string, unknown> = {};
  body[key] = created;
  return created;
}

/** Header problems shown in full; the rest are counted. */
const shownHeaderProblems = 5;

const headerHint = 'The first line must be a header naming request body fields: groupRef, consumerRef, provider, apiKey, customAuth.NAME, providerMetadata.NAME, basicAuth.username, oauth2AuthorizationCode.refreshToken, ... (see: ipctl connections generate --skeleton).';

/**
 * The columns of a header row, or a UsageError naming the first few bad
 * columns by position. A first line that names no column at all is data, not
 * a header: the file is refused as headerless.
 */
function headerColumns(names: string[], flag: string): Column[] {
  const problems: Array<() => string> = [];
  const columns: Column[] = [];
  const firstAt = new Map<string, number>();
  names.forEach((raw, index) => {
    const name = raw.trim();
    const where = columnLabel(index);
    const first = firstAt.get(name);
    const column = name === '' || first !== undefined ? undefined : columnFor(name);
    if (name === '') problems.push(() => `${where} has no name.`);
    else if (first !== undefined) problems.push(() => `${where} has the same name as ${columnLabel(first)}.`);
    else if (column) columns.push(column);
    else problems.push(() => `${where} ${columnProblem(name)}`);
    if (first === undefined) firstAt.set(name, index);
  });
  if (columns.length === 0) {
    throw new UsageError(`${flag}: the CSV has no header: its first line names none of the request body fields, so it would be read as data. Nothing was sent.`, headerHint);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, shownHeaderProblems).map((problem) => problem());
    const more = problems.length - shown.length;
    throw new UsageError(
      `${flag}: the CSV header (line 1) names ${problems.length === 1 ? 'a column' : `${formatCount(problems.length)} columns`} ipctl cannot use; nothing was sent:`,
      headerHint,
      more > 0 ? [...shown, `…and ${formatCount(more)} more`] : shown,
    );
  }
  return columns;
}

/** A column by its position, as a spreadsheet shows it: `column 3 (C)`. */
function columnLabel(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return `column ${index + 1} (${letters})`;
}

/**
 * A record's body: each non-empty cell at its column's place (an empty cell is
 * a value not given), or why it cannot be read. Cells come as one character a
 * byte (latin1), and are decoded here, strictly, as UTF-8.
 */
function csvBody(columns: Column[], cells: string[]): { body: Record<string, unknown> } | { error: string } {
  const body: Record<string, unknown> = {};
  for (const [index, column] of columns.entries()) {
    const cell = cells[index];
    if (cell === undefined || cell === '') continue;
    const value = textOfCell(cell);
    if (value === undefined) return { error: `the value in ${columnLabel(index)}, ${column.name}, is ${notUtf8}; ${saveAsUtf8}` };
    column.set(body, value);
  }
  return { body };
}

/** A cell's bytes (one latin1 character each) decoded as UTF-8, or undefined when they are not UTF-8. */
function textOfCell(cell: string): string | undefined {
  return /^[\x00-\x7f]*$/.test(cell) ? cell : utf8(Buffer.from(cell, 'latin1'));
}

// csv-parse has two codes for one mistake.
const textAfterQuote = 'a quoted value is followed by something other than a comma or the end of the line';

/** csv-parse's error codes, in words for the person who wrote the file. */
const csvSyntaxErrors: Record<string, string> = {
  CSV_INVALID_CLOSING_QUOTE: textAfterQuote,
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed',
  INVALID_OPENING_QUOTE: 'a value that is not quoted contains a quote; quote the whole value and double the quotes inside it',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: textAfterQuote,
  CSV_MAX_RECORD_SIZE: `a record is longer than ${maxRowBytes / 1024 / 1024} MiB`,
};

async function* csvRows(stream: Readable, flag: string): AsyncGenerator<InputRow> {
  const { parse } = await import('csv-parse');
  let columns: Column[] | undefined;
  // csv-parse counts CR and LF separately inside quoted values; this undoes that.
  let doubleCounted = 0;
  let lastLine = 1;
  // Each record starts on a later line than the one before it. csv-parse counts a line break once a
  // character follows it, so a break that is the file's last byte (a lone CR ending the last value of
  // an LF file) is not counted; without this, that record would take the line of the one before it,
  // and a repeat of that row would not be told from it (see KeyTable.earlierLine).
  let lastStart = 0;
  const toRow = (cells: string[], info: { lines: number }): InputRow | null => {
    const crlf = cells.reduce((count, cell) => count + (cell.match(/\r\n/g)?.length ?? 0), 0);
    doubleCounted += crlf;
    const end = info.lines - doubleCounted;
    const line = Math.max(end - cells.reduce((count, cell) => count + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0), lastStart + 1);
    lastStart = line;
    lastLine = end;
    if (!columns) {
      // A header cell that is not UTF-8 names no column; it is never shown.
      columns = headerColumns(cells.map((cell) => Buffer.from(cell, 'latin1').toString('utf8')), flag);
      return null;
    }
    if (cells.length !== columns.length) {
      return { line, error: `the record has ${cells.length} ${cells.length === 1 ? 'value' : 'values'}, and the header names ${columns.length} columns.` };
    }
    return { line, ...csvBody(columns, cells) };
  };
  const options: CsvOptions<InputRow, string[]> = {
    // One character a byte: the parser's own decoding would replace bytes that are not UTF-8; csvBody decodes strictly.
    encoding: 'latin1',
    // withoutBom has dealt with it.
    bom: false,
    // Field counts are checked here, so that a short record is one invalid row, not the end of the file.
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: maxRowBytes,
    on_record: (cells, info) => toRow(cells, info),
  };
  // on_record turns each record into a row; the parser's typings know only records.
  const bytes = Readable.from(withoutBom(stream, flag));
  const parser = bytes.pipe(parse(options as unknown as CsvOptions));
  // pipe() does not pass a read error on; without this the rows would just stop.
  bytes.on('error', (error) => parser.destroy(error));
  try {
    for await (const row of parser as AsyncIterable<InputRow>) yield row;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as { code?: unknown }).code;
    const reason = typeof code === 'string' ? csvSyntaxErrors[code] : undefined;
    if (!reason) throw error;
    const reported = (error as { lines?: unknown }).lines;
    const line = typeof reported === 'number' ? reported - doubleCounted : lastLine + 1;
    // The parser's own message can quote the file; ours names the line only.
    throw new UsageError(`${flag}: the CSV is malformed at line ${line}: ${reason}. Nothing was sent.`, 'Rows cannot be told apart past this point, so the file is refused whole (--skip-invalid does not apply).');
  } finally {
    bytes.destroy();
    stream.destroy();
  }
  if (!columns) throw new UsageError(`${flag}: the CSV file is empty; its first line must be a header naming the request body fields.`);
}
