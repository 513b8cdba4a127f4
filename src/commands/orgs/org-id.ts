import type { Settings } from '../../config/resolve.js';
import { UsageError } from '../../errors.js';

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
