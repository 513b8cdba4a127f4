// Section 4.6, served under the separate search base address: the request is
// checked (header, query, body: every problem at once), the project,
// integration and installation looked up (404s), then the rules of search.ts
// decide whether the object and the fields can be searched (400s) and what
// comes back.
import type { IncomingHttpHeaders } from 'node:http';
import { searchPageSize } from '../../config/defaults.js';
import { badRequest, internalError, notFound, type ProblemIssue, problemType } from '../problems.js';
import { ok, type Route, route, type RouteContext, type RouteResponse } from '../router.js';
import {
  checkSearchable,
  type FieldMappings,
  fieldMappings,
  nativeFieldNames,
  type ResolvedFilter,
  resolveField,
  type SearchFilter,
  searchableObjects,
  searchRecords,
  SUPPORTED_OPERATORS,
} from '../search.js';
import { findInstallation, findIntegration, findProject, type SandboxState } from '../state.js';
import type { Installation, Integration, ManifestIntegration, ManifestReadObject, SandboxProject } from '../types.js';
import { checkPathIdentifier } from './lookups.js';

const REQUEST_TYPE_HEADER = 'x-svc-request-type';

export const searchRoutes: Route[] = [
  route('searchRecords', 'POST /search/v1/projects/{projectId}/integrations/{integrationId}', 'apiKey', handleSearch, { body: 'json' }),
];

interface SearchRequest {
  groupRef: string;
  objectName: string;
  fieldFilters: SearchFilter[];
}

function handleSearch(context: RouteContext): RouteResponse {
  const { state, params } = context;
  checkPathIdentifier(params.projectId as string, 'projectId');
  checkPathIdentifier(params.integrationId as string, 'integrationId');
  recordRequest(context);
  const request = parseRequest(context);
  const project = requireSearchProject(state, params.projectId as string);
  const integration = requireIntegration(state, project, params.integrationId as string);
  const installation = requireInstallation(integration, request.groupRef);
  const object = requireSearchable(manifestOf(integration), installation, request.objectName);
  const mappings = fieldMappings(object, installation);
  const dataset = project.providerData.find((data) => data.groupRef === request.groupRef && data.provider === integration.provider);
  const filters = resolveFilters(request, mappings, nativeFieldNames(dataset, request.objectName));
  const results = searchRecords(dataset, request.objectName, filters, mappings, searchPageSize);
  context.record({ resultCount: results.length });
  if (state.searchAnswer === 'result') return ok({ result: results.map(({ fields, mappedFields, raw }) => ({ fields, mappedFields, raw })) });
  return ok({ results });
}

/** What the client sent, as sent, so tests can check ipctl's request on the sandbox side. */
function recordRequest(context: RouteContext): void {
  const body = asRecord(context.body);
  context.record({
    requestType: headerValue(context.headers, REQUEST_TYPE_HEADER) ?? null,
    objectName: body?.objectName ?? null,
    fieldFilters: body?.fieldFilters ?? null,
  });
}

// ---------------------------------------------------------------- the request: header, query, body

function parseRequest(context: RouteContext): SearchRequest {
  const issues = [...headerIssues(context.headers), ...queryIssues(context.query), ...bodyIssues(context.body)];
  if (issues.length > 0) {
    throw badRequest(`The search request is invalid (${issues.length === 1 ? 'one problem' : `${issues.length} problems`}).`, issues, remedyFor(issues));
  }
  const body = context.body as { objectName: string; fieldFilters: SearchFilter[] };
  return { groupRef: context.query.get('groupRef') as string, objectName: body.objectName, fieldFilters: body.fieldFilters };
}

function headerIssues(headers: IncomingHttpHeaders): ProblemIssue[] {
  const value = headerValue(headers, REQUEST_TYPE_HEADER);
  if (value === 'search') return [];
  return [
    issue('missing-request-type', 'header', REQUEST_TYPE_HEADER, value ?? null, value === undefined
      ? 'Search requests must carry the header x-svc-request-type: search.'
      : `must be "search", not "${value}".`),
  ];
}

function queryIssues(query: URLSearchParams): ProblemIssue[] {
  const values = query.getAll('groupRef');
  if (values.length > 1) return [issue('invalid-query', 'query', 'groupRef', values, 'give groupRef once; one installation is searched at a time.')];
  const [groupRef] = values;
  if (groupRef === undefined || groupRef.trim() === '') {
    return [issue('missing-query', 'query', 'groupRef', groupRef ?? null, 'is required: the groupRef of the user group whose installation is searched.')];
  }
  return [];
}

