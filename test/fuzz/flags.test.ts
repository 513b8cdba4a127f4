// Property-based tests of every command's flags and arguments, found from the
// registry: a new command and its flags are fuzzed without a line here. Most
// runs call main() in-process; a few spawn the real binary.
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { configureCommand } from '../../src/cli/declaration.js';
import { type CommandEntry, registry } from '../../src/commands/registry.js';
import { readConfigFile } from '../../src/config/read.js';
import { runIpctl, tempDir } from '../helpers/cli.js';
import { apiCommands } from '../helpers/commands.js';
import { type InProcessResult, runMain } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { fuzzParameters, hostileFileContent, hostileText } from './arbitraries.js';

const { commands } = registry;

const fixture = useFixture();
const files = tempDir('ipctl-fuzz-');
let fileCounter = 0;

afterAll(() => {
  files.remove();
});

interface OptionShape {
  flag: string;
  takesValue: boolean;
  /** The value is a file path (`<file>`, `<path>`): fuzzed with files of hostile content. */
  isPath: boolean;
}

interface CommandShape {
  name: string;
  options: OptionShape[];
  argumentCount: number;
}

function optionsOf(command: Command): OptionShape[] {
  return command.options
    .filter((option) => option.long && option.long !== '--help' && option.long !== '--version')
    .map((option) => ({ flag: option.long!, takesValue: option.required || option.optional, isPath: /<(file|path)(\|-)?>/i.test(option.flags) }));
}

async function shapeOf(entry: CommandEntry): Promise<CommandShape> {
  const command = configureCommand(new Command(entry.path.at(-1)!), (await entry.load()).default);
  return { name: entry.path.join(' '), options: optionsOf(command), argumentCount: command.registeredArguments.length };
}

/** Global flags, read from `ipctl --help` so that new ones are fuzzed too. */
async function globalOptions(): Promise<OptionShape[]> {
  const help = await runMain(['--help'], { env: {} });
  return [...help.stdout.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)( <[\w-]+>)?/gm)]
    .map(([, flag, value]) => ({ flag: flag!, takesValue: value !== undefined, isPath: /<(file|path)>/.test(value ?? '') }))
    .filter((option) => option.flag !== '--help' && option.flag !== '--version');
}

/** The positional arguments among argv: the words before the first flag. */
function positionals(args: string[]): string[] {
  const firstFlag = args.findIndex((arg) => arg.startsWith('-'));
  return firstFlag === -1 ? args : args.slice(0, firstFlag);
}

/** How each command is run: positional arguments that are valid, and anything fixed. */
const commandName = (row: (typeof apiCommands)[number]) => row.args.slice(0, commands.some((entry) => entry.path.length === 1 && entry.path[0] === row.args[0]) ? 1 : 2).join(' ');
/** Commands that send whatever their input names (`ipctl api PATH`): any operation, or a route the sandbox does not know. */
const sendsAnything = new Set(['api']);
/** The reference's six operations (section 4), those of read-operations.md, and `undefined` for a route the sandbox does not know. */
const referenceOperations = [
  'getOrg',
  'listOrgInvites',
  'getProvider',
  'generateConnection',
  'updateDestination',
  'searchRecords',
  'listProjects',
  'getProject',
  'listConnections',
  'getConnection',
  'deleteConnection',
  'listDestinations',
  'getDestination',
  'listProviders',
  undefined,
];
const operationsOf = new Map(apiCommands.map((row) => [commandName(row), [row.operation, ...(row.alsoSends ?? [])] as string[]]));
// Not a row of apiCommands: no connection exists in the seeded sandbox to get.
operationsOf.set('connections get', ['getConnection']);
// README, Profiles and credentials: a credential is checked with one GET /projects before it is stored, and auth status checks each.
for (const name of ['auth set-key', 'auth set-token', 'auth status']) operationsOf.set(name, ['listProjects']);
const validArguments: Record<string, string[]> = {
  ...Object.fromEntries(apiCommands.map((row) => [commandName(row), positionals(row.args.slice(commandName(row).split(' ').length))])),
  // No connection exists in the seeded sandbox: the get answers 404 (exit 3).
  'connections get': ['conn_fuzz'],
  'profile add': ['fuzzed'],
  'profile use': ['default'],
  'profile show': [],
  'profile remove': ['fuzz-ghost'],
};
/**
 * The sandbox serves until interrupted: it runs with an aborted signal, on a
 * free loopback port only. A bulk import's --results names a file to write,
 * and '-' would be a file in this process's folder: it is left to its own tests
 * (the results file of a fuzzed --from-file lands beside it, in the temporary folder).
 */
