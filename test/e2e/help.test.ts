import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allNodes, type CompletionCommand, completionModel } from '../../src/completion/model.js';
import type { Deps } from '../../src/deps.js';
import { main } from '../../src/main.js';
import { buildCommandTree } from '../../src/run.js';
import { expectFailed } from '../helpers/in-process.js';

/**
 * Walks the whole command tree, so that every command, those added later
 * included, is held to the same help and did-you-mean standard. Runs main()
 * in-process: a hundred spawned processes would add nothing but time.
 */

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function testDeps(): Deps & { out: () => string; err: () => string } {
  let stdout = '';
  let stderr = '';
  return {
    stdout: { write: (chunk: string) => (stdout += chunk), isTTY: false },
    stderr: { write: (chunk: string) => (stderr += chunk), isTTY: false },
    stdin: { isTTY: false, async *[Symbol.asyncIterator]() {} },
    env: {},
    now: () => new Date(),
    out: () => stdout,
    err: () => stderr,
  };
}

async function run(args: string[]): Promise<Run> {
  const deps = testDeps();
  const code = await main(['node', 'ipctl', ...args], deps);
  return { code, stdout: deps.out(), stderr: deps.err() };
}

const root = completionModel(await buildCommandTree(testDeps()));
const nodes = allNodes(root);
/** Commands that run (no subcommands), by their words: 'invites list', 'sandbox', 'help'. */
const leaves = nodes.filter((node) => node.path.length > 0 && node.commands.length === 0);
const groupsAndRoot = nodes.filter((node) => node.commands.length > 0);

const exitCodesTopic = (await run(['help', 'exit-codes'])).stdout;
const environmentTopic = (await run(['help', 'environment'])).stdout;
const documentedCodes = [...exitCodesTopic.matchAll(/^ {2}(\d+) /gm)].map((match) => match[1]);

describe('ipctl help exit-codes', () => {
  it("lists the README's exit codes, no more and no fewer", () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const from = readme.indexOf('\n## Exit codes\n');
    expect(from).toBeGreaterThan(0);
    const table = readme.slice(from, readme.indexOf('\n## ', from + 1));
    const readmeCodes = [...table.matchAll(/^\| (\d+) \|/gm)].map((match) => match[1]);
    expect(readmeCodes.length).toBeGreaterThan(5);
    expect(documentedCodes).toEqual(readmeCodes);
  });
});

