import type { Context } from '../context.js';
import type { Outcome } from '../output/view.js';
import type { HelpDetails } from './help.js';
import type { Arguments, Flags, GlobalRules, InputOf } from './flag.js';

/*
 * A command is one declaration: its positional arguments and flags,
 * help, and run(). Each argument and flag is declared once, with its help text,
 * the zod rule for its value and its completion values; from that come the
 * commander options and arguments (configureCommand in src/cli/declaration.ts), the parsed and typed
 * input (parseCommandInput, inferred as InputOf), the help and the completion
 * candidates. Its one-line summary is on its line in the registry, which
 * lists commands without loading them. run() loads what it needs when it runs
 * (await import(...)), so that loading a declaration stays cheap.
 */

export { argument, flag, type Arguments, type Flags, type GlobalRules, type InputOf } from './flag.js';

export interface CommandDeclaration<A extends Arguments, F extends Flags, G extends GlobalRules> {
  args?: A;
  flags?: F;
  globals?: G;
  help: HelpDetails;
  /**
   * Checks that span several values (one flag needs another), after each value
   * has passed its own rule; each problem names its flags. Return none if all is well.
   * It may load what it checks with (await import(...)), as run() does.
   */
  check?(input: InputOf<A, F, G>): string[] | Promise<string[]>;
  /** Data for the renderer, an exit code for commands without data, or nothing (exit 0). */
  run(input: InputOf<A, F, G>, context: Context): Promise<Outcome | number | void>;
}

/** Any command, as the registry holds it: its input type is known only to itself. */
export interface CommandSpec {
  args?: Arguments;
  flags?: Flags;
  globals?: GlobalRules;
  help: HelpDetails;
  check?(input: never): string[] | Promise<string[]>;
  run(input: never, context: Context): Promise<Outcome | number | void>;
}

export function defineCommand<A extends Arguments = {}, F extends Flags = {}, G extends GlobalRules = {}>(declaration: CommandDeclaration<A, F, G>): CommandSpec {
  return declaration as unknown as CommandSpec;
}
