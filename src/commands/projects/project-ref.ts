import type { Settings } from '../../config/resolve.js';
import { chosenProfile, profileAddCommand, suggestedCommand } from '../../config/suggest.js';
import { UsageError } from '../../errors.js';
import * as z from '../../schema/zod.js';
import { flag } from '../command.js';
import { identifier, projectRefs } from '../input.js';

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
