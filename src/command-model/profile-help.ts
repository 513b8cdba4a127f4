import type { HelpDetails } from './help.js';

/** Every profile command reads the profile file, so its help names where that lives. */
export const profileFileVariable = 'IPCTL_CONFIG_DIR   where the profile file lives';

/** How a command that names an existing profile exits. */
const namedProfileExitCodes = ['0 success', '2 no such profile, or an invalid profile file'];

/** A profile command's help: by default that of one naming an existing profile. */
export function profileHelp(description: string, examples: string[], environment = [profileFileVariable], exitCodes = namedProfileExitCodes): HelpDetails {
  return { description, examples, environment, exitCodes };
}
