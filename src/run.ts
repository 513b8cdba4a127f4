import type { Command, CommanderError } from 'commander';
import type { CommandSpec } from './command-model/command.js';
import { globalFlags } from './command-model/globals.js';
import { addFlags, commandPath, parseCommandInput } from './cli/declaration.js';
import { familiarFlag } from './cli/familiar-flags.js';
import { CommandTree } from './cli/tree.js';
import { type Registry, registry as ownRegistry } from './commands/registry.js';
import { isTableFormat, outputConflict, outputFormat, type OutputOptions, errorsAsText, isDocumentFormat, requestedOptions } from './output/format.js';
import { paintFor } from './output/paint.js';
import type { PagerCommand } from './host-ui.js';
import { choosePager, openOutput } from './output/paging.js';
import { capitalize } from './words.js';
import { render } from './output/render.js';
import { Scrubber } from './output/scrubber.js';
import type { Outcome, OutputFormat } from './output/view.js';
import type { Shell } from './completion/scripts/files.js';
import { completeValues } from './completion/values.js';
import { type Context, createContext } from './context.js';
import type { Deps } from './deps.js';
import { exitCodes, UsageError, UserError, usageError } from './errors.js';
import { helpCommandText, helpTopics } from './help/topics.js';
import { fitHelp, helpInColor, helpWidth } from './help/wrap.js';
import { refuseSecretValues, refuseUnknownOption } from './input/secret-flags.js';
import { version } from './version.js';

/**
 * Runs ipctl's command tree on args (argv without node and the script) and
 * returns the exit code. The only place that turns errors into exit codes; it
 * never calls process.exit. main.ts answers what needs no command tree first.
 */
export async function run(args: string[], deps: Deps, registry: Registry = ownRegistry): Promise<number> {
  // Hidden: what the shell completion scripts ask when Tab is pressed. Not a commander command, so help never lists it.
  if (args[0] === '__complete') {
    const { answerCompletion } = await import('./completion/engine.js');
    return answerCompletion(args.slice(1), deps, () => buildCommandTree(deps, registry));
  }
  // Everything ipctl writes passes the scrubber: no credential it sent comes back out.
  const scrubber = new Scrubber();
  const guarded: Deps = { ...deps, stdout: scrubber.guard(deps.stdout), stderr: scrubber.guard(deps.stderr) };
  const state: RunState = { exitCode: exitCodes.ok, deps: guarded, args, scrubber, registry };
  let code: number;
  try {
    const { program } = await buildProgram(state);
    await program.parseAsync(args, { from: 'user' });
    code = state.exitCode;
  } catch (error) {
    code = await report(error, state);
  }
  return exitCodeOf(code, deps);
}

/** Stopped by SIGTERM, SIGHUP or SIGQUIT rather than Ctrl-C: exit as shells report that signal. */
function exitCodeOf(code: number, deps: Deps): number {
  if (code !== exitCodes.interrupted) return code;
  return signalCodes[deps.signal?.reason as string] ?? code;
}

const signalCodes: Record<string, number> = { SIGTERM: exitCodes.terminated, SIGHUP: exitCodes.hangUp, SIGQUIT: exitCodes.quit };

interface RunState {
  exitCode: number;
  deps: Deps;
  /** Knows the credentials sent so far; deps' output streams are scrubbed by it. */
  scrubber: Scrubber;
  /** argv after the script, as given. */
  args: readonly string[];
  /** The commands there are. */
  registry: Registry;
  context?: Context;
  /** The output format the command was asked for, known before its input is checked. */
  format?: OutputFormat;
  /** Whether failures stay text under a document format (errorsAsText), known with the format. */
  errorsAsText?: boolean;
  /** What commander said about argv, and of which command, for report() to show. */
  commanderError?: { text: string; command: Command };
}

/** The whole command tree, every command declared: for shell completion and for checks that walk every command. */
export async function buildCommandTree(deps: Deps, registry: Registry = ownRegistry): Promise<Command> {
  const { program, tree } = await buildProgram({ exitCode: exitCodes.ok, deps, args: [], scrubber: new Scrubber(), registry });
  await tree.declareAll();
  return program;
}