const special: Record<string, { fixed: string[]; skip: string[]; aborted: boolean }> = {
  sandbox: { fixed: ['--host', '127.0.0.1', '--port', '0'], skip: ['--host', '--port'], aborted: true },
  'connections generate': { fixed: [], skip: ['--results'], aborted: false },
};

function environment(): Record<string, string | undefined> {
  return fixture.env({
    IPCTL_RETRIES: '0',
    IPCTL_RETRY_BACKOFF: '0',
    // Any host but the sandbox's goes to a dead proxy on loopback: no DNS, nothing leaves the machine.
    HTTP_PROXY: 'http://127.0.0.1:9',
    NO_PROXY: '127.0.0.1',
  });
}

/** A file with `content` for a path-taking flag, or one of the paths that are hostile in themselves. */
function pathValue(content: string | Uint8Array | null): string {
  if (typeof content === 'string' && content.startsWith('path:')) return hostilePath(content.slice('path:'.length));
  const path = join(files.path, `input-${(fileCounter += 1)}`);
  writeFileSync(path, content ?? '');
  return path;
}

/** Every hostile path lies in the test's folder: what a command writes beside one stays there. */
function hostilePath(kind: string): string {
  const folder = join(files.path, `hostile-${(fileCounter += 1)}`);
  mkdirSync(folder);
  if (kind === 'null' || kind === 'zero') {
    symlinkSync(`/dev/${kind}`, join(folder, kind));
    return join(folder, kind);
  }
  if (kind === 'missing') return join(folder, 'missing', 'file');
  if (kind === 'folder') return folder;
  return kind;
}

interface Invocation {
  args: string[];
  stdin: string;
}

function invocationArbitrary(shape: CommandShape, globals: OptionShape[], oneFlagAtATime: OptionShape | undefined) {
  const rules = special[shape.name] ?? { fixed: [], skip: [], aborted: false };
  const usable = [...shape.options, ...globals].filter((option) => !rules.skip.includes(option.flag));
  const flagValue = (option: OptionShape): fc.Arbitrary<string[]> =>
    option.isPath
      ? hostileFileContent.map((content) => [option.flag, pathValue(content)])
      : option.takesValue
        ? hostileText.map((value) => [option.flag, value])
        : fc.constant([option.flag]);
  const flags: fc.Arbitrary<string[][]> = oneFlagAtATime
    ? flagValue(oneFlagAtATime).map((words) => [words])
    : fc.shuffledSubarray(usable, { maxLength: 4 }).chain((chosen) => (chosen.length === 0 ? fc.constant([]) : fc.tuple(...chosen.map(flagValue)).map((words) => [...words])));
  const positional = oneFlagAtATime ? fc.constant(validArguments[shape.name] ?? []) : fc.array(hostileText, { maxLength: shape.argumentCount + 1 });
  return fc.record({ flags, positional, stdin: hostileText }).map(
    ({ flags: chosen, positional: words, stdin }): Invocation => ({ args: [...shape.name.split(' '), ...words, ...chosen.flat(), ...rules.fixed], stdin }),
  );
}