function bodyIssues(body: unknown): ProblemIssue[] {
  const record = asRecord(body);
  if (!record) return [issue('missing-body', 'body', '', null, 'A JSON object with objectName and fieldFilters is required.')];
  const issues: ProblemIssue[] = [];
  if (typeof record.objectName !== 'string' || record.objectName.trim() === '') {
    issues.push(issue('invalid-field', 'body', 'objectName', record.objectName ?? null, 'is required: the name of the object to search, a string.'));
  }
  const filters = record.fieldFilters;
  if (!Array.isArray(filters)) {
    issues.push(issue('invalid-field', 'body', 'fieldFilters', filters ?? null, 'is required: an array of {fieldName, operator, value}.'));
  } else if (filters.length === 0) {
    issues.push(issue('invalid-field', 'body', 'fieldFilters', [], 'must hold at least one filter; search is meant for narrow, targeted queries.'));
  } else {
    filters.forEach((filter, index) => issues.push(...filterIssues(filter, `fieldFilters[${index}]`)));
  }
  return issues;
}

function filterIssues(filter: unknown, at: string): ProblemIssue[] {
  const record = asRecord(filter);
  if (!record) return [issue('invalid-field', 'body', at, filter, 'must be an object with fieldName, operator and value.')];
  const issues: ProblemIssue[] = [];
  const { fieldName, operator, value } = record;
  if (typeof fieldName !== 'string' || fieldName === '') {
    issues.push(issue('invalid-field', 'body', `${at}.fieldName`, fieldName ?? null, 'is required: a field name, a string.'));
  }
  if (typeof operator !== 'string') {
    issues.push(issue('invalid-field', 'body', `${at}.operator`, operator ?? null, `is required: the operator, a string (${SUPPORTED_OPERATORS.join(', ')}).`));
  } else if (!(SUPPORTED_OPERATORS as readonly string[]).includes(operator)) {
    issues.push(issue('unsupported-operator', 'body', `${at}.operator`, operator, `The operator "${operator}" is not supported; the supported operator is ${SUPPORTED_OPERATORS.join(', ')}.`));
  }
  if (typeof value !== 'string') {
    issues.push(issue('invalid-field', 'body', `${at}.value`, value ?? null, 'is required: the value to compare with, a string.'));
  }
  return issues;
}

/** The remedy says what to do about each kind of issue present. */
function remedyFor(issues: ProblemIssue[]): string {
  const remedies: Record<string, string> = {
    [problemType('missing-request-type')]: 'Send the header x-svc-request-type: search.',
    [problemType('unsupported-operator')]: `Use the operator ${SUPPORTED_OPERATORS.join(', ')}: {"fieldName": …, "operator": "eq", "value": …}.`,
  };
  const specific = [...new Set(issues.map((item) => remedies[item.type]).filter((text): text is string => text !== undefined))];
  const general = issues.some((item) => remedies[item.type] === undefined) ? ['Correct the request as described in `issues` and send it again.'] : [];
  return [...specific, ...general].join(' ');
}

// ---------------------------------------------------------------- lookups (404)

/** Search takes the project ID (spec 4.6), unlike the operations of 4.3 and 4.4 that also take its name. */
function requireSearchProject(state: SandboxState, projectId: string): SandboxProject {
  if (Object.hasOwn(state.projects, projectId)) return state.projects[projectId] as SandboxProject;
  const named = findProject(state, projectId);
  const remedy = named
    ? `Search takes the project ID, not its name: use ${named.id} (the project named "${named.name}").`
    : `Use a sandbox project ID: ${Object.keys(state.projects).join(', ')}.`;
  throw notFound(`Project "${projectId}" does not exist.`, remedy);
}

function requireIntegration(state: SandboxState, project: SandboxProject, integrationId: string): Integration {
  const integration = findIntegration(project, integrationId);
  if (integration) return integration;
  const elsewhere = Object.values(state.projects).find((other) => findIntegration(other, integrationId));
  const known = project.integrations.map((item) => `${item.id} (${item.name})`).join(', ') || 'none';
  const remedy = elsewhere
    ? `Integration ${integrationId} belongs to project ${elsewhere.id}; search it with --project ${elsewhere.id}. Integrations of ${project.id}: ${known}.`
    : `Integrations of project ${project.id}: ${known}.`;
  throw notFound(`Integration "${integrationId}" does not exist in project ${project.id}.`, remedy);
}

