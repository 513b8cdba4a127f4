import * as z from '../schema/zod.js';
import { argument, flag } from './flag.js';
import { identifier } from './common-flags.js';
import type { HelpDetails } from './help.js';

/** How an org command is told its org: an argument, or --org (then IPCTL_ORG, then the profile). */
export const orgArgs = { orgId: argument('[orgId]', "organization ID (default: --org, IPCTL_ORG, or the profile's org)", z.optional(identifier)) };
export const orgFlag = { org: flag('--org <id>', 'organization ID', z.optional(identifier)) };

/** An org command's help, with the environment every org command reads. */
export function orgHelp(description: string, examples: string[]): HelpDetails {
  return { description, examples, environment: ['IPCTL_ORG      default organization', 'IPCTL_TOKEN    bearer token'] };
}
