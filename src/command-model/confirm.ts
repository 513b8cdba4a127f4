import type { Context } from '../context.js';
import { DeclinedError, UsageError } from '../errors.js';
import * as z from '../schema/zod.js';
import { flag } from './command.js';

/** `--yes` on the commands that delete what cannot be got back (stored credentials). */
export const yesFlag = {
  yes: flag('-y, --yes', 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)', z.optional(z.boolean())),
};

export interface Removal {
  /** The question, answered yes or no: `Remove profile "staging" and its stored credentials?` */
  question: string;
  /** The command that asks, with its arguments, for the hint: `ipctl profile remove staging`. */
  command: string;
  /** Said when the person answers no. */
  cancelled: string;
}

/**
 * Asks before a removal, as gh does: at a terminal a question that defaults to
 * no; elsewhere --yes is required (exit 2 naming it), since nobody can answer.
 * A "no" is a declined confirmation: exit 130, nothing removed, said plainly.
 */
export async function confirmRemoval(context: Context, yes: boolean | undefined, removal: Removal): Promise<void> {
  if (yes) return;
  if (!context.interactive) {
    throw new UsageError(
      `${removal.command} asks before it removes anything, and there is no terminal to ask at (or prompts are turned off); nothing was removed.`,
      `Give --yes to confirm: ${removal.command} --yes`,
    );
  }
  const prompter = await context.prompter();
  if (!(await prompter.confirm(removal.question, { default: false }))) throw new DeclinedError(removal.cancelled);
}
