import { describe, expect, it } from 'vitest';
import type { Provider } from '../../src/api/schemas.js';
import { providerView } from '../../src/providers/view.js';
import type { GridView, ListView, View } from '../../src/output/view.js';

function sections(provider: Record<string, unknown>): View[] {
  const view = providerView({ name: 'acme', authType: 'none', ...provider } as Provider);
  if (view.kind !== 'sections') throw new Error('expected sections');
  return view.sections;
}

function titled<T extends View>(views: View[], title: string): T | undefined {
  return views.find((view) => 'title' in view && view.title === title) as T | undefined;
}

describe('providerView', () => {
  it('shows a row only for the features the answer mentions', () => {
    const support = titled<GridView>(sections({ support: { read: true, write: false } }), 'Support')!;
    expect(support.rows.map((row) => [row.label, row.cells[0]])).toEqual([
      ['read', true],
      ['write', false],
    ]);
  });

  it('says in words that a provider needs no credential, rather than an empty row', () => {
    const views = sections({ authType: 'none' });
    expect(views).toContainEqual({ kind: 'text', text: 'A connection needs no credential.' });
    expect(titled(views, 'A connection needs')).toBeUndefined();
  });

  it('gives batch limits per operation, with the objects that have their own', () => {
    const batchWrite = {
      create: { supported: true, defaultRecordLimit: 200, objectRecordLimits: { Account: 150 } },
      upsert: { supported: true, defaultRecordLimit: 100, objectRecordLimits: {} },
      delete: { supported: false, defaultRecordLimit: 50 },
    };
    const views = sections({ support: { batchWrite } });
    expect(titled<GridView>(views, 'Support')!.rows).toContainEqual({ label: 'batch write', cells: [true, 'create, upsert'] });
    expect(titled<ListView>(views, 'Batch write limits')!.rows).toEqual([
      ['create', 200, 'Account: 150'],
      ['upsert', 100, ''],
    ]);
  });

  it('has no batch limits section when no batch write is supported', () => {
    expect(titled(sections({ support: { read: true } }), 'Batch write limits')).toBeUndefined();
  });
});
