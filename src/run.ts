import type { Command, CommanderError } from 'commander';
import type { LoadedCommand, RawInput } from './commands/command.js';
import { isDocumentFormat, outputFormat } from './output/format.js';
import { paintFor } from './output/paint.js';
import { render } from './output/render.js';
import type { OutputFormat } from './output/view.js';
import { type CommandEntry, commands, findCommand, groups } from './commands/registry.js';
import { completeValues, profileNames } from './completion/values.js';
import type { Context, GlobalOptions } from './context.js';
import type { Deps } from './deps.js';
import { exitCodes, UsageError, UserError } from './errors.js';
import { helpCommandText, helpTopics } from './help/topics.js';
import { screenArguments } from './input/secret-flags.js';
import { version } from './version.js';

/**
 * Runs ipctl's command tree on args (argv without node and the script) and
 * returns the exit code. The only place that turns errors into exit codes; it
 * never calls process.exit. main.ts answers what needs no command tree first.
 */
export async function run(args: string[], deps: Deps): Promise<number> {
  // Hidden: what the shell completion scripts ask when Tab is pressed. Not a commander command, so help never lists it.
  if (args[0] === '__complete') {
    const { answerCompletion } = await import('./completion/engine.js');
    return answerCompletion(args.slice(1), deps, (load) => buildCommandTree(deps, load));
  }
  const state: RunState = { exitCode: exitCodes.ok, deps, args };
  try {
    const invoked = findCommand(args);
    const program = await buildProgram(state, invoked);
    // Before commander parses: a secret on argv is refused, and never echoed.
    state.args = screenArguments(args, program, invoked && findSubcommandPath(program, invoked.path));
    await program.parseAsync(state.args, { from: 'user' });
    return state.exitCode;
  } catch (error) {
    return report(error, state);
  }
}

interface RunState {
  exitCode: number;
  deps: Deps;
  args: string[];
  context?: Context;
}

/**
 * The command tree as main builds it, with the modules of the named command
 * (or of every command, for 'all') loaded, so that their options are known:
 * for shell completion and for checks that walk every command.
 */
export function buildCommandTree(deps: Deps, load: CommandEntry | 'all' | undefined): Promise<Command> {
  return buildProgram({ exitCode: exitCodes.ok, deps, args: [] }, load);
}

async function buildProgram(state: RunState, invoked: CommandEntry | 'all' | undefined): Promise<Command> {
  const { Command } = await import('commander');
  const program = new Command('ipctl')
    .description('Administer the integration platform: organizations, invites, providers, connections, destinations and search.')
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('--profile <name>', 'the profile to use (default: the current profile)')
    .option('--base-url <url>', 'API base URL, including /v1')
    .option('--search-url <url>', 'search API base URL, including /v1')
    .option('--timeout <seconds>', 'time to wait for each answer, in seconds (default: 30)')
    .option('--retries <n>', 'retries of a failed request, 0 for none (default: 3; see `ipctl help retries`)')
    .option('--ca-file <path>', 'PEM file of a certificate authority to trust, as for a corporate proxy or private server')
    .option('--debug', 'trace requests on stderr (credentials redacted) and show stack traces')
    .option('--no-color', 'turn color off')
    .option('--no-input', 'never prompt; fail with the flag to use instead')
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .addHelpText('after', '\nRun `ipctl help exit-codes`, `ipctl help environment` or `ipctl help retries` for those topics.');
  completeValues(program, '--profile', profileNames);
  configureCommander(program, state.deps);
  for (const [name, summary] of Object.entries(groups)) {
    configureCommander(program.command(name).description(summary).helpCommand(false), state.deps);
  }
  for (const entry of commands) {
    const parent = entry.path.length === 2 ? findSubcommand(program, entry.path[0]) : program;
    const command = parent.command(entry.path.at(-1)!).description(entry.summary).summary(entry.summary);
    configureCommander(command, state.deps);
    if (entry === invoked || invoked === 'all') await attachSpec(command, entry, state);
    else command.allowUnknownOption().allowExcessArguments().helpOption(false).action(() => rerun(state, entry));
  }
  addHelpCommand(program, state);
  return program;
}

function findSubcommandPath(program: Command, path: string[]): Command | undefined {
  let command: Command | undefined = program;
  for (const name of path) command = command?.commands.find((candidate) => candidate.name() === name);
  return command;
}

function findSubcommand(program: Command, name: string): Command {
  const found = program.commands.find((command) => command.name() === name);
  if (!found) throw new Error(`Unknown command group ${name}`);
  return found;
}

