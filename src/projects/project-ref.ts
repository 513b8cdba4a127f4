import type { ApiClient } from '../api/client.js';
import type { operations as operationTable } from '../api/operations.js';
import type { Settings } from '../config/resolve.js';
import type { Context } from '../context.js';
import { chosenProfile, profileAddCommand, suggestedCommand } from '../config/suggest.js';
import { UsageError } from '../errors.js';

/** The project a command works in, as the settings resolved it (flag, environment, profile). */
export function requireProject(settings: Settings): string {
  const project = settings.project.value;
  if (!project) {
    const profile = chosenProfile(settings.profile);
    throw new UsageError(
      'No project given.',
      `Pass --project ID|NAME, or set a default with IPCTL_PROJECT or \`${profileAddCommand(profile, '--project ID|NAME')}\`; \`${suggestedCommand('projects list', profile)}\` lists them.`,
    );
  }
  return project;
}

/** The project a command works in (its --project, else the defaults), the client, and the operations table, loaded now. */
export async function inProject(context: Context, flag: string | undefined): Promise<{ project: string; api: ApiClient; operations: typeof operationTable }> {
  const settings = await context.settings({ project: flag });
  const project = requireProject(settings);
  const api = await context.api(settings);
  const { operations } = await import('../api/operations.js');
  return { project, api, operations };
}
