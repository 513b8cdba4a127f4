import type { Command } from 'commander';
import { type ValueSource, valueSource } from './values.js';

/** What completes a word; a candidate with no value is a message to show instead (the shape of a filter). */
export interface Candidate {
  value: string;
  description?: string;
}

/**
 * The command tree as completion sees it: plain data taken from commander,
 * shared by `ipctl __complete` and the script generators so both agree.
 */
export interface CompletionCommand {
  name: string;
  /** Words from the root: [] for ipctl itself, ['invites', 'list'] for a verb. */
  path: string[];
  summary: string;
  commands: CompletionCommand[];
  /** Its own options, help included; the root's are the global options, accepted by every command. */
  options: CompletionOption[];
  arguments: CompletionArgument[];
}

export interface CompletionOption {
  /** Every spelling: ['-o', '--output']. */
  flags: string[];
  description: string;
  takesValue: boolean;
  values?: ValueSource;
}

export interface CompletionArgument {
  name: string;
  description: string;
  variadic: boolean;
  values?: ValueSource;
}

/** Reads the visible tree under `command` (hidden commands and options left out). */
export function completionModel(command: Command, path: string[] = []): CompletionCommand {
  const help = command.createHelp();
  return {
    name: command.name(),
    path,
    summary: oneLine(command.summary() || command.description()),
    commands: help.visibleCommands(command).map((child) => completionModel(child, [...path, child.name()])),
    // The command's own options (and its help): the global ones its help lists beside them are the root's.
    options: help.visibleOptions(command).filter((option) => command.options.includes(option) || option.long === '--help').map((option) => {
      const values = valueSource(option);
      return {
        flags: [option.short, option.long].filter((flag): flag is string => flag !== undefined),
        description: oneLine(option.description),
        takesValue: option.required || option.optional,
        ...(values ? { values } : {}),
      };
    }),
    arguments: command.registeredArguments.map((argument) => {
      const values = valueSource(argument);
      return { name: argument.name(), description: oneLine(argument.description), variadic: argument.variadic, ...(values ? { values } : {}) };
    }),
  };
}

/** Every command in the tree, the root first, parents before children. */
export function allNodes(root: CompletionCommand): CompletionCommand[] {
  return [root, ...root.commands.flatMap(allNodes)];
}

function oneLine(text: string): string {
  const first = text.split('\n')[0] ?? '';
  return first.replace(/\s+/g, ' ').trim();
}