/** `ipctl completion`'s script: the kernel derives it from every declaration, and hands it down through the context. */
async function completionScriptFor(shell: Shell, state: RunState): Promise<string> {
  const { completionModel } = await import('./completion/model.js');
  const { completionScript } = await import('./completion/scripts/index.js');
  return completionScript(shell, completionModel(await buildCommandTree(state.deps, state.registry)));
}

async function buildProgram(state: RunState): Promise<{ program: Command; tree: CommandTree }> {
  const { Command } = await import('commander');
  const program = new Command('ipctl')
    .description('Administer the integration platform: organizations, invites, providers, connections, destinations and search.')
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand(false)
    // The command list names each command; its own help gives its usage.
    .configureHelp({ subcommandTerm: (command) => command.name(), showGlobalOptions: true })
    .showSuggestionAfterError(true)
    .addHelpText('after', '\nRun `ipctl help exit-codes`, `ipctl help environment` or `ipctl help retries` for those topics.');
  addFlags(program, globalFlags);
  // A secret given as the value of a declared flag is refused before any command runs.
  program.hook('preAction', (_program, actionCommand) => refuseSecretValues(actionCommand));
  configureCommander(program, state);
  const tree = new CommandTree();
  tree.declareOnArrival(program);
  const { groups, commands } = state.registry;
  for (const [name, summary] of Object.entries(groups)) {
    const group = program
      .command(name)
      .description(summary)
      .helpCommand(false)
      .addHelpText('after', `\nRun \`ipctl ${name} COMMAND --help\` for a command's flags and examples, and \`ipctl --help\` for the global options.`);
    configureCommander(group, state);
    tree.declareOnArrival(group);
  }
  for (const entry of commands) {
    const parent = entry.path.length === 2 ? findSubcommand(program, [entry.path[0]])! : program;
    const command = tree.add(parent, entry);
    configureCommander(command, state);
    command.action(async () => {
      state.exitCode = await runCommand(tree.spec(command), command, state);
    });
  }
  addHelpCommand(program, tree, state);
  // A group's help is its list of commands; the global options are in each command's help and in `ipctl --help`.
  for (const name of Object.keys(groups)) findSubcommand(program, [name])!.configureHelp({ ...program.configureHelp(), showGlobalOptions: false });
  return { program, tree };
}

function findSubcommand(program: Command, path: readonly string[]): Command | undefined {
  let command: Command | undefined = program;
  for (const name of path) command = command?.commands.find((candidate) => candidate.name() === name);
  return command;
}

async function runCommand(spec: CommandSpec, command: Command, state: RunState): Promise<number> {
  const options = command.opts<OutputOptions & { query?: string }>();
  // Known before anything is checked, so that every failure is reported in the format asked for.
  state.format = outputFormat(options);
  state.errorsAsText = errorsAsText(options, state.deps.stderr.isTTY === true);
  const conflict = outputConflict(options);
  if (conflict) throw usageError([conflict], `See: ipctl ${commandPath(command)} --help`);
  const global = command.optsWithGlobals();
  const paint = await paintFor(state.deps.stderr, state.deps.env, global.color !== false);
  const context = createContext(state.deps, global, paint, state.scrubber, { completionScript: (shell) => completionScriptFor(shell, state) });
  state.context = context;
  context.format = state.format;
  if (isDocumentFormat(state.format) && !state.errorsAsText) context.held = [];
  const input = await parseCommandInput(spec, command);
  const query = options.query === undefined ? undefined : await queryFor(options.query, context.format);
  const pager = choosePager({ env: state.deps.env, terminal: state.deps.stdout.isTTY === true, pagerFlag: global.pager });
  const outcome = await spec.run(input as never, context);
  if (typeof outcome === 'number' || !outcome) {
    sayHeld(context);
    return outcome || exitCodes.ok;
  }
  await renderOutcome(outcome, { format: context.format, pager, paint: global.color !== false, query }, context, state);
  const exitCode = outcome.exitCode ?? exitCodes.ok;
  if (outcome.failure && isDocumentFormat(context.format) && !state.errorsAsText) {
    await writeProblemDocument(outcome.failure, exitCode, context.format, state);
    return exitCode;
  }
  sayHeld(context);
  for (const message of outcome.messages ?? []) context.say(message);
  for (const note of outcome.notes ?? []) context.note(note);
  return exitCode;
}

