import type { ValueSource } from '../completion/values.js';
import type * as z from '../schema/zod.js';

/*
 * The arguments and flags a command declares, and the input they make. Apart
 * from command.ts, which needs the context, so that the global options
 * (globals.ts), which the context reads, are declared without it.
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

/** Declares a flag (see Flag). */
export function flag<Rule extends z.ZodMiniType>(flags: string, help: string, rule: Rule, more: Pick<Flag, 'values' | 'repeatable'> = {}): Flag<Rule> {
  return { flags, help, rule, ...more };
}

/** Declares a positional argument (see Argument). */
export function argument<Rule extends z.ZodMiniType>(name: string, help: string, rule: Rule, more: Pick<Argument, 'values'> = {}): Argument<Rule> {
  return { name, help, rule, ...more };
}