/** What must hold for any input: a clear outcome, never a crash, a hang or a request built from bad input. */
function checkOutcome(shape: CommandShape, invocation: Invocation, result: InProcessResult): void {
  const sent = fixture.sandbox.state.requestLog.splice(0);
  const operations = operationsOf.get(shape.name);
  const context = `ipctl ${JSON.stringify(invocation.args)} → ${result.code}\nstdout: ${result.stdout.slice(0, 500)}\nstderr: ${result.stderr.slice(0, 1500)}`;
  // auth migrate exits 1 where no OS keychain is usable (as in this process: the keychain worker is built into dist/ only).
  const allowed = operations ? [0, 1, 2, 3, 4, 5] : shape.name === 'auth status' ? [0, 2, 4] : shape.name === 'auth migrate' ? [0, 1, 2] : [0, 2];
  // A --query that is valid but fails on the data is found only once there is data: exit 1, saying so.
  const queryFailed = result.code === 1 && result.stderr.startsWith('Error: --query: ');
  expect(queryFailed ? [1] : allowed, context).toContain(result.code);
  expect(result.stderr, context).not.toContain('this is a bug');
  // A stack trace only under --debug.
  expect(!invocation.args.includes('--debug') && /\n\s+at .+:\d+:\d+/.test(result.stderr), context).toBe(false);
  // A failure prints nothing on stdout, and says something on stderr. README: `ipctl api -i` adds the
  // status line and headers "of an error answer too", so there stdout holds the head and nothing else.
  const includesHead = shape.name === 'api' && invocation.args.some((arg) => arg === '-i' || arg === '--include');
  const stdoutOnFailure = includesHead ? result.stdout.replace(/^HTTP\/1\.1 \d{3}[^\n]*\n(?:[^\n]+\n)*\n$/, '') : result.stdout;
  expect(result.code === 0 || stdoutOnFailure === '', context).toBe(true);
  expect(result.code === 0 || result.stderr.trim() !== '', context).toBe(true);
  // Commands may look something up first (connections generate fetches the provider, which drives
  // its validation); the request built from the input is the row's operation, never sent when refused.
  // `ipctl api` refused sends nothing at all, whatever its PATH named.
  const mainOperation = operations?.[0];
  const refusedButSent = result.code === 2 ? sent.filter((entry) => !operations || sendsAnything.has(shape.name) || entry.operation === mainOperation) : [];
  expect(refusedButSent, `a request was sent though the input was refused: ${context}`).toEqual([]);
  // An API error or a 404 came from a request that was sent (auth migrate sends none: its exit 1 is the keychain's).
  const keychainFailed = result.code === 1 && shape.name === 'auth migrate';
  expect(((result.code === 1 && !queryFailed && !keychainFailed) || result.code === 3) && sent.length === 0, context).toBe(false);
  const expectedOperations: Array<string | undefined> = sendsAnything.has(shape.name) ? referenceOperations : (operations ?? []);
  for (const entry of sent) expect(expectedOperations, context).toContain(entry.operation);
  // Whatever a run wrote, the next run can still read.
  expect(() => readConfigFile(join(fixture.configDir, 'config.json')), context).not.toThrow();
}

async function runInvocation(shape: CommandShape, invocation: Invocation): Promise<void> {
  const aborted = special[shape.name]?.aborted ? AbortSignal.abort() : undefined;
  const result = await runMain(invocation.args, { env: environment(), stdin: invocation.stdin, signal: aborted });
  checkOutcome(shape, invocation, result);
}

const shapes = await Promise.all(commands.map(shapeOf));
const globals = await globalOptions();