/** A run that did not fail says the notices it kept for a problem document as text, as any run does. */
function sayHeld(context: Context): void {
  const held = context.held ?? [];
  context.held = undefined;
  for (const line of held) context.say(line);
}

interface Printing {
  format: OutputFormat;
  pager: PagerCommand | undefined;
  /** False under --no-color. */
  paint: boolean;
  query: ((data: unknown) => unknown) | undefined;
}

/** The command's data on stdout, through the pager when there is one; returns once the pager has quit. */
async function renderOutcome(outcome: Outcome, printing: Printing, context: Context, state: RunState): Promise<void> {
  const paint = await paintFor(state.deps.stdout, state.deps.env, printing.paint);
  const scrub = (text: string) => state.scrubber.scrub(text);
  const output = await openOutput(printing.pager, { deps: state.deps, scrubber: state.scrubber, prompted: context.prompted, say: context.say });
  try {
    if (outcome.head) output.stream.write(outcome.head);
    await render(outcome, printing.format, { stream: output.stream, paint, query: printing.query, width: terminalWidth(state.deps), scrub });
  } finally {
    await output.close();
  }
}

/** Under -o json, yaml or ndjson: the failure as one problem document on stderr, with the exit code the process ends with. */
async function writeProblemDocument(error: unknown, exitCode: number, format: OutputFormat, state: RunState): Promise<void> {
  const { renderProblemDocument } = await import('./output/diagnostics.js');
  const debug = state.context?.debug ?? false;
  const notes = state.context?.held ?? [];
  await renderProblemDocument(error, exitCodeOf(exitCode, state.deps), { stream: state.deps.stderr, format, now: state.deps.now(), debug, notes });
}

/** COLUMNS when set to a width, else the terminal's; undefined (nothing cut) when neither is known. */
function terminalWidth(deps: Deps): number | undefined {
  const columns = Number(deps.env.COLUMNS);
  if (Number.isInteger(columns) && columns > 0) return columns;
  return deps.stdout.columns && deps.stdout.columns > 0 ? deps.stdout.columns : undefined;
}

async function queryFor(expression: string, format: OutputFormat) {
  if (isTableFormat(format)) {
    throw new UsageError('--query works on documents, not tables.', 'Leave out --output table, --output wide and --wide, or use --output json, yaml or ndjson.');
  }
  const { compileQuery } = await import('./output/query.js');
  return compileQuery(expression);
}

function addHelpCommand(program: Command, tree: CommandTree, state: RunState): void {
  const topics = [...Object.keys(helpTopics), 'commands'].join(', ');
  const help = program
    .command('help')
    .argument('[topic...]', `a command, or one of: ${topics}`)
    .summary('Show help for a command, or a topic')
    .description(`Show help for a command, or a topic (${topics})`)
    .addHelpText('after', helpCommandText);
  const { groups, commands } = state.registry;
  const topLevel = [...Object.keys(groups), ...commands.filter((entry) => entry.path.length === 1).map((entry) => entry.path[0])];
  completeValues(help, 'topic', [...Object.keys(helpTopics), 'commands', ...topLevel]);
  configureCommander(help, state);
  help.action(async (topic: string[]) => {
    if (topic.join(' ') === 'commands') {
      const { commandList } = await import('./help/command-list.js');
      await tree.declareAll();
      writeHelp(state.deps.stdout, commandList(program), state);
      return;
    }
    const text = Object.hasOwn(helpTopics, topic.join(' ')) ? helpTopics[topic.join(' ')] : undefined;
    if (text) {
      writeHelp(state.deps.stdout, text, state);
      return;
    }
    const command = topic.length > 0 ? findSubcommand(program, topic) : program;
    if (!command) throw new UsageError(`No command or help topic "${topic.join(' ')}".`, `Topics: ${topics}. Commands: ipctl --help`);
    await tree.declare(command);
    command.outputHelp();
  });
}

