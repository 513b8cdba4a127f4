import type { Provider } from '../api/schemas.js';
import { type Cell, type GridView, type ListView, recordView, type View } from '../output/view.js';
import { capabilities, supports } from './capabilities.js';
import { connectionRequirements } from './requirements.js';

/** How `ipctl providers get` shows a provider: a summary, what a connection needs, what it supports. */
export function providerView(provider: Provider): View {
  const optional = [batchLimitsView(provider.support?.batchWrite), modulesView(provider)].filter((view) => view !== undefined);
  return { kind: 'sections', sections: [summaryView(provider), needsView(provider), supportView(provider), ...optional] };
}

function summaryView(provider: Provider): View {
  return recordView([
    ['Name', provider.name],
    ['Display name', provider.displayName ?? provider.name],
    ['Auth type', provider.authType],
    ['Base URL', provider.baseURL],
    ['Default module', provider.defaultModule],
    ['Post-auth info needed', provider.postAuthInfoNeeded === undefined ? undefined : provider.postAuthInfoNeeded ? 'yes' : 'no'],
  ]);
}

function needsView(provider: Provider): View {
  const requirements = connectionRequirements(provider);
  if (requirements.length === 0) return { kind: 'text', text: 'A connection needs no credential.' };
  return {
    kind: 'list',
    title: 'A connection needs',
    columns: ['VALUE', 'FIELD', 'KIND', 'REQUIRED', 'NOTES'],
    // The field names are what `connections generate --custom KEY` takes: narrowed last, never cut.
    identifiers: ['FIELD'],
    rows: requirements.map((requirement) => [
            requirement.label,
            requirement.field,
            requirement.options ? `one of ${requirement.options.map((option) => option.value).join(', ')}` : requirement.kind,
            requirement.required ? 'yes' : requirement.defaultValue !== undefined ? `no (default ${requirement.defaultValue})` : 'no',
            [requirement.note, requirement.docsUrl].filter(Boolean).join('; '),
        ]),
  };
}

type SupportMatrix = Record<string, unknown>;

function supportView(provider: Provider): GridView {
  const support: SupportMatrix = provider.support ?? {};
  const flag = (key: string): Cell => (typeof support[key] === 'boolean' ? (support[key] as boolean) : undefined);
  return {
    kind: 'grid',
    title: 'Support',
    columns: ['FEATURE', 'SUPPORTED', 'DETAILS'],
    // A feature the answer does not mention gets no row: an empty row says nothing.
    rows: [
      { label: 'read', cells: [flag('read'), ''] },
      { label: 'write', cells: [flag('write'), ''] },
      { label: 'delete', cells: [flag('delete'), ''] },
      { label: 'proxy', cells: [flag('proxy'), ''] },
      { label: 'subscribe', cells: [flag('subscribe'), enabledKeys(support.subscribeSupport)] },
      { label: 'search', cells: [support.search !== undefined ? enabledKeys(asRecord(support.search).operators) !== '' : undefined, operatorsText(support.search)] },
      { label: 'bulk write', cells: [anyEnabled(support.bulkWrite), enabledKeys(support.bulkWrite)] },
      { label: 'batch write', cells: [anyBatch(support.batchWrite), batchModes(support.batchWrite).join(', ')] },
    ].filter((row) => row.cells[0] !== undefined),
  };
}

/**
 * How many records a batch write takes, by operation: a number for most
 * objects, and the objects that have their own (objectRecordLimits), each
 * with its number.
 */
function batchLimitsView(batchWrite: unknown): View | undefined {
  const modes = batchModes(batchWrite);
  if (modes.length === 0) return undefined;
  return {
    kind: 'list',
    title: 'Batch write limits',
    columns: ['OPERATION', 'RECORDS PER BATCH', 'PER-OBJECT LIMITS'],
    rows: modes.map((name) => {
      const mode = asRecord(asRecord(batchWrite)[name]);
      const perObject = Object.entries(asRecord(mode.objectRecordLimits)).map(([object, limit]) => `${object}: ${String(limit)}`);
      return [name, typeof mode.defaultRecordLimit === 'number' ? mode.defaultRecordLimit : undefined, perObject.join(', ')];
    }),
  };
}

/**
 * A line per module. The service's published contract gives each a
 * displayName, a baseURL and a support object shaped as the provider's; older
 * answers may lack the first and the last (a label stands in for the name).
 */
function modulesView(provider: Provider): View | undefined {
  const modules = Object.entries(asRecord(provider.modules));
  if (modules.length === 0) return undefined;
  return {
    kind: 'list',
    title: 'Modules',
    columns: ['MODULE', 'DISPLAY NAME', 'BASE URL', 'SUPPORTS'],
    rows: modules.map(([name, entry]) => {
      const module = asRecord(entry);
      return [name, textOf(module.displayName ?? module.label), textOf(module.baseURL), supportsLine(module.support)];
    }),
  };
}

/** "read, write, bulkWrite (insert, upsert), search (eq)": what a support object enables, compactly. */
function supportsLine(support: unknown): string {
  return Object.entries(asRecord(support))
    .flatMap(([key, value]) => {
      if (value === true) return [key];
      const nested = enabledKeys(key === 'search' ? asRecord(value).operators : value);
      return nested ? [`${key} (${nested})`] : [];
    })
    .join(', ');
}

function textOf(value: unknown): Cell {
  return typeof value === 'string' ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function enabledKeys(value: unknown): string {
  return Object.entries(asRecord(value))
    .filter(([, enabled]) => enabled === true)
    .map(([key]) => key)
    .join(', ');
}

function anyEnabled(value: unknown): Cell {
  return value === undefined ? undefined : enabledKeys(value) !== '';
}

function operatorsText(search: unknown): string {
  const operators = enabledKeys(asRecord(search).operators);
  return operators ? `operators: ${operators}` : '';
}

function anyBatch(value: unknown): Cell {
  if (value === undefined) return undefined;
  return Object.values(asRecord(value)).some((mode) => asRecord(mode).supported === true);
}

/** The batch-write operations supported. */
function batchModes(value: unknown): string[] {
  return Object.entries(asRecord(value))
    .filter(([, mode]) => asRecord(mode).supported === true)
    .map(([name]) => name);
}

/** One provider a row: its name (what the other commands take), what it is called, how it authenticates, what it supports. */
export function providersView(providers: Provider[]): ListView {
  return {
    kind: 'list',
    columns: ['NAME', 'DISPLAY NAME', 'AUTH', 'SUPPORTS'],
    rows: providers.map((provider) => [provider.name, provider.displayName ?? provider.name, provider.authType, capabilities.filter((capability) => supports(provider, capability)).join(', ')]),
    lowValue: ['DISPLAY NAME'],
  };
}
