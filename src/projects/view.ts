import type { Project } from '../api/schemas.js';
import { type ListView, type RecordView, recordView } from '../output/view.js';

export function projectView(project: Project): RecordView {
  return recordView([
    ['ID', project.id],
    ['Name', project.name],
    ['App name', project.appName],
    ['Organization', project.orgId],
    ['Created', project.createTime],
    ['Updated', project.updateTime],
  ]);
}

export function projectsView(projects: Project[]): ListView {
  return {
    kind: 'list',
    columns: ['NAME', 'ID', 'APP NAME', 'ORG', 'CREATED'],
    rows: projects.map((project) => [project.name, project.id, project.appName, project.orgId, project.createTime]),
    lowValue: ['CREATED', 'ORG', 'APP NAME'],
  };
}
