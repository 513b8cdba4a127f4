/**
 * Reads the rows of a bulk import, one at a time: JSONL (one request body a
 * line, as --input-json takes it) or CSV (a header row naming body fields,
 * dotted for nested ones). Nothing here holds more than one row, so memory
 * stays flat however long the file is. A row that cannot be read becomes a row
 * with an error, named by its line in the file; errors never quote the row's
 * content, which holds secrets.
 */
import type { Readable } from 'node:stream';
import type { Options as CsvOptions } from 'csv-parse';
import { UsageError } from '../../errors.js';
import { closestName } from '../../input/closest.js';
import { bodyFields } from '../request.js';
import { splitScopes } from '../sources.js';

export type RowFormat = 'jsonl' | 'csv';

/** One row: the line of the file it starts on, and the body it holds or why it cannot be read. */
export type InputRow = { line: number; body: Record<string, unknown> } | { line: number; error: string };

/** A line (or a CSV record) longer than this is refused without being held whole. */
export const maxRowBytes = 1024 * 1024;

/** The rows of `stream`, in file order. A file-level problem (a CSV header or syntax error) throws a UsageError. */
export function readRows(stream: Readable, format: RowFormat, flag = '--from-file'): AsyncGenerator<InputRow> {
  return format === 'csv' ? csvRows(stream, flag) : jsonlRows(stream);
}

/** The format a path's extension names, if it names one. */
export function formatOf(path: string): RowFormat | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'jsonl' || extension === 'ndjson' || extension === 'json') return 'jsonl';
  return undefined;
}

// ---------------------------------------------------------------- JSONL

async function* jsonlRows(stream: AsyncIterable<Buffer | string>): AsyncGenerator<InputRow> {
  let line = 0;
  for await (const text of splitLines(stream)) {
    line += 1;
    if (text === undefined) {
      yield { line, error: `the line is longer than ${maxRowBytes / 1024 / 1024} MiB.` };
      continue;
    }
    const content = line === 1 ? text.replace(/^\uFEFF/, '') : text;
    if (content.trim() === '') continue;
    yield jsonRow(content, line);
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
  return { line, body: value as Record<string, unknown> };
}

/**
 * The lines of a byte stream (LF or CRLF), decoded as UTF-8. A line longer
 * than maxRowBytes is skipped without being kept, and yields undefined.
 */
export async function* splitLines(stream: AsyncIterable<Buffer | string>): AsyncGenerator<string | undefined> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  const take = (): string | undefined => {
    const text = overlong ? undefined : Buffer.concat(pending, pendingBytes).toString('utf8').replace(/\r$/, '');
    pending = [];
    pendingBytes = 0;
    overlong = false;
    return text;
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
 */
export function columnFor(name: string): Column | string {
  if (textFields.has(name)) return { name, set: (body, value) => void (body[name] = value) };
  const dot = name.indexOf('.');
  const parent = dot === -1 ? name : name.slice(0, dot);
  const rest = dot === -1 ? '' : name.slice(dot + 1);
  if ((parent === 'customAuth' || parent === 'providerMetadata') && rest !== '') {
    return { name, set: (body, value) => void (objectAt(body, parent)[rest] = value) };
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
  if ((bodyFields as readonly string[]).includes(parent) && dot === -1) {
    return `column "${name}": ${name} is an object; name one value of it a column, such as ${name === 'basicAuth' ? 'basicAuth.username' : name === 'oauth2AuthorizationCode' ? 'oauth2AuthorizationCode.refreshToken' : `${name}.KEY`}.`;
  }
  const suggestion = closestName(name, plainColumns);
  return `column "${name}" is not a field of the request body${suggestion ? `; did you mean ${suggestion}?` : '.'}`;
}

function objectAt(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const existing = body[key];
  if (existing !== null && typeof existing === 'object' && !Array.isArray(existing)) return existing as Record<string, unknown>;
  const created: Record<string, unknown> = {};
  body[key] = created;
  return created;
}

/** The columns of a header row, or a UsageError naming every bad column. */
export function headerColumns(names: string[], flag: string): Column[] {
  const problems: string[] = [];
  const columns: Column[] = [];
  const seen = new Set<string>();
  names.forEach((raw, index) => {
    const name = raw.trim();
    if (name === '') problems.push(`column ${index + 1} has no name.`);
    else if (seen.has(name)) problems.push(`column "${name}" appears twice.`);
    else {
      const column = columnFor(name);
      if (typeof column === 'string') problems.push(column);
      else columns.push(column);
    }
    seen.add(name);
  });
  if (problems.length > 0) {
    throw new UsageError(`${flag}: the CSV header (line 1) names ${problems.length === 1 ? 'a column' : `${problems.length} columns`} ipctl cannot use; nothing was sent:`, 'The header names request body fields: groupRef, consumerRef, provider, apiKey, customAuth.NAME, providerMetadata.NAME, basicAuth.username, oauth2AuthorizationCode.refreshToken, ...', problems);
  }
  return columns;
}

/** A record's body: each non-empty cell at its column's place. An empty cell is a value not given. */
export function csvBody(columns: Column[], cells: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    const value = cells[index];
    if (value !== undefined && value !== '') column.set(body, value);
  });
  return body;
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
  const toRow = (cells: string[], info: { lines: number }): InputRow | null => {
    const crlf = cells.reduce((count, cell) => count + (cell.match(/\r\n/g)?.length ?? 0), 0);
    doubleCounted += crlf;
    const end = info.lines - doubleCounted;
    const line = end - cells.reduce((count, cell) => count + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    lastLine = end;
    if (!columns) {
      columns = headerColumns(cells, flag);
      return null;
    }
    if (cells.length !== columns.length) {
      return { line, error: `the record has ${cells.length} ${cells.length === 1 ? 'value' : 'values'}, and the header names ${columns.length} columns.` };
    }
    return { line, body: csvBody(columns, cells) };
  };
  const options: CsvOptions<InputRow, string[]> = {
    bom: true,
    // Field counts are checked here, so that a short record is one invalid row, not the end of the file.
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: maxRowBytes,
    on_record: (cells, info) => toRow(cells, info),
  };
  // on_record turns each record into a row; the parser's typings know only records.
  const parser = stream.pipe(parse(options as unknown as CsvOptions));
  // pipe() does not pass a read error on; without this the rows would just stop.
  stream.on('error', (error) => parser.destroy(error));
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
    stream.destroy();
  }
  if (!columns) throw new UsageError(`${flag}: the CSV file is empty; its first line must be a header naming the request body fields.`);
}