describe('ipctl help environment', () => {
  it('names every variable of the table in docs/environment.md', () => {
    const table = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'environment.md'), 'utf8');
    const firstColumns = [...table.matchAll(/^\| (.+?) \|/gm)].map((match) => match[1]!);
    // NODE_OPTIONS is Node's own, read by Node before ipctl runs; the table names it for what works through it.
    const names = firstColumns.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_<>]+)`/g)].map((match) => match[1]!)).filter((variable) => variable !== 'NODE_OPTIONS');
    expect(names.length).toBeGreaterThan(25);
    for (const variable of names) expect(environmentTopic, variable).toContain(variable);
  });
});

/** The lines of a help section (`Examples:`, `Environment:`, `Exit codes:`), indented, up to the next blank line. */
function section(help: string, title: string): string[] {
  const start = help.indexOf(`\n${title}:\n`);
  if (start < 0) return [];
  const rest = help.slice(start + title.length + 3);
  const end = rest.indexOf('\n\n');
  const lines = (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((line) => line.trim() !== '');
  // A line wrapped to the width (README, Output: help fits the terminal) goes on under its item, indented deeper; an example's ends in ` \`.
  return lines.reduce<string[]>((items, line) => (/^ {3}/.test(line) && items.length > 0 ? [...items.slice(0, -1), `${items.at(-1)!.replace(/ \\$/, '')} ${line.trim()}`] : [...items, line]), []);
}

const name = (node: CompletionCommand) => node.path.join(' ');

it('documents the exit codes of the README\'s table in `ipctl help exit-codes`, and no others', () => {
  // README, Exit codes: "`ipctl help exit-codes` prints the same table".
  expect(documentedCodes).toEqual(['0', '1', '2', '3', '4', '5', '70', '129', '130', '131', '143']);
});

it('walks a tree with every registered command in it', () => {
  // README, Commands and Profiles and credentials: every command it documents.
  const documented = ['orgs get', 'invites list', 'providers get', 'connections generate', 'destinations patch', 'search', 'api', 'sandbox', 'completion', 'version', 'help'];
  const profileAndAuth = ['profile add', 'profile list', 'profile show', 'profile use', 'profile remove', 'auth set-key', 'auth set-token', 'auth login', 'auth status', 'auth migrate', 'auth logout'];
  expect(leaves.map(name)).toEqual(expect.arrayContaining([...documented, ...profileAndAuth]));
});

describe.each(leaves.map((node) => [name(node), node] as const))('ipctl %s --help', (words, node) => {
  let help: Run;
  const path = node.path;

  it('opens with a one-line summary, then a description', async () => {
    help = await run([...path, '--help']);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout.startsWith(`Usage: ipctl ${words} `)).toBe(true);
    const summary = node.summary;
    expect(summary.length).toBeGreaterThan(10);
    expect(summary.length).toBeLessThanOrEqual(80);
    expect(summary).not.toMatch(/\.$/);
    const description = help.stdout.split('\n\n')[1]!.replace(/\s+/g, ' ');
    expect(description.toLowerCase().startsWith(summary.toLowerCase())).toBe(true);
    const rest = help.stdout.split(/\n(?:Arguments|Options):\n/)[0]!.replace(/\s+/g, ' ');
    expect(rest.length - `Usage: ipctl ${words}`.length - summary.length).toBeGreaterThan(40);
  });

  it('gives at least two examples of itself', async () => {
    help ??= await run([...path, '--help']);
    const examples = section(help.stdout, 'Examples').filter((line) => line.startsWith('  $ ') && line.includes(`ipctl ${words}`));
    expect(examples.length).toBeGreaterThanOrEqual(2);
  });

  it('names the environment variables that apply, each listed by `ipctl help environment`', async () => {
    help ??= await run([...path, '--help']);
    const lines = section(help.stdout, 'Environment');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const variable of lines.join(' ').match(/\b(?:IPCTL_[A-Z_]+|NO_COLOR|FORCE_COLOR|HTTPS?_PROXY|NO_PROXY|NODE_EXTRA_CA_CERTS)\b/g) ?? []) {
      expect(environmentTopic, variable).toContain(variable);
    }
  });

  it('lists its exit codes, 0 and 2 among them, each one `ipctl help exit-codes` documents', async () => {
    help ??= await run([...path, '--help']);
    const codes = section(help.stdout, 'Exit codes').map((line) => /^ {2}(\d+) \S/.exec(line)?.[1]);
    expect(codes).not.toContain(undefined);
    expect(codes).toEqual(expect.arrayContaining(['0', '2']));
    for (const code of codes) expect(documentedCodes).toContain(code);
  });
});

describe.each(groupsAndRoot.map((node) => [name(node) || '(ipctl itself)', node] as const))('ipctl %s --help', (_words, node) => {
  it('lists each subcommand with its summary', async () => {
    const help = await run([...node.path, '--help']);
    expect(help.code).toBe(0);
    const listing = help.stdout.slice(help.stdout.indexOf('\nCommands:\n')).replace(/\s+/g, ' ');
    for (const child of node.commands) expect(listing).toContain(`${child.name}`);
    for (const child of node.commands) expect(listing).toContain(child.summary.split(' ').slice(0, 3).join(' '));
  });
});

describe('ipctl help', () => {
  it('shows a command\'s help, or a topic', async () => {
    expect(await run(['help', 'invites', 'list'])).toEqual(await run(['invites', 'list', '--help']));
    const topic = await run(['help', 'exit-codes']);
    expect(topic).toMatchObject({ code: 0, stderr: '' });
    expect(topic.stdout).toMatch(/^Exit codes\n/);
  });

  it('refuses what is neither, with exit 2', async () => {
    const result = await run(['help', 'invites', 'lsit']);
    expectFailed(result, 2, 'No command or help topic "invites lsit".', 'Topics: exit-codes, environment, retries, commands.');
  });
});

/** A typo: two letters of the name swapped, or one dropped when swapping changes nothing. */
function typo(word: string, taken: string[]): string {
  const start = word.startsWith('--') ? 2 : 0;
  for (let index = Math.max(start, Math.floor((word.length + start) / 2) - 1); index < word.length - 1; index++) {
    const swapped = word.slice(0, index) + word[index + 1] + word[index] + word.slice(index + 2);
    if (swapped !== word && !taken.includes(swapped)) return swapped;
  }
  return word.slice(0, -1);
}

describe('a mistyped command or flag gets a suggestion and exit 2', () => {
  it.each(groupsAndRoot.flatMap((node) => node.commands.map((child) => [name(child), node, child.name] as const)))(
    'ipctl %s',
    async (_words, parent, child) => {
      const wrong = typo(child, parent.commands.map((command) => command.name));
      const result = await run([...parent.path, wrong]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`Error: Unknown command '${wrong}'.`);
      expect(result.stderr).toContain(`See: ipctl ${parent.path.length > 0 ? `${parent.path.join(' ')} ` : ''}--help`);
      expect(suggested(result.stderr)).toContain(child);
    },
  );

  const flagCases = leaves.flatMap((node) => {
    const flags = node.options.flatMap((option) => option.flags.filter((flag) => flag.startsWith('--')));
    // A global flag, after the command, too.
    return [...flags, '--profile'].map((flag) => [`${name(node)} ${flag}`, node, flag, flags] as const);
  });

  it.each(flagCases)('ipctl %s', async (_label, node, flag, flags) => {
    const wrong = typo(flag, [...flags, '--profile']);
    const result = await run([...node.path, wrong]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Error: Unknown option '${wrong}'.`);
    expect(result.stderr).toContain(`See: ipctl ${node.path.join(' ')} --help`);
    expect(suggested(result.stderr)).toContain(flag);
  });
});

