// The rules of record search (spec 4.6), as plain functions over seed data so
// they can be tested without a server. The route in routes/search.ts turns a
// request into calls to these and their verdicts into responses.
import type {
  Installation,
  ManifestIntegration,
  ManifestReadObject,
  ProviderDataset,
  ProviderRecord,
} from './types.js';

/** The one operator in use (spec 4.6: "Operator `eq` is the one in use"). */
export const SUPPORTED_OPERATORS = ['eq'] as const;

export interface SearchFilter {
  fieldName: string;
  operator: string;
  value: string;
}

/** One item of `results` (spec 2.6). */
export interface SearchResult {
  id: string;
  fields: Record<string, unknown>;
  mappedFields: Record<string, unknown>;
  raw: Record<string, unknown>;
}

// ---------------------------------------------------------------- which objects can be searched (rules 5-7)

export type Searchability =
  | { searchable: true; object: ManifestReadObject }
  | { searchable: false; reason: 'not-under-read' }
  | { searchable: false; reason: 'disabled-by-installation'; object: ManifestReadObject };

/**
 * Rule 5: searchable when under `read` and not disabled by the installation.
 * Rule 6: `enabled: always` wins over the installation. Rule 7: otherwise
 * `read.objects.<name>.disabled: true` in the installation config stops it.
 */
export function checkSearchable(manifest: ManifestIntegration, installation: Installation, objectName: string): Searchability {
  const object = manifest.read.objects.find((candidate) => candidate.objectName === objectName);
  if (!object) return { searchable: false, reason: 'not-under-read' };
  if (object.enabled === 'always') return { searchable: true, object };
  if (installationObject(installation, objectName)?.disabled === true) {
    return { searchable: false, reason: 'disabled-by-installation', object };
  }
  return { searchable: true, object };
}

/** The objects this installation can search, in manifest order. */
export function searchableObjects(manifest: ManifestIntegration, installation: Installation): string[] {
  return manifest.read.objects
    .map((object) => object.objectName)
    .filter((name) => checkSearchable(manifest, installation, name).searchable);
}

function installationObject(installation: Installation, objectName: string) {
  const objects = installation.config.read.objects;
  return Object.hasOwn(objects, objectName) ? objects[objectName] : undefined;
}

// ---------------------------------------------------------------- field mappings (rules 2-3)

export interface FieldMappings {
  /** mapToName → provider field name, from the manifest or the installation's selection. */
  resolved: Map<string, string>;
  /** mapToNames the manifest leaves to the user that this installation has not chosen a field for. */
  unselected: string[];
}

/**
 * Rule 3: a manifest mapping with a `fieldName` is fixed; one without is
 * completed by the user's choice at installation (`selectedFieldMappings`).
 * Choices for names the manifest does not declare are ignored.
 */
export function fieldMappings(object: ManifestReadObject, installation: Installation): FieldMappings {
  const selected = installationObject(installation, object.objectName)?.selectedFieldMappings ?? {};
  const resolved = new Map<string, string>();
  const unselected: string[] = [];
  for (const mapping of object.fieldMappings ?? []) {
    const fieldName = mapping.fieldName ?? (Object.hasOwn(selected, mapping.mapToName) ? selected[mapping.mapToName] : undefined);
    if (fieldName) resolved.set(mapping.mapToName, fieldName);
    else unselected.push(mapping.mapToName);
  }
  return { resolved, unselected };
}

export type FieldResolution =
  | { kind: 'mapped'; providerField: string }
  | { kind: 'native'; providerField: string }
  | { kind: 'unselected' }
  | { kind: 'unknown'; suggestion?: string };

/**
 * Rule 2: a filter names a mapped field or the provider's own field. A mapped
 * name wins when it is both (HubSpot's `email` maps to `email`, say). Names are
 * case-sensitive, as provider field names are; a different case is suggested.
 */
export function resolveField(name: string, mappings: FieldMappings, nativeNames: ReadonlySet<string>): FieldResolution {
  const mapped = mappings.resolved.get(name);
  if (mapped !== undefined) return { kind: 'mapped', providerField: mapped };
  if (nativeNames.has(name)) return { kind: 'native', providerField: name };
  if (mappings.unselected.includes(name)) return { kind: 'unselected' };
  const lower = name.toLowerCase();
  const suggestion = [...mappings.resolved.keys(), ...nativeNames].find((candidate) => candidate.toLowerCase() === lower);
  return suggestion === undefined ? { kind: 'unknown' } : { kind: 'unknown', suggestion };
}

// ---------------------------------------------------------------- records in their provider's shape

/**
 * A record's fields without the provider's envelope: HubSpot keeps them under
 * `properties`; Salesforce adds an `attributes` object that is metadata, not a field.
 */
export function nativeFields(provider: string, raw: Record<string, unknown>): Record<string, unknown> {
  if (provider === 'hubspot') {
    const properties = raw.properties;
    return properties !== null && typeof properties === 'object' ? { ...(properties as Record<string, unknown>) } : {};
  }
  if (provider === 'salesforce') {
    const { attributes: _metadata, ...fields } = raw;
    return fields;
  }
  return { ...raw };
}

/** Every field name the object's records carry in this instance, in first-seen order. */
export function nativeFieldNames(dataset: ProviderDataset | undefined, objectName: string): Set<string> {
  const names = new Set<string>();
  if (!dataset) return names;
  for (const record of objectRecords(dataset, objectName)) {
    for (const name of Object.keys(nativeFields(dataset.provider, record.raw))) names.add(name);
  }
  return names;
}

function objectRecords(dataset: ProviderDataset | undefined, objectName: string): ProviderRecord[] {
  if (!dataset || !Object.hasOwn(dataset.objects, objectName)) return [];
  return dataset.objects[objectName] ?? [];
}

// ---------------------------------------------------------------- matching and results (rules 1, 4)

/** A filter whose field name has been resolved to the provider's field. */
export interface ResolvedFilter {
  providerField: string;
  value: string;
}

/**
 * Rule 1: one page only, the first `pageSize` matches in the instance's order.
 * Every filter must hold (filters are ANDed).
 */
export function searchRecords(
  dataset: ProviderDataset | undefined,
  objectName: string,
  filters: readonly ResolvedFilter[],
  mappings: FieldMappings,
  pageSize: number,
): SearchResult[] {
  const results: SearchResult[] = [];
  if (!dataset) return results;
  for (const record of objectRecords(dataset, objectName)) {
    const fields = nativeFields(dataset.provider, record.raw);
    if (!filters.every((filter) => equals(fields[filter.providerField], filter.value))) continue;
    results.push(toResult(record, fields, mappings));
    if (results.length >= pageSize) break;
  }
  return results;
}

/**
 * `eq` compares the text of a scalar exactly (case-sensitive): "250000"
 * matches the number 250000, "false" the boolean. Null, missing and
 * structured values match nothing.
 */
export function equals(fieldValue: unknown, value: string): boolean {
  if (typeof fieldValue === 'string') return fieldValue === value;
  if (typeof fieldValue === 'number' || typeof fieldValue === 'boolean') return String(fieldValue) === value;
  return false;
}

/** Rule 4: mapped fields under their mapped names in `mappedFields`; the native record in `raw`. */
function toResult(record: ProviderRecord, fields: Record<string, unknown>, mappings: FieldMappings): SearchResult {
  const mappedFields: Record<string, unknown> = {};
  for (const [mapToName, providerField] of mappings.resolved) {
    if (Object.hasOwn(fields, providerField)) mappedFields[mapToName] = fields[providerField];
  }
  return { id: record.id, fields, mappedFields, raw: structuredClone(record.raw) };
}
