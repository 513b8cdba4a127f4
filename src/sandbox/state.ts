// The live state of one sandbox: seed data that routes may change, plus the
// request log tests read to check what ipctl sent.
import type { Principal } from './auth.js';
import { createSeedData, type SeedData } from './seed.js';
import type { Installation, Integration, Org, Provider, SandboxProject, StoredDestination } from './types.js';

/**
 * One request as the sandbox saw it. Header names only, never values or
 * bodies, so a log can be printed or asserted on without exposing a secret.
 */
export interface RequestLogEntry {
  method: string;
  /** The path as sent (still percent-encoded), without the query string. */
  path: string;
  /** Query parameters; a repeated parameter becomes an array. */
  query: Record<string, string | string[]>;
  /** Operation name of the matched route; absent for unknown paths and wrong methods. */
  operation?: string;
  status: number;
  requestId: string;
  /** Lower-cased, in the order first sent. */
  headerNames: string[];
  /** The credential the request was accepted with; absent when it was not authenticated. */
  principal?: Principal;
  /** Operation-specific facts the route recorded (see RouteContext.record); credentials redacted. */
  facts?: Record<string, unknown>;
  time: string;
  /** The kind of fault injected instead of the answer (faults.ts), if one was. */
  fault?: string;
}

/**
 * How search names its array: `results`, entries with an `id`, as the API
 * reference says; or `result`, entries without one, as the service's published
 * contract does.
 */
export type SearchAnswerShape = 'results' | 'result';

export interface SandboxState extends SeedData {
  requestLog: RequestLogEntry[];
  searchAnswer: SearchAnswerShape;
}

export function createSandboxState(options: { searchAnswer?: SearchAnswerShape } = {}): SandboxState {
  return { ...createSeedData(), requestLog: [], searchAnswer: options.searchAnswer ?? 'results' };
}

export function findOrg(state: SandboxState, orgId: string): Org | undefined {
  return Object.hasOwn(state.orgs, orgId) ? state.orgs[orgId] : undefined;
}

export function findProvider(state: SandboxState, name: string): Provider | undefined {
  return Object.hasOwn(state.providers, name) ? state.providers[name] : undefined;
}

/** Operations take a project ID or a project name (sections 4.3, 4.4); IDs win. */
export function findProject(state: SandboxState, idOrName: string): SandboxProject | undefined {
  if (Object.hasOwn(state.projects, idOrName)) return state.projects[idOrName];
  return Object.values(state.projects).find((project) => project.name === idOrName);
}

export function findDestination(project: SandboxProject, destinationId: string): StoredDestination | undefined {
  return project.destinations.find((stored) => stored.destination.id === destinationId);
}

export function findIntegration(project: SandboxProject, integrationId: string): Integration | undefined {
  return project.integrations.find((integration) => integration.id === integrationId);
}

export function findInstallation(integration: Integration, groupRef: string): Installation | undefined {
  return integration.installations.find((installation) => installation.groupRef === groupRef);
}
