import type { Settings } from '../../config/resolve.js';
import { UsageError } from '../../errors.js';
import * as z from '../../schema/zod.js';
import { argument, flag } from '../command.js';
import { identifier } from '../input.js';

/** How an org command is told its org: an argument, or --org (then IPCTL_ORG, then the profile). */
export const orgArgs = { orgId: argument('[orgId]', "organization ID (default: --org, IPCTL_ORG, or the profile's org)", z.optional(identifier)) };
export const orgFlag = { org: flag('--org <id>', 'organization ID', z.optional(identifier)) };

/** The org an org command works on: the argument, else --org, IPCTL_ORG or the profile. */
export function requireOrg(argument: string | undefined, settings: Settings): string {
  const orgId = argument ?? settings.org.value;
  if (!orgId) {
    throw new UsageError(
      'No organization given.',
      'Pass ORG_ID, or set a default with --org, IPCTL_ORG, or `ipctl profile add NAME --org ID`.',
    );
  }
  return orgId;
}
