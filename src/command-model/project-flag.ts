import * as z from '../schema/zod.js';
import { flag } from './flag.js';
import { identifier, projectRefs } from './common-flags.js';

/** `--project` on the commands that work inside one project: an ID or a name, with IPCTL_PROJECT and the profile's project as defaults. */
export const projectFlag = {
  project: flag('--project <id|name>', "project ID or name (default: IPCTL_PROJECT or the profile's project)", z.optional(identifier), { values: projectRefs }),
};

/** What the commands that work in one project read from the environment, for their help. */
export const projectEnvironment = ['IPCTL_PROJECT   default project ID or name', 'IPCTL_API_KEY   API key (used when both are set)', 'IPCTL_TOKEN     bearer token'];

/** The exit codes of a command that reads in one project, for its help: `success` is 0's meaning, `notFound` 3's. */
export function projectReadExitCodes(success: string, notFound: string): string[] {
  return [`0 ${success}`, '2 invalid input, nothing sent', `3 ${notFound}`, '4 missing or rejected credentials', '5 temporary failure (network, timeout, 408, 429, 5xx)'];
}
