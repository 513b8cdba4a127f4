// Section 4.4: update a destination through an update mask.
//
// The spec leaves open what happens when the body and the mask disagree; the
// sandbox is strict so that a client's mistake shows instead of being ignored:
// a field in the body but not in the mask is a 400, and a masked path absent
// from the body (or null) clears that field. Secrets are write-only: the
// sandbox keeps their names and a digest, never a value, and never returns them.
import { createHash } from 'node:crypto';
import { closestName } from '../../input/closest.js';
import { closestMaskPath, isMaskPath, MASK_PATHS, type MaskPath, partsOf, SECRET_KEYS, type SecretKey, valueProblem } from '../destination-fields.js';
import { badRequest, notFound, type ProblemIssue, problemType } from '../problems.js';
import { ok, type Route, route, type RouteContext, type RouteResponse } from '../router.js';
import { findDestination } from '../state.js';
import type { DestinationMetadata, SandboxProject, StoredDestination } from '../types.js';
import { checkPathIdentifier, checkPathName, requireProject } from './lookups.js';

export const destinationRoutes: Route[] = [
  route('listDestinations', 'GET /v1/projects/{projectIdOrName}/destinations', 'apiKeyOrBearer', ({ state, params }) =>
    ok(requireProject(state, params.projectIdOrName as string).destinations.map((stored) => stored.destination)),
  ),
  // By name (read-operations.md), where the PATCH takes the ID. Secrets never come back, includeSecrets or not.
  route('getDestination', 'GET /v1/projects/{projectIdOrName}/destinations/{destination}', 'apiKeyOrBearer', ({ state, params }) =>
    ok(requireDestinationNamed(requireProject(state, params.projectIdOrName as string), params.destination as string).destination),
  ),
  route('updateDestination', 'PATCH /v1/projects/{projectIdOrName}/destinations/{destination}', 'apiKeyOrBearer', updateDestination, { body: 'json' }),
];

function updateDestination({ state, params, body, now }: RouteContext): RouteResponse {
  const project = requireProject(state, params.projectIdOrName as string);
  const stored = requireDestination(project, params.destination as string);
  const update = readUpdate(body);
  applyUpdate(stored, update, now());
  return ok(stored.destination);
}

export function requireDestination(project: SandboxProject, destinationId: string): StoredDestination {
  checkPathIdentifier(destinationId, 'destination');
  const stored = findDestination(project, destinationId);
  if (stored) return stored;
  const known = project.destinations.map((candidate) => candidate.destination.id);
  throw notFound(
    `Destination "${destinationId}" does not exist in project ${project.id} (${project.name}).`,
    known.length > 0 ? `Destinations of this project: ${known.join(', ')}.` : 'This project has no destinations.',
  );
}

function requireDestinationNamed(project: SandboxProject, name: string): StoredDestination {
  // Any name the PATCH accepts, not only what an ID looks like.
  checkPathName(name, 'destination');
  const stored = project.destinations.find((candidate) => candidate.destination.name === name);
  if (stored) return stored;
  const known = project.destinations.map((candidate) => candidate.destination.name);
  throw notFound(
    `No destination named "${name}" in project ${project.id} (${project.name}); this operation takes the destination's name.`,
    known.length > 0 ? `Destinations of this project: ${known.join(', ')}.` : 'This project has no destinations.',
  );
}

/** A checked update: the mask, and the new value of each masked path (absent: clear it). */
export interface DestinationUpdate {
  mask: MaskPath[];
  values: Map<MaskPath, unknown>;
}

const updatableFields = ['name', 'metadata', 'secrets'];
const readOnlyFields = ['id', 'type', 'createTime', 'updateTime'];

/** Checks a PATCH body; every problem found is reported in one 400. */
export function readUpdate(body: unknown): DestinationUpdate {
  const issues: ProblemIssue[] = [];
  if (body === undefined) {
    throw badRequest('The request has no body.', [issue('missing-body', '', 'Send {"updateMask": [...], "destination": {...}}.', null)]);
  }
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key !== 'updateMask' && key !== 'destination') issues.push(unknownField(key, ['updateMask', 'destination']));
  }
  const mask = readMask(record.updateMask, issues);
  const given = readDestination(record.destination, issues);
  const values = new Map<MaskPath, unknown>();
  for (const path of given.keys()) {
    if (!mask.includes(path)) {
      issues.push(issue('not-in-update-mask', bodyPath(path), `${path} is in the body but not in updateMask; add it to updateMask or leave it out.`, shownValue(path, given.get(path))));
    }
  }
  for (const path of mask) {
    const value = given.get(path);
    if (value === undefined) {
      if (path === 'name') issues.push(issue('value-required', bodyPath(path), `${path} is in updateMask but has no value, and it cannot be cleared.`, null));
      continue;
    }
    const problem = valueProblem(path, value);
    if (problem) issues.push(issue('invalid-value', bodyPath(path), `${path} ${problem}.`, shownValue(path, value)));
    else values.set(path, value);
  }
  if (issues.length > 0) {
    throw badRequest(`The destination update is not valid (${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}).`, issues);
  }
  return { mask, values };
}

