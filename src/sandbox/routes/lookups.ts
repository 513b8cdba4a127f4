// Lookups that answer 404 problems, shared by the route files.
import { badRequest, notFound, problemType } from '../problems.js';
import { findOrg, findProject, findProvider, type SandboxState } from '../state.js';
import type { Org, Provider, SandboxProject } from '../types.js';

// What the sandbox accepts as an ID or name in a path; anything else is a 400 with an issue.
const identifierPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export function checkPathIdentifier(value: string, name: string): void {
  if (identifierPattern.test(value)) return;
  throw badRequest(`The path parameter ${name} is not a valid identifier.`, [
    {
      type: problemType('invalid-identifier'),
      title: 'Invalid identifier',
      detail: 'must start with a letter or digit, then letters, digits, ".", "_" or "-" (128 at most)',
      in: 'path',
      name,
      value,
    },
  ]);
}

/**
 * A name in a path, such as a destination's: any text a name may be (its PATCH
 * refuses only control characters), so a name that can be set can be looked up.
 */
export function checkPathName(value: string, name: string): void {
  if (!/[\u0000-\u001f\u007f]/.test(value)) return;
  throw badRequest(`The path parameter ${name} is not a valid name.`, [
    {
      type: problemType('invalid-name'),
      title: 'Invalid name',
      detail: 'must not contain control characters',
      in: 'path',
      name,
      value,
    },
  ]);
}

export function requireOrg(state: SandboxState, orgId: string): Org {
  checkPathIdentifier(orgId, 'orgId');
  const org = findOrg(state, orgId);
  if (org) return org;
  throw notFound(
    `Organization "${orgId}" does not exist.`,
    `Use one of the sandbox organizations: ${Object.keys(state.orgs).join(', ')}.`,
  );
}

export function requireProvider(state: SandboxState, name: string): Provider {
  checkPathIdentifier(name, 'provider');
  const provider = findProvider(state, name);
  if (provider) return provider;
  throw notFound(
    `Provider "${name}" does not exist in the catalogue.`,
    `Provider names are case-sensitive. The sandbox catalogue has: ${Object.keys(state.providers).join(', ')}.`,
  );
}

export function requireProject(state: SandboxState, idOrName: string): SandboxProject {
  checkPathIdentifier(idOrName, 'projectIdOrName');
  const project = findProject(state, idOrName);
  if (project) return project;
  const known = Object.values(state.projects).map((p) => `${p.id} (${p.name})`);
  throw notFound(
    `Project "${idOrName}" does not exist (looked up by ID and by name).`,
    `Use a sandbox project ID or name: ${known.join(', ')}.`,
  );
}
