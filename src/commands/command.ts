import type { ValueSource } from '../completion/values.js';
import type { Context } from '../context.js';
import type { Outcome } from '../output/view.js';
import type * as z from '../schema/zod.js';
import type { HelpDetails } from './help.js';

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

/** A flag: commander's spelling (`--status <status>`, `-o, --output <format>`, `--json`), its help, its rule. */
export interface Flag<Rule extends z.ZodMiniType = z.ZodMiniType> {
  flags: string;
  help: string;
  rule: Rule;
  /** What shell completion offers for its value. */
  values?: readonly string[] | ValueSource;
  /** Given more than once, its values are collected into an array. */
  repeatable?: boolean;
}

/** A positional argument: `<name>` (required), `[name]` (optional) or `[name...]` (any number). */
export interface Argument<Rule extends z.ZodMiniType = z.ZodMiniType> {
  name: string;
  help: string;
  rule: Rule;
  values?: readonly string[] | ValueSource;
}

export type Flags = Record<string, Flag>;
export type Arguments = Record<string, Argument>;
/** Global options (see globals.ts) a command reads as part of its input, each with the rule for its value. */
export type GlobalRules = Record<string, z.ZodMiniType>;

type ValueOf<Declared> = Declared extends { rule: infer Rule extends z.ZodMiniType } ? z.output<Rule> : never;

/** A command's input, inferred from what it declares. */
export type InputOf<A extends Arguments, F extends Flags, G extends GlobalRules> = { [K in keyof A]: ValueOf<A[K]> } & {
  [K in keyof F]: ValueOf<F[K]>;
} & { [K in keyof G]: z.output<G[K]> };

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

/** Declares a flag (see Flag). */
export function flag<Rule extends z.ZodMiniType>(flags: string, help: string, rule: Rule, more: Pick<Flag, 'values' | 'repeatable'> = {}): Flag<Rule> {
  return { flags, help, rule, ...more };
}

/** Declares a positional argument (see Argument). */
export function argument<Rule extends z.ZodMiniType>(name: string, help: string, rule: Rule, more: Pick<Argument, 'values'> = {}): Argument<Rule> {
  return { name, help, rule, ...more };
}