function readMask(value: unknown, issues: ProblemIssue[]): MaskPath[] {
  if (!Array.isArray(value) || value.length === 0) {
    issues.push(issue('invalid-update-mask', 'updateMask', 'updateMask is required: a non-empty array of field paths, such as ["name", "metadata.url"].', value ?? null));
    return [];
  }
  const mask: MaskPath[] = [];
  value.forEach((path: unknown, index) => {
    const name = `updateMask[${index}]`;
    if (typeof path !== 'string') issues.push(issue('invalid-update-mask', name, 'must be a string.', path));
    else if (!isMaskPath(path)) issues.push(issue('unknown-field-path', name, unknownPathDetail(path), path));
    else if (mask.includes(path)) issues.push(issue('invalid-update-mask', name, `${path} is in updateMask twice.`, path));
    else mask.push(path);
  });
  return mask;
}

/** The paths the body gives a value for; null counts as no value. */
function readDestination(value: unknown, issues: ProblemIssue[]): Map<MaskPath, unknown> {
  const given = new Map<MaskPath, unknown>();
  if (value === undefined || value === null) return given;
  if (!isPlainObject(value)) {
    issues.push(issue('invalid-value', 'destination', 'destination must be an object with name, metadata and secrets.', null));
    return given;
  }
  for (const [key, field] of Object.entries(value)) {
    if (key === 'name') {
      if (field !== null) given.set('name', field);
    } else if (key === 'metadata' || key === 'secrets') {
      readGroup(key, field, given, issues);
    } else if (readOnlyFields.includes(key)) {
      issues.push(issue('read-only-field', `destination.${key}`, `destination.${key} cannot be changed.`, null));
    } else {
      issues.push(unknownField(`destination.${key}`, updatableFields.map((name) => `destination.${name}`)));
    }
  }
  return given;
}

function readGroup(group: 'metadata' | 'secrets', value: unknown, given: Map<MaskPath, unknown>, issues: ProblemIssue[]): void {
  if (value === null) return;
  if (!isPlainObject(value)) {
    issues.push(issue('invalid-value', `destination.${group}`, `destination.${group} must be an object.`, null));
    return;
  }
  const candidates = MASK_PATHS.filter((path) => path.startsWith(`${group}.`));
  for (const [key, field] of Object.entries(value)) {
    const path = `${group}.${key}`;
    if (!isMaskPath(path) || !candidates.includes(path)) {
      issues.push(issue('unknown-field', `destination.${path}`, unknownPathDetail(path, candidates), null));
    } else if (field !== null) {
      given.set(path, field);
    }
  }
}

function applyUpdate(stored: StoredDestination, update: DestinationUpdate, now: Date): void {
  const { destination } = stored;
  for (const path of update.mask) {
    const { group, key } = partsOf(path);
    const value = update.values.get(path);
    if (group === 'name') destination.name = value as string;
    else if (group === 'metadata') setMetadata(destination.metadata, key as keyof DestinationMetadata, value);
    else setSecret(stored, key as SecretKey, value as string | undefined);
  }
  destination.updateTime = now.toISOString();
}

function setMetadata(metadata: DestinationMetadata, key: keyof DestinationMetadata, value: unknown): void {
  const record = metadata as Record<string, unknown>;
  if (value === undefined) delete record[key];
  else record[key] = key === 'headers' ? { ...(value as Record<string, string>) } : value;
}

function setSecret(stored: StoredDestination, key: SecretKey, value: string | undefined): void {
  const digests = (stored.secretDigests ??= {});
  const names = new Set(stored.secretNames);
  if (value === undefined) {
    names.delete(key);
    delete digests[key];
  } else {
    names.add(key);
    digests[key] = createHash('sha256').update(value).digest('hex');
  }
  stored.secretNames = SECRET_KEYS.filter((name) => names.has(name));
}

function unknownPathDetail(path: string, candidates?: readonly MaskPath[]): string {
  const suggestion = closestMaskPath(path, candidates);
  return `${path} is not a field path that can be updated.${suggestion ? ` Did you mean ${suggestion}?` : ''}`;
}

function unknownField(name: string, known: string[]): ProblemIssue {
  const suggestion = closestName(name, known);
  return issue('unknown-field', name, `${name} is not a field of this request.${suggestion ? ` Did you mean ${suggestion}?` : ''}`, null);
}

/** Where a masked path sits in the body. */
function bodyPath(path: MaskPath): string {
  return `destination.${path}`;
}

/** The offending value for an issue, except a secret's, which is never echoed. */
function shownValue(path: MaskPath, value: unknown): unknown {
  return partsOf(path).group === 'secrets' ? null : value;
}

function issue(kind: string, name: string, detail: string, value: unknown): ProblemIssue {
  return { type: problemType(kind), detail, in: 'body', name, value };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
