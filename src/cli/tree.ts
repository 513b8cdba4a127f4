import type { Command } from 'commander';
import type { CommandSpec } from '../command-model/command.js';
import type { CommandEntry } from '../commands/registry.js';
import { configureCommand } from './declaration.js';

/**
 * The registry's commands in commander, each declared when it is reached.
 * A command is added by its name and summary alone; commander's preSubcommand
 * hook, which it runs before it parses a subcommand's part of argv, imports
 * the command's declaration and gives the command its arguments, flags and
 * help. So argv is parsed once, by commander, and only the declaration of the
 * command that runs is loaded. Completion, which needs every flag, declares all.
 */
export class CommandTree {
  readonly #pending = new Map<Command, () => Promise<void>>();
  readonly #specs = new Map<Command, CommandSpec>();

  /** Adds the registry's entry under parent, to be declared when reached. */
  add(parent: Command, entry: CommandEntry): Command {
    const command = parent.command(entry.path.at(-1)!).description(entry.summary).summary(entry.summary);
    this.#pending.set(command, async () => {
      const spec = (await entry.load()).default;
      configureCommand(command, spec);
      this.#specs.set(command, spec);
    });
    return command;
  }

  /** Has the subcommands of parent declared as commander reaches them. */
  declareOnArrival(parent: Command): void {
    parent.hook('preSubcommand', (_parent, subcommand) => this.declare(subcommand));
  }

  /** Gives command its declaration, once; a command that is not the registry's is left as it is. */
  async declare(command: Command): Promise<void> {
    const load = this.#pending.get(command);
    if (!load) return;
    this.#pending.delete(command);
    await load();
  }

  async declareAll(): Promise<void> {
    await Promise.all([...this.#pending.keys()].map((command) => this.declare(command)));
  }

  /** The declaration of a command that has been declared. */
  spec(command: Command): CommandSpec {
    const spec = this.#specs.get(command);
    if (!spec) throw new Error(`ipctl ${command.name()} was run before its declaration was loaded`);
    return spec;
  }
}
