// read-operations.md, Projects: list them, and get one by ID or name.
import { ok, type Route, route } from '../router.js';
import type { SandboxProject } from '../types.js';
import { requireProject } from './lookups.js';

export const projectRoutes: Route[] = [
  route('listProjects', 'GET /v1/projects', 'apiKeyOrBearer', ({ state }) => ok(Object.values(state.projects).map(projectAnswer))),
  route('getProject', 'GET /v1/projects/{projectIdOrName}', 'apiKeyOrBearer', ({ state, params }) => ok(projectAnswer(requireProject(state, params.projectIdOrName as string)))),
];

/** The published Project: built field by field, so nothing else the sandbox keeps slips out. */
function projectAnswer(project: SandboxProject): Record<string, unknown> {
  return { id: project.id, name: project.name, appName: project.appName, orgId: project.orgId, createTime: project.createTime, updateTime: project.updateTime };
}
