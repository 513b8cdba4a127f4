import type { Argument, Command, Option } from 'commander';

/**
 * What shell completion offers for the value of an option or an argument.
 * Declared by the command that owns the option (see completeValues), read by
 * the completion engine and the script generators. This module loads nothing,
 * so main.ts may use it without slowing `ipctl --help`.
 */
export type ValueSource =
  /**
   * A fixed list. `partial` marks values that are only the start of what the
   * user types (`metadata.url=`): the shell adds no space after them.
   */
  | { kind: 'choices'; values: readonly string[]; partial?: boolean }
  /** A path on disk, completed by the shell itself. */
  | { kind: 'files' }
  /**
   * Values known only when Tab is pressed, answered by `ipctl __complete`
   * (which sees the word typed so far). `partial` as for choices: the shell
   * adds no space after them, and leaves an open quote open.
   */
  | { kind: 'dynamic'; name: DynamicSource; partial?: boolean };

/**
 * The dynamic sources `ipctl __complete` knows. Most read only local state, or
 * only the word typed so far; those in apiSources ask the API, once, for at
 * most a second (src/completion/remote.ts).
 */
const dynamicSources = ['profiles', 'filterOperators', 'apiRoutes', 'projects', 'connections', 'destinations', 'providers'] as const;
export type DynamicSource = (typeof dynamicSources)[number];
/** The dynamic sources answered from the API. */
export const apiSources = ['projects', 'connections', 'destinations', 'providers'] as const satisfies readonly DynamicSource[];
export type ApiSource = (typeof apiSources)[number];

/** The profile names in the local profile store. */
export const profileNames: ValueSource = { kind: 'dynamic', name: 'profiles' };
/**
 * A search filter, FIELD=VALUE or "FIELD eq VALUE": field names are known only
 * to the API, so once a field is typed this offers what follows it (`email=`,
 * `email eq `); values are free text and get nothing.
 */
export const filterOperators: ValueSource = { kind: 'dynamic', name: 'filterOperators', partial: true };
/**
 * The routes of the API, for `ipctl api PATH`: answered by `ipctl __complete`,
 * since a static list in the scripts cannot hold their braces and colons.
 * Partial: a route is often only the start of the path.
 */
export const apiRoutes: ValueSource = { kind: 'dynamic', name: 'apiRoutes', partial: true };
/** Project IDs and names, from the API's project list. */
export const projectRefs: ValueSource = { kind: 'dynamic', name: 'projects' };
/** The IDs of the project's connections, from the API's connection list. */
export const connectionIds: ValueSource = { kind: 'dynamic', name: 'connections' };
/** The names and IDs of the project's destinations, from the API's destination list. */
export const destinationRefs: ValueSource = { kind: 'dynamic', name: 'destinations' };
/** Provider names, from the API's catalogue. */
export const providerNames: ValueSource = { kind: 'dynamic', name: 'providers' };
/** A file path. */
export const filePaths: ValueSource = { kind: 'files' };

/** Values that start what the user types, such as `metadata.url=`; no space is added after them. */
export function partialChoices(values: readonly string[]): ValueSource {
  return { kind: 'choices', values, partial: true };
}

const sources = new WeakMap<Option | Argument, ValueSource>();

/**
 * Declares what completes the value of one of `command`'s options (named by
 * a flag, such as `--status`) or arguments (named as declared, such as `name`):
 * a list of choices, or a ValueSource (filePaths, profileNames, partialChoices).
 * Call it in configure(), after declaring the option or argument.
 */
export function completeValues(command: Command, flagOrArgument: string, source: readonly string[] | ValueSource): Command {
  const target =
    command.options.find((option) => option.long === flagOrArgument || option.short === flagOrArgument) ??
    command.registeredArguments.find((argument) => argument.name() === flagOrArgument);
  if (!target) throw new Error(`Command "${command.name()}" has no option or argument "${flagOrArgument}" to complete.`);
  sources.set(target, isValueSource(source) ? source : { kind: 'choices', values: source });
  return command;
}

/** What completes the value of this option or argument, if its command declared it. */
export function valueSource(target: Option | Argument): ValueSource | undefined {
  return sources.get(target);
}

function isValueSource(source: readonly string[] | ValueSource): source is ValueSource {
  return !Array.isArray(source);
}
