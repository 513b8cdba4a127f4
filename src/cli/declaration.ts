import type { Command, Help } from 'commander';
import type { CommandSpec, Flags } from '../command-model/command.js';
import { describe } from '../command-model/help.js';
import { usageError } from '../errors.js';
import { completeValues } from '../completion/values.js';
import * as z from '../schema/zod.js';

/*
 * What a command's declaration (src/command-model/command.ts) becomes in
 * commander: its arguments, options, completion values and help; and, once
 * commander has collected argv, the typed input its rules make of it.
 */

/**
 * Gives a commander command (named, with its summary, by the registry) what
 * its declaration says: the arguments and flags (with their completion
 * values), and the help. A flag's key must be the name commander gives its
 * value (`--group-ref` → `groupRef`), an argument's key its name, so that each
 * value finds its rule.
 */
export function configureCommand(command: Command, spec: CommandSpec): Command {
  for (const [key, declared] of Object.entries(spec.args ?? {})) {
    command.argument(declared.name, declared.help);
    const registered = command.registeredArguments.at(-1)!;
    if (registered.name() !== key) throw new Error(`ipctl ${commandPath(command)}: argument ${declared.name} is declared under the key "${key}"`);
    if (declared.values) completeValues(command, key, declared.values);
  }
  addFlags(command, spec.flags ?? {});
  if (spec.globals) listGlobalsAsOwn(command, new Set(Object.keys(spec.globals)));
  return describe(command, spec.help);
}

/**
 * The global options a command reads as its own (profile add's --base-url and
 * --search-url) are listed with its options in its help, not among the global ones.
 */
function listGlobalsAsOwn(command: Command, own: Set<string>): void {
  const inherited = command.configureHelp();
  // commander's own Help, from the command (importing the class would bring commander into this file's chunk).
  const base = Object.getPrototypeOf(command.createHelp()) as Help;
  command.configureHelp({
    ...inherited,
    visibleOptions(this: Help, cmd: Command) {
      const globals = base.visibleGlobalOptions.call(this, cmd).filter((option) => own.has(option.attributeName()));
      const options = base.visibleOptions.call(this, cmd);
      // Before -h, --help, which commander lists last.
      const help = options.findIndex((option) => option.long === '--help');
      return help < 0 ? [...options, ...globals] : [...options.slice(0, help), ...globals, ...options.slice(help)];
    },
    visibleGlobalOptions(this: Help, cmd: Command) {
      return base.visibleGlobalOptions.call(this, cmd).filter((option) => !own.has(option.attributeName()));
    },
  });
}

/** Gives a commander command declared flags: a command's own, or the program's global ones. */
export function addFlags(command: Command, flags: Flags): void {
  for (const [key, declared] of Object.entries(flags)) {
    if (declared.repeatable) command.option(declared.flags, declared.help, collect);
    else command.option(declared.flags, declared.help);
    const option = command.options.at(-1)!;
    if (option.attributeName() !== key) throw new Error(`ipctl ${commandPath(command)}: ${declared.flags} is declared under the key "${key}", not "${option.attributeName()}"`);
    if (declared.values) completeValues(command, option.long ?? option.short!, declared.values);
  }
}

const collect = (item: string, items: string[] = []): string[] => [...items, item];

/**
 * The typed input of a command: what commander collected for its arguments,
 * its flags and the global options it reads, each checked by its rule, then
 * the checks across values. Every problem is reported at once, each naming its
 * flag or argument; nothing has been sent.
 */
export async function parseCommandInput(spec: CommandSpec, command: Command): Promise<unknown> {
  const rules: Record<string, z.ZodMiniType> = {};
  for (const [key, declared] of [...Object.entries(spec.args ?? {}), ...Object.entries(spec.flags ?? {})]) rules[key] = declared.rule;
  Object.assign(rules, spec.globals);
  const raw: Record<string, unknown> = {};
  const globals = command.optsWithGlobals();
  for (const key of Object.keys(spec.globals ?? {})) raw[key] = globals[key];
  Object.assign(raw, command.opts());
  command.registeredArguments.forEach((registered, index) => {
    raw[registered.name()] = command.processedArgs[index];
  });
  const result = z.object(rules).safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${describeKey(String(issue.path[0] ?? ''), command)}: ${issue.message}`);
    throw usageError(problems, `See: ipctl ${commandPath(command)} --help`);
  }
  const problems = (await spec.check?.(result.data as never)) ?? [];
  if (problems.length > 0) throw usageError(problems, `See: ipctl ${commandPath(command)} --help`);
  return result.data;
}

function describeKey(key: string, command: Command): string {
  for (let current: Command | null = command; current; current = current.parent) {
    const option = current.options.find((candidate) => candidate.attributeName() === key);
    if (option) return option.long ?? option.short ?? key;
  }
  const argument = command.registeredArguments.find((candidate) => candidate.name() === key);
  if (argument) return argumentLabel(argument.name());
  return key || 'input';
}

function argumentLabel(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
}

export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

