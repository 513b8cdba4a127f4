import type { SearchResponse, SearchResult } from '../api/schemas.js';
import type { Cell, ListView } from '../output/view.js';

export interface ResultsViewOptions {
  /** Columns asked for with --fields; all of them when absent. */
  fields?: string[];
  /** Show the provider's native record (`raw`) instead of `fields` and `mappedFields`. */
  raw: boolean;
}

export interface ResultsTable {
  view: ListView;
  /** Names from --fields that no result has, to warn about. */
  missing: string[];
}

/** How a mapped field's column is headed: the table marks mapped fields as such. */
export function mappedHeader(name: string): string {
  return `${name} (mapped)`;
}

interface Column {
  header: string;
  mapped: boolean;
  cell(result: SearchResult): unknown;
}

/**
 * The table of results: the record ID first (when the service sends one: its
 * published contract has none), then mapped fields (marked),
 * then the record's fields; or, with raw, the native record's top-level keys.
 * A --fields name is a mapped field when some result maps it, else a field
 * (a dotted name reaches into objects, such as properties.email in a raw HubSpot record).
 */
export function resultsTable(results: SearchResult[], options: ResultsViewOptions): ResultsTable {
  const columns = options.fields ? chosenColumns(results, options.fields, options.raw) : allColumns(results, options.raw);
  const missing = options.fields && results.length > 0 ? options.fields.filter((name) => !results.some((result) => hasField(result, name, options.raw))) : [];
  // No results say nothing of their shape: the reference's (with an ID) is shown.
  const withId = results.length === 0 || results.some((result) => result.id !== undefined);
  return {
    view: {
      kind: 'list',
      columns: [...(withId ? ['ID'] : []), ...columns.map((column) => column.header)],
      rows: results.map((result) => [...(withId ? [result.id] : []), ...columns.map((column) => toCell(column.cell(result)))]),
      // Unless chosen with --fields, the provider's own fields give way to the mapped ones, from the right.
      lowValue: options.fields ? [] : columns.filter((column) => !column.mapped).map((column) => column.header).reverse(),
    },
    missing,
  };
}

function allColumns(results: SearchResult[], raw: boolean): Column[] {
  if (raw) return keysOf(results.map((result) => result.raw)).map((key) => fieldColumn(key, true));
  const mapped = keysOf(results.map((result) => result.mappedFields)).map(mappedColumn);
  const fields = keysOf(results.map((result) => result.fields)).map((key) => fieldColumn(key, false));
  return [...mapped, ...fields];
}

function chosenColumns(results: SearchResult[], names: string[], raw: boolean): Column[] {
  return names.map((name) => (results.some((result) => hasMapped(result, name, raw)) ? mappedColumn(name) : fieldColumn(name, raw)));
}

function mappedColumn(name: string): Column {
  return { header: mappedHeader(name), mapped: true, cell: (result) => ownValue(result.mappedFields, name) };
}

function fieldColumn(name: string, raw: boolean): Column {
  return { header: name, mapped: false, cell: (result) => lookup(sourceOf(result, raw), name) };
}

function hasField(result: SearchResult, name: string, raw: boolean): boolean {
  return hasMapped(result, name, raw) || lookup(sourceOf(result, raw), name) !== undefined;
}

function hasMapped(result: SearchResult, name: string, raw: boolean): boolean {
  return !raw && result.mappedFields !== undefined && Object.hasOwn(result.mappedFields, name);
}

function sourceOf(result: SearchResult, raw: boolean): Record<string, unknown> | undefined {
  return raw ? result.raw : result.fields;
}

/** Every key of the objects, in the order first seen. */
function keysOf(objects: Array<Record<string, unknown> | undefined>): string[] {
  const keys = new Set<string>();
  for (const object of objects) for (const key of Object.keys(object ?? {})) keys.add(key);
  return [...keys];
}

/** A key as given first (keys may contain dots), else a dotted path into nested objects. */
function lookup(source: Record<string, unknown> | undefined, name: string): unknown {
  if (!source) return undefined;
  if (Object.hasOwn(source, name)) return source[name];
  let current: unknown = source;
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function ownValue(source: Record<string, unknown> | undefined, name: string): unknown {
  return source !== undefined && Object.hasOwn(source, name) ? source[name] : undefined;
}

/** Record values as text: true/false as sent (not yes/no), objects as compact JSON. */
function toCell(value: unknown): Cell {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The results of a search answer, whichever name they came under (see SearchResponseSchema). */
export function searchResults(answer: SearchResponse): SearchResult[] {
  return answer.results ?? answer.result ?? [];
}
