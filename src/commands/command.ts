import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { Outcome } from '../output/view.js';

/** What commander collected: positional arguments by name, and options. */
export interface RawInput {
  args: Record<string, string | undefined>;
  options: Record<string, unknown>;
}

/**
 * One command: its flags and help (configure), a parser that turns raw strings
 * into typed input or reports every problem at once (parse), and run, which
 * returns data for the renderer, or an exit code for commands without data.
 */
export interface CommandSpec<Input> {
  configure(command: Command): void;
  parse(raw: RawInput, command: Command): Input;
  run(input: Input, context: Context): Promise<Outcome | number | void>;
}

export function defineCommand<Input>(spec: CommandSpec<Input>): CommandSpec<Input> {
  return spec;
}

/** Any command, as the registry loads it: its input type is known only to itself. */
export interface LoadedCommand {
  configure(command: Command): void;
  parse(raw: RawInput, command: Command): unknown;
  run(input: never, context: Context): Promise<Outcome | number | void>;
}
