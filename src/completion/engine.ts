import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { routeTemplates } from '../api/routes.js';
import { configDir, configFileName } from '../config/paths.js';
import type { Deps } from '../deps.js';
import { filterContinuations, filterShape } from '../search/filters.js';
import { type Candidate, type CompletionCommand, completionModel } from './model.js';
import { type ApiSource, apiSources, type DynamicSource, type ValueSource } from './values.js';
import { flagsAt, locate } from './walk.js';

/**
 * `ipctl __complete WORD... CURRENT`: prints what completes CURRENT after the
 * words before it, one candidate a line (`value`, or `value<TAB>description`;
 * `<TAB>description` alone is a message, for the shells that can show one).
 * CURRENT comes as the command will receive it, the shell's quoting taken off.
 * It reads the local profile file and, only for the IDs and names the API
 * knows (projects, connections, destinations, providers), sends one request
 * that may take a second at most (remote.ts). It never prompts or writes a
 * file, and always exits 0, printing nothing it cannot answer: a completion
 * must never put an error on the user's screen.
 */
export async function answerCompletion(
  words: string[],
  deps: Deps,
  buildTree: () => Promise<Command>,
): Promise<number> {
  try {
    const before = words.slice(0, -1);
    const root = completionModel(await buildTree());
    const lines = (await complete(root, before, words.at(-1) ?? '', deps.env)).map(formatCandidate);
    if (lines.length > 0) deps.stdout.write(`${lines.join('\n')}\n`);
  } catch {
    // Silence is the right answer to a question that cannot be answered.
  }
  return 0;
}

/** What completes `current`, given the words before it; the shells filter these further as the user types. */
export async function complete(root: CompletionCommand, before: readonly string[], current: string, env: Record<string, string | undefined>): Promise<Candidate[]> {
  const slot = locate(root, before, current);
  if (slot.kind === 'value') {
    return (await valuesOf(slot.option.values, slot.typed, slot.given, env)).map((candidate) =>
      candidate.value === '' ? candidate : { ...candidate, value: slot.prefix + candidate.value },
    );
  }
  if (slot.kind === 'flag') {
    return flagsAt(slot.node, root).flatMap((option) =>
      option.flags.filter((flag) => flag.startsWith(current)).map((flag) => ({ value: flag, description: option.description })),
    );
  }
  if (slot.index === 0 && slot.node.commands.length > 0) {
    return slot.node.commands
      .filter((command) => command.name.startsWith(current))
      .map((command) => ({ value: command.name, description: command.summary }));
  }
  const argument = slot.node.arguments[slot.index] ?? slot.node.arguments.find((candidate) => candidate.variadic);
  return valuesOf(argument?.values, current, slot.given, env);
}

async function valuesOf(source: ValueSource | undefined, typed: string, given: ReadonlyMap<string, string>, env: Record<string, string | undefined>): Promise<Candidate[]> {
  if (!source || source.kind === 'files') return []; // files are the shell's to complete
  const candidates = source.kind === 'choices' ? source.values.map((value) => ({ value })) : await dynamicValues(source.name, typed, given, env);
  return candidates.filter((candidate) => candidate.value.startsWith(typed));
}

async function dynamicValues(name: DynamicSource, typed: string, given: ReadonlyMap<string, string>, env: Record<string, string | undefined>): Promise<Candidate[]> {
  if (isApiSource(name)) {
    // The HTTP client, the schemas and the keychain are loaded only here, when such a value is asked for.
    const { apiCandidates } = await import('./remote.js');
    return apiCandidates(name, given, env);
  }
  switch (name) {
    case 'profiles':
      return profileCandidates(env);
    case 'filterOperators':
      return filterCandidates(typed);
    case 'apiRoutes':
      // A path may be written without its leading slash; the routes are offered as it was begun.
      return routeTemplates().map((route) => ({ value: typed === '' || typed.startsWith('/') ? route : route.slice(1) }));
  }
}

function isApiSource(name: DynamicSource): name is ApiSource {
  return (apiSources as readonly DynamicSource[]).includes(name);
}

/**
 * `--where` of search: what follows the field typed so far (`email=`,
 * `email eq `), each described by its shape. Before a field, the shape alone
 * as a message: field names are known only to the API, and Tab never asks it.
 */
function filterCandidates(typed: string): Candidate[] {
  if (typed === '') return [{ value: '', description: filterShape }];
  return filterContinuations(typed).map((continuation) => ({ value: continuation.text, description: continuation.shape }));
}

/**
 * Profile names straight from the profile file, without the schema check
 * (which would load zod): a file that cannot be read gives no names.
 */
function profileCandidates(env: Record<string, string | undefined>): Candidate[] {
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(join(configDir(env), configFileName), 'utf8'));
  } catch {
    return [];
  }
  if (!isObject(config) || !isObject(config.profiles)) return [];
  const current = config.current;
  return Object.keys(config.profiles)
    .sort()
    .map((name) => (name === current ? { value: name, description: 'current profile' } : { value: name }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Tabs and newlines would break the line protocol; candidates never hold them, descriptions might. */
function formatCandidate(candidate: Candidate): string {
  const description = candidate.description?.replace(/[\t\r\n]+/g, ' ');
  return description ? `${candidate.value}\t${description}` : candidate.value;
}
