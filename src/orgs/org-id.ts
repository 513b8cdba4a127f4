import type { Operation, operations } from '../api/operations.js';
import type { Settings } from '../config/resolve.js';
import type { Context } from '../context.js';
import { chosenProfile, profileAddCommand } from '../config/suggest.js';
import { UsageError } from '../errors.js';

/** The org an org command works on: the argument, else --org, IPCTL_ORG or the profile. */
function requireOrg(argument: string | undefined, settings: Settings): string {
  const orgId = argument ?? settings.org.value;
  if (!orgId) {
    throw new UsageError(
      'No organization given.',
      `Pass ORG_ID, or set a default with --org, IPCTL_ORG, or \`${profileAddCommand(chosenProfile(settings.profile), '--org ID')}\`.`,
    );
  }
  return orgId;
}

/**
 * Fetches what an org command shows: the operation it picks from the table,
 * called on the org it works on. The table is loaded only now, so that
 * declaring the command stays cheap.
 */
export async function fetchFromOrg<Response>(
  input: { orgId?: string; org?: string },
  context: Context,
  pick: (table: typeof operations) => Operation<Response>,
): Promise<{ orgId: string; data: Response }> {
  const settings = await context.settings({ org: input.org });
  const orgId = requireOrg(input.orgId, settings);
  const api = await context.api(settings);
  const table = (await import('../api/operations.js')).operations;
  return { orgId, data: await api.call(pick(table), { path: { orgId } }) };
}