/** The names in commander's suggestion, `Did you mean X?` or `Did you mean one of X, Y?`. */
function suggested(stderr: string): string[] {
  const line = stderr.split('\n').find((text) => text.startsWith('Did you mean '));
  return line ? line.slice('Did you mean '.length, -1).replace(/^one of /, '').split(', ') : [];
}

describe("commander's findings, in ipctl's words", () => {
  it('a group named without its command: its help on stderr, exit 2, nothing more', async () => {
    const result = await run(['orgs']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Usage: ipctl orgs /);
    expect(result.stderr).not.toContain('(outputHelp)');
  });

  it('too many arguments: an error, where help is, exit 2', async () => {
    const result = await run(['invites', 'list', 'org_a', 'org_b']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("Error: Too many arguments for 'list'. Expected 1 argument but got 2.\nSee: ipctl invites list --help\n");
  });

  it.each([
    [['orgs', 'get', 'org_demo', '--jq', '.label'], "Unknown option '--jq'.", 'Did you mean --query? It takes a JMESPath expression'],
    [['orgs', 'get', '--format', 'json'], "Unknown option '--format'.", 'Did you mean --output?'],
    [['orgs', 'get', '--verbose'], "Unknown option '--verbose'.", 'Did you mean --debug?'],
    [['api', '/orgs/org_demo', '-d', '{}'], "Unknown option '-d'.", 'Did you mean --input? -f KEY=VALUE and -F KEY=VALUE build a JSON body'],
    [['auth', 'set-key', '--insecure'], "Unknown option '--insecure'.", 'Did you mean --insecure-storage?'],
    [['orgs', 'get', '--insecure'], "Unknown option '--insecure'.", 'Did you mean --ca-file? ipctl always checks certificates'],
  ])('%j: the flag other tools use, named as ipctl calls it, exit 2', async (args, error, hint) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Error: ${error}\n${hint}`);
  });

  it("a group's help is its commands, and says where the flags are", async () => {
    const result = await run(['help', 'invites']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\nCommands:\n\s+list\s+List an organization's invites\n/);
    expect(result.stdout).not.toContain('Global Options:');
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('Run `ipctl invites COMMAND --help` for a command\'s flags and examples, and `ipctl --help` for the global options.');
  });

  it('subcommand help lists the global flags', async () => {
    const result = await run(['orgs', 'get', '--help']);
    expect(result.stdout).toMatch(/\nGlobal Options:\n(.*\n)*\s+--profile <name>/);
    expect(result.stdout).toMatch(/\nGlobal Options:\n(.*\n)*\s+--no-input/);
  });
});

describe('ipctl profile add --help', () => {
  it('lists --base-url and --search-url, which it stores, with its own options, not among the global ones', async () => {
    const help = (await run(['profile', 'add', '--help'])).stdout;
    const options = section(help, 'Options').join('\n');
    const globalOptions = section(help, 'Global Options').join('\n');
    for (const flag of ['--base-url <url>', '--search-url <url>']) {
      expect(options).toContain(flag);
      expect(globalOptions).not.toContain(flag);
    }
    expect(globalOptions).toContain('--profile <name>');
  });
});