function requireInstallation(integration: Integration, groupRef: string): Installation {
  const installation = findInstallation(integration, groupRef);
  if (installation) return installation;
  const groups = integration.installations.map((item) => item.groupRef).join(', ') || 'none';
  throw notFound(
    `Integration ${integration.id} has no installation for groupRef "${groupRef}".`,
    `Search the installation of an installed user group: ${groups}.`,
  );
}

/** The manifest's entry for this integration (a manifest may describe several). */
function manifestOf(integration: Integration): ManifestIntegration {
  const entry = integration.manifest.integrations.find((item) => item.name === integration.name);
  if (!entry) throw internalError();
  return entry;
}

// ---------------------------------------------------------------- rules (400)

function requireSearchable(manifest: ManifestIntegration, installation: Installation, objectName: string): ManifestReadObject {
  const verdict = checkSearchable(manifest, installation, objectName);
  if (verdict.searchable) return verdict.object;
  const searchable = searchableObjects(manifest, installation);
  const others = searchable.length > 0 ? `Objects searchable for groupRef ${installation.groupRef}: ${searchable.join(', ')}.` : `No object is searchable for groupRef ${installation.groupRef}.`;
  if (verdict.reason === 'not-under-read') {
    throw badRequest(
      `The object "${objectName}" is not searchable: it is not defined under read in the manifest of integration ${manifest.name}.`,
      [issue('object-not-searchable', 'body', 'objectName', objectName, `"${objectName}" is not under read.objects in the manifest; search needs the object there.`)],
      `${others} To search ${objectName}, add it under read.objects in the manifest.`,
    );
  }
  throw badRequest(
    `The object "${objectName}" is not searchable: the installation for groupRef ${installation.groupRef} disables it (read.objects.${objectName}.disabled: true).`,
    [issue('object-not-searchable', 'body', 'objectName', objectName, `disabled by the installation config of groupRef ${installation.groupRef}.`)],
    `${others} To search ${objectName}, enable it in that installation's config, or mark it enabled: always under read in the manifest.`,
  );
}

function resolveFilters(request: SearchRequest, mappings: FieldMappings, nativeNames: ReadonlySet<string>): ResolvedFilter[] {
  const issues: ProblemIssue[] = [];
  const resolved: ResolvedFilter[] = [];
  request.fieldFilters.forEach((filter, index) => {
    const at = `fieldFilters[${index}].fieldName`;
    const resolution = resolveField(filter.fieldName, mappings, nativeNames);
    if (resolution.kind === 'mapped' || resolution.kind === 'native') {
      resolved.push({ providerField: resolution.providerField, value: filter.value });
    } else if (resolution.kind === 'unselected') {
      issues.push(issue('unknown-field', 'body', at, filter.fieldName, `the mapped field "${filter.fieldName}" has no provider field selected in the installation for groupRef ${request.groupRef}.`));
    } else {
      const hint = resolution.suggestion !== undefined ? ` Did you mean "${resolution.suggestion}"? Field names are case-sensitive.` : '';
      issues.push(issue('unknown-field', 'body', at, filter.fieldName, `"${filter.fieldName}" is neither a mapped field nor a field of ${request.objectName}.${hint}`));
    }
  });
  if (issues.length > 0) {
    throw badRequest(
      `${issues.length === 1 ? 'A field' : `${issues.length} fields`} of the search ${issues.length === 1 ? 'is' : 'are'} not known for ${request.objectName}.`,
      issues,
      fieldRemedy(request.objectName, mappings, nativeNames),
    );
  }
  return resolved;
}

function fieldRemedy(objectName: string, mappings: FieldMappings, nativeNames: ReadonlySet<string>): string {
  const mapped = [...mappings.resolved.keys()];
  const parts = [
    mapped.length > 0 ? `mapped fields: ${mapped.join(', ')}` : 'no mapped fields',
    nativeNames.size > 0 ? `provider fields: ${[...nativeNames].join(', ')}` : 'no provider fields known',
  ];
  return `Filter on a field ${objectName} has (${parts.join('; ')}).`;
}

// ---------------------------------------------------------------- small helpers

function issue(kind: string, where: ProblemIssue['in'], name: string, value: unknown, detail: string): ProblemIssue {
  return { type: problemType(kind), detail, in: where, name, value };
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim();
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