async function attachSpec(command: Command, entry: CommandEntry, state: RunState): Promise<void> {
  const spec = (await entry.load()).default;
  spec.configure(command);
  command.action(async () => {
    state.exitCode = await runSpec(spec, command, state);
  });
}

async function runSpec(spec: LoadedCommand, command: Command, state: RunState): Promise<number> {
  const global = command.optsWithGlobals<GlobalOptions>();
  const { createContext } = await import('./context.js');
  const context = createContext(state.deps, global, await paintFor(state.deps.stderr, state.deps.env, global.color !== false));
  state.context = context;
  const input = spec.parse(rawInput(command), command);
  const options = command.opts<{ output?: unknown; json?: unknown; query?: string }>();
  context.format = outputFormat(options);
  const query = options.query === undefined ? undefined : await queryFor(options.query, context.format);
  const outcome = await spec.run(input as never, context);
  if (typeof outcome === 'number') return outcome;
  if (!outcome) return exitCodes.ok;
  const paint = await paintFor(state.deps.stdout, state.deps.env, global.color !== false);
  await render(outcome, context.format, { stream: state.deps.stdout, paint, query });
  for (const message of outcome.messages ?? []) context.say(message);
  for (const note of outcome.notes ?? []) context.note(note);
  return outcome.exitCode ?? exitCodes.ok;
}

async function queryFor(expression: string, format: OutputFormat) {
  if (format === 'table') {
    throw new UsageError('--query works on documents, not tables.', 'Leave out --output table, or use --output json, yaml or ndjson.');
  }
  const { compileQuery } = await import('./output/query.js');
  return compileQuery(expression);
}

function rawInput(command: Command): RawInput {
  const args: RawInput['args'] = {};
  command.registeredArguments.forEach((argument, index) => {
    args[argument.name()] = command.processedArgs[index] as string | undefined;
  });
  return { args, options: command.optsWithGlobals() };
}

/** A command whose module was not loaded up front (argv was ambiguous): load it and run again. */
async function rerun(state: RunState, entry: CommandEntry): Promise<void> {
  const program = await buildProgram(state, entry);
  await program.parseAsync(state.args, { from: 'user' });
}

function addHelpCommand(program: Command, state: RunState): void {
  const topics = Object.keys(helpTopics).join(', ');
  const help = program
    .command('help')
    .argument('[topic...]', `a command, or one of: ${topics}`)
    .summary('Show help for a command, or a topic')
    .description(`Show help for a command, or a topic (${topics})`)
    .addHelpText('after', helpCommandText);
  const topLevel = [...Object.keys(groups), ...commands.filter((entry) => entry.path.length === 1).map((entry) => entry.path[0])];
  completeValues(help, 'topic', [...Object.keys(helpTopics), ...topLevel]);
  configureCommander(help, state.deps);
  help.action(async (topic: string[]) => {
    const text = helpTopics[topic.join(' ')];
    if (text) {
      state.deps.stdout.write(text);
      return;
    }
    if (!namesCommand(program, topic)) {
      throw new UsageError(`No command or help topic "${topic.join(' ')}".`, `Topics: ${topics}. Commands: ipctl --help`);
    }
    const target = [...topic, '--help'];
    const inner = await buildProgram(state, findCommand(target));
    await inner.parseAsync(target, { from: 'user' });
  });
}

function namesCommand(program: Command, words: string[]): boolean {
  let current: Command | undefined = program;
  for (const word of words) current = current?.commands.find((command) => command.name() === word);
  return current !== undefined;
}

function configureCommander(command: Command, deps: Deps): void {
  command.exitOverride().configureOutput({
    writeOut: (text) => deps.stdout.write(text),
    writeErr: (text) => deps.stderr.write(text),
  });
}

async function report(error: unknown, state: RunState): Promise<number> {
  if (isCommanderError(error)) return commanderExitCode(error);
  const { renderError } = await import('./output/diagnostics.js');
  const { deps, context } = state;
  renderError(error, {
    stream: deps.stderr,
    paint: context?.paint ?? (await paintFor(deps.stderr, deps.env, true)),
    json: isDocumentFormat(context?.format),
    debug: context?.debug ?? false,
  });
  return error instanceof UserError ? error.exitCode : exitCodes.failure;
}

/** commander's own errors (usage, help shown), told apart without loading commander. */
function isCommanderError(error: unknown): error is CommanderError {
  const { code, exitCode } = (error ?? {}) as { code?: unknown; exitCode?: unknown };
  return typeof code === 'string' && code.startsWith('commander.') && typeof exitCode === 'number';
}

/** Help and --version end in a CommanderError too; commander already printed what it had to. */
function commanderExitCode(error: CommanderError): number {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return exitCodes.ok;
  return exitCodes.usage;
}