/**
 * Commander writes help and the version to stdout, and throws (exitOverride)
 * instead of exiting. Its error messages are kept for report(), which shows
 * them once it has screened them: commander would echo an unknown
 * `--flag=value` whole, value and all.
 */
function configureCommander(command: Command, state: RunState): void {
  command.exitOverride().configureOutput({
    writeOut: (text) => writeHelp(state.deps.stdout, text, state),
    writeErr: (text) => writeHelp(state.deps.stderr, text, state),
    // Help is fitted to the width by writeHelp, which keeps its layout; commander's own wrapping would not.
    getOutHelpWidth: () => Number.MAX_SAFE_INTEGER,
    getErrHelpWidth: () => Number.MAX_SAFE_INTEGER,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
    outputError: (text) => {
      state.commanderError = { text, command };
    },
  });
}

/** Help (or the version) on stream, fitted to its width, in color where the color policy says so. */
function writeHelp(stream: Deps['stdout'], text: string, state: RunState): void {
  const { env } = state.deps;
  stream.write(fitHelp(text, helpWidth(stream, env), helpInColor(stream, env, state.args)));
}

async function report(error: unknown, state: RunState): Promise<number> {
  if (isCommanderError(error)) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return exitCodes.ok;
    // A group named without its command: commander has shown the group's help on stderr.
    if (error.code === 'commander.help') return exitCodes.usage;
    try {
      return await report(commanderProblem(error, state.commanderError), state);
    } catch (refusal) {
      return report(refusal, state);
    }
  }
  const { deps, context } = state;
  const exitCode = error instanceof UserError ? error.exitCode : exitCodes.software;
  const requested = requestedOptions(state.args);
  const format = context?.format ?? state.format ?? outputFormat(requested);
  if (isDocumentFormat(format) && !(state.errorsAsText ?? errorsAsText(requested, deps.stderr.isTTY === true))) {
    await writeProblemDocument(error, exitCode, format, state);
    return exitCode;
  }
  const { renderError } = await import('./output/diagnostics.js');
  renderError(error, { stream: deps.stderr, paint: context?.paint ?? (await paintFor(deps.stderr, deps.env, true)), debug: context?.debug ?? false });
  return exitCode;
}

/**
 * What commander said about argv (an unknown option, a missing argument), as
 * ipctl's own usage error: its words, its suggestion, and where help is. An
 * unknown `--flag=value` is named without its value, and refused outright when
 * it looks like a secret (refuseUnknownOption).
 */
function commanderProblem(error: CommanderError, said: RunState['commanderError']): UsageError {
  const text = said ? (error.code === 'commander.unknownOption' ? refuseUnknownOption(said.text, said.command) : said.text) : error.message;
  const [first = '', ...more] = text.replace(/^error: /, '').trim().split('\n');
  const suggestions = more.map((line) => line.trim().replace(/^\((.*)\)$/, '$1')).filter(Boolean);
  const unknown = error.code === 'commander.unknownOption' ? /unknown option '([^'=]*)/.exec(first)?.[1] : undefined;
  const familiar = unknown && said && suggestions.length === 0 ? familiarFlag(unknown, said.command) : undefined;
  if (familiar) suggestions.push(familiar);
  const path = said ? commandPath(said.command) : '';
  const help = `See: ipctl ${path ? `${path} ` : ''}--help`;
  return new UsageError(sentence(first), [...suggestions, help].join('\n'));
}

/** `unknown option '--x'` → `Unknown option '--x'.` */
function sentence(text: string): string {
  const capitalised = capitalize(text);
  return /[.?!]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** commander's own errors (usage, help shown), told apart without loading commander. */
function isCommanderError(error: unknown): error is CommanderError {
  const { code, exitCode } = (error ?? {}) as { code?: unknown; exitCode?: unknown };
  return typeof code === 'string' && code.startsWith('commander.') && typeof exitCode === 'number';
}
