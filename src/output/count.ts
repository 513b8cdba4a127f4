import type { RecordView } from './view.js';

/**
 * A count for a person to read, its thousands grouped by commas (`1,482`),
 * whatever the locale: the one way text output writes a number of rows,
 * connections or requests. Documents (JSON, YAML, ndjson) and results files
 * keep plain numbers.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= Number.MAX_SAFE_INTEGER) return String(value);
  const whole = String(Math.round(Math.abs(value)));
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && whole !== '0' ? `-${grouped}` : grouped;
}

/** The fields of a record whose numbers are all counts, each number written as formatCount writes it. */
export function countFields(fields: RecordView['fields']): RecordView['fields'] {
  return fields.map(([label, value]) => [label, typeof value === 'number' ? formatCount(value) : value]);
}