describe('every flag of every command, one at a time, with hostile values (in-process)', () => {
  it('finds the commands, their flags and the global flags', () => {
    expect(shapes.map((shape) => shape.name)).toEqual(expect.arrayContaining(['orgs get', 'invites list', 'providers get', 'profile add', 'auth set-key', 'sandbox']));
    expect(globals.map((option) => option.flag)).toEqual(expect.arrayContaining(['--profile', '--base-url', '--timeout', '--retries', '--ca-file', '--debug']));
    expect(shapes.find((shape) => shape.name === 'sandbox')?.options.filter((option) => option.isPath).map((option) => option.flag)).toEqual(['--faults', '--tls-cert', '--tls-key']);
  });

  const cases = shapes.flatMap((shape) =>
    [...shape.options, ...globals]
      .filter((option) => option.takesValue && !special[shape.name]?.skip.includes(option.flag))
      .map((option) => [shape.name, option.flag, shape, option] as const),
  );
  it.each(cases)('ipctl %s %s VALUE', async (_name, _flag, shape, option) => {
    await fc.assert(
      fc.asyncProperty(invocationArbitrary(shape, globals, option), (invocation) => runInvocation(shape, invocation)),
      fuzzParameters(8),
    );
  });
});

describe('random combinations of flags and arguments (in-process)', () => {
  it.each(shapes.map((shape) => [shape.name, shape] as const))('ipctl %s …', async (_name, shape) => {
    await fc.assert(
      fc.asyncProperty(invocationArbitrary(shape, globals, undefined), (invocation) => runInvocation(shape, invocation)),
      fuzzParameters(40),
    );
  });
});

describe('a few random runs of the real binary', () => {
  it('holds the same properties in a spawned process', async () => {
    const apiShapes = shapes.filter((shape) => operationsOf.has(shape.name) || shape.name.startsWith('profile') || shape.name.startsWith('auth set'));
    // Argv cannot carry NUL; everything else is fair.
    const noNul = (value: string) => !value.includes('\u0000');
    const samples = fc.sample(
      fc.constantFrom(...apiShapes).chain((shape) =>
        invocationArbitrary(shape, globals, undefined)
          .filter((invocation) => invocation.args.every(noNul))
          .map((invocation) => ({ shape, invocation })),
      ),
      { numRuns: 8, seed: fuzzParameters(1).seed },
    );
    mkdirSync(join(files.path, 'spawned'), { recursive: true });
    for (const { shape, invocation } of samples) {
      const result = await runIpctl(invocation.args, { env: environment(), input: invocation.stdin, cwd: join(files.path, 'spawned') });
      expect(result.signal, JSON.stringify(invocation.args)).toBeNull();
      checkOutcome(shape, invocation, { code: result.code ?? -1, stdout: result.stdout, stderr: result.stderr });
    }
  }, 120_000);
});

describe('inputs the properties once broke on, kept as plain tests', () => {
  it.each([
    ['a --query that fails on the data', ['version', '--query', 'k=@/dev/null'], 1, 'could not be applied to the result'],
    ['a lone surrogate in a path parameter', ['invites', 'list', '--org', '\ud800'], 2, 'not valid Unicode text'],
    ['a timeout of one millisecond', ['providers', 'get', 'salesforce', '--timeout', '0.001', '--retries', '0'], 5, 'No answer within 0.001 s'],
    ['a file flag given /dev/zero', ['sandbox', '--host', '127.0.0.1', '--port', '0', '--faults', '/dev/zero'], 2, 'is larger than 10 MiB'],
    ['a credential stored under a name no profile can have', ['auth', 'set-key', '--profile', '[]'], 2, '"[]" cannot be a profile name'],
  ])('%s', async (_name, args, code, message) => {
    // The answer never comes, so the timeout is what ends the request.
    if (args.includes('--timeout')) fixture.sandbox.faults.add({ getProvider: [{ kind: 'hang', times: 1 }] });
    const config = tempDir('ipctl-fuzz-case-');
    const result = await runMain(args, {
      env: { ...environment(), IPCTL_CONFIG_DIR: config.path },
      stdin: 'sk_fuzz_case_0123456789\n',
      signal: args[0] === 'sandbox' ? AbortSignal.abort() : undefined,
    });
    // Nothing is written that the next command would refuse.
    expect(readdirSync(config.path)).toEqual([]);
    config.remove();
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain('this is a bug');
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
  });
});
