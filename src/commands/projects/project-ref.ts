import type { ApiClient } from '../../api/client.js';
import type { operations as operationTable } from '../../api/operations.js';
import type { Settings } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { chosenProfile, profileAddCommand, suggestedCommand } from '../../config/suggest.js';
import { UsageError } from '../../errors.js';
import * as z from '../../schema/zod.js';
import { flag } from '../../command-model/command.js';
import { identifier, projectRefs } from '../../command-model/flags.js';

/** `--project` on the commands that work inside one project: an ID or a name, with IPCTL_PROJECT and the profile's project as defaults. */
export const projectFlag = {
  project: flag('--project <id|name>', "project ID or name (default: IPCTL_PROJECT or the profile's project)", z.optional(identifier), { values: projectRefs }),
};

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

/** What the commands that work in one project read from the environment, for their help. */
export const projectEnvironment = ['IPCTL_PROJECT   default project ID or name', 'IPCTL_API_KEY   API key (used when both are set)', 'IPCTL_TOKEN     bearer token'];

/** The exit codes of a command that reads in one project, for its help: `success` is 0's meaning, `notFound` 3's. */
export function projectReadExitCodes(success: string, notFound: string): string[] {
  return [`0 ${success}`, '2 invalid input, nothing sent', `3 ${notFound}`, '4 missing or rejected credentials', '5 temporary failure (network, timeout, 408, 429, 5xx)'];
}

/** The project a command works in (its --project, else the defaults), the client, and the operations table, loaded now. */
export async function inProject(context: Context, flag: string | undefined): Promise<{ project: string; api: ApiClient; operations: typeof operationTable }> {
  const settings = await context.settings({ project: flag });
  const project = requireProject(settings);
  const api = await context.api(settings);
  const { operations } = await import('../../api/operations.js');
  return { project, api, operations };
}
