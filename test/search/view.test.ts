import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../src/api/schemas.js';
import { resultsTable } from '../../src/search/view.js';

const results: SearchResult[] = [
  {
    id: '51001',
    fields: { firstname: 'Hana', email: 'hana@example.com', score: 7 },
    mappedFields: { email: 'hana@example.com', stage: 'customer' },
    raw: { id: '51001', properties: { firstname: 'Hana', email: 'hana@example.com' }, archived: false },
  },
  {
    id: '51002',
    fields: { firstname: 'Omar', email: null, phone: '+44' },
    mappedFields: { stage: 'lead' },
    raw: { id: '51002', properties: { firstname: 'Omar' }, archived: true },
  },
];

describe('resultsTable', () => {
  it('shows the ID, the mapped fields marked, then every field seen, in first-seen order', () => {
    const { view, missing } = resultsTable(results, { raw: false });
    expect(view.columns).toEqual(['ID', 'email (mapped)', 'stage (mapped)', 'firstname', 'email', 'score', 'phone']);
    expect(view.rows).toEqual([
      ['51001', 'hana@example.com', 'customer', 'Hana', 'hana@example.com', 7, undefined],
      ['51002', undefined, 'lead', 'Omar', undefined, undefined, '+44'],
    ]);
    expect(missing).toEqual([]);
  });

  it('picks columns with fields: a mapped name as mapped, else the field; unknown names reported', () => {
    const { view, missing } = resultsTable(results, { raw: false, fields: ['stage', 'phone', 'nope'] });
    expect(view.columns).toEqual(['ID', 'stage (mapped)', 'phone', 'nope']);
    expect(view.rows[1]).toEqual(['51002', 'lead', '+44', undefined]);
    expect(missing).toEqual(['nope']);
  });

  it('shows the native record with raw, objects as JSON and booleans as sent', () => {
    const { view } = resultsTable(results, { raw: true });
    expect(view.columns).toEqual(['ID', 'id', 'properties', 'archived']);
    expect(view.rows[0]).toEqual(['51001', '51001', '{"firstname":"Hana","email":"hana@example.com"}', 'false']);
  });

  it('reaches into objects with a dotted name', () => {
    const { view, missing } = resultsTable(results, { raw: true, fields: ['properties.email', 'archived'] });
    expect(view.columns).toEqual(['ID', 'properties.email', 'archived']);
    expect(view.rows).toEqual([
      ['51001', 'hana@example.com', 'false'],
      ['51002', undefined, 'true'],
    ]);
    expect(missing).toEqual([]);
  });

  it('is an empty table without results, with the columns asked for and nothing missing', () => {
    expect(resultsTable([], { raw: false })).toEqual({ view: { kind: 'list', columns: ['ID'], rows: [], lowValue: [] }, missing: [] });
    expect(resultsTable([], { raw: false, fields: ['a', 'b'] }).view.columns).toEqual(['ID', 'a', 'b']);
  });
});
