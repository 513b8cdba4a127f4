import type { Context } from '../context.js';
import { fileHost } from '../deps.js';
import * as z from '../schema/zod.js';
import { flag } from './command.js';

/**
 * `--force` on the commands that write values into the profile file (profile
 * add, auth set-key, set-token, login). Without it a corrupt file stops them
 * (exit 2) and is left as it is; with it the file is moved aside, kept, and a
 * new one started. Commands that need an existing profile (use, remove) do not
 * take it: a new file would not have the profile either.
 */
export const forceFlag = {
  force: flag('--force', 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one', z.optional(z.boolean())),
};

/** Call first in run(), before anything reads the profile file. */
export async function recoverProfileFile(context: Context, force: boolean | undefined): Promise<void> {
  if (!force) return;
  const { setAsideCorruptFile } = await import('../config/store.js');
  const aside = await setAsideCorruptFile(fileHost(context.deps), context.deps.env, { signal: context.deps.signal });
  if (aside) context.say(`The profile file could not be used; moved it to ${aside} and started a new one.`);
}
