// Prompts turned off (README, Scripting: --no-input, IPCTL_NO_INPUT=1, CI) is a
// property of every command that can ask, not of three of them. Each invocation
// below asks a question at a terminal (the control run proves it); with each
// switch it must ask nothing, exit 2 and send nothing the command builds.
// In-process: main() with every stream a terminal and a recording prompter.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/context.js';
import { plain } from '../../src/output/paint.js';
import { runMain, scriptedPrompter } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';
import { useFreshDir } from '../helpers/workspace.js';

const fixture = useFixture();
const config = useFreshDir();

interface Asking {
  name: string;
  args: string[];
  /** The operation the command would send once answered: never sent when prompts are off. */
  builds?: string;
  /** Run with no credentials in the environment (the auth commands store their own). */
  bare?: boolean;
  /** The way out the error must name: the flags to give, or the stdin form of the README. */
  fix: RegExp[];
  /** A profile "gone" with a stored API key, for the removals to ask about. */
  storedProfile?: boolean;
}

/** Invocations that ask at a terminal, from the README: missing connection fields, a secret named alone, the auth prompts. */
const asking: Asking[] = [
  { name: 'connections generate with nothing given', args: ['connections', 'generate'], builds: 'generateConnection', fix: [/--project/, /--provider/, /--group-ref/, /--consumer-ref/] },
  {
    name: 'connections generate with fields missing',
    args: ['connections', 'generate', '--project', 'demo', '--provider', 'snowflake', '--group-ref', 'acme'],
    builds: 'generateConnection',
    fix: [/--consumer-ref/, /--custom account=/, /--custom password=@PATH/],
  },
  { name: 'destinations patch --secret KEY alone', args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', 'awsSecretKey'], builds: 'updateDestination', fix: [/--secret awsSecretKey=@PATH/, /--secret awsSecretKey=-/] },
  { name: 'auth login', args: ['auth', 'login'], bare: true, fix: [/ipctl auth set-key </, /ipctl auth set-token </] },
  { name: 'auth set-key with stdin a terminal', args: ['auth', 'set-key'], bare: true, fix: [/ipctl auth set-key </] },
  { name: 'auth set-token with stdin a terminal', args: ['auth', 'set-token'], bare: true, fix: [/ipctl auth set-token </] },
  { name: 'profile remove', args: ['profile', 'remove', 'gone'], bare: true, storedProfile: true, fix: [/ipctl profile remove gone --yes/] },
  { name: 'auth logout', args: ['auth', 'logout', '--profile', 'gone'], bare: true, storedProfile: true, fix: [/ipctl auth logout --profile gone --yes/] },
];

/** Stores profile "gone" with an API key in the profile file. */
async function storeProfile(): Promise<void> {
  const env = { IPCTL_CONFIG_DIR: config.path };
  expect((await runMain(['profile', 'add', 'gone', '--base-url', fixture.sandbox.baseUrl], { env })).code).toBe(0);
  expect((await runMain(['auth', 'set-key', '--profile', 'gone', '--insecure-storage', '--no-verify'], { env, stdin: 'sk_gone_0123456789abcdef\n' })).code).toBe(0);
}

function storedKey(): string | undefined {
  const file = JSON.parse(readFileSync(join(config.path, 'config.json'), 'utf8')) as { profiles: Record<string, { apiKey?: string }> };
  return file.profiles.gone?.apiKey;
}

const switches: Array<[string, string[], Record<string, string>]> = [
  ['--no-input', ['--no-input'], {}],
  ['IPCTL_NO_INPUT=1', [], { IPCTL_NO_INPUT: '1' }],
  ['CI=true', [], { CI: 'true' }],
];

function environment(row: Asking, extra: Record<string, string>): Record<string, string | undefined> {
  const base = row.bare ? { IPCTL_CONFIG_DIR: config.path, IPCTL_BASE_URL: fixture.sandbox.baseUrl } : fixture.env({ IPCTL_CONFIG_DIR: config.path });
  return { ...base, NO_COLOR: '1', ...extra };
}

async function run(row: Asking, flags: string[], env: Record<string, string>) {
  if (row.storedProfile) await storeProfile();
  const prompter = scriptedPrompter();
  const result = await runMain([...row.args, ...flags], { env: environment(row, env), terminal: { stdin: true, stdout: true, stderr: true }, columns: 100, prompter });
  return { ...result, asked: prompter.asked };
}

describe('a command that would ask', () => {
  it.each(asking)('$name: asks at a terminal when prompts are on', async (row) => {
    const result = await run(row, [], {});
    expect(result.asked.length, result.stderr).toBeGreaterThan(0);
  });
});

describe.each(switches)('with %s', (_switch, flags, env) => {
  it.each(asking)('$name: asks nothing, exits 2 and sends nothing it built', async (row) => {
    const result = await run(row, flags, env);
    expect(result.asked).toEqual([]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/^Error: /);
    for (const fix of row.fix) expect(result.stderr).toMatch(fix);
    expect(result.stdout).toBe('');
    const built = fixture.sandbox.state.requestLog.filter((entry) => entry.operation === row.builds);
    expect(row.builds === undefined || built.length === 0).toBe(true);
    if (row.storedProfile) expect(storedKey()).toBe('sk_gone_0123456789abcdef');
  });
});

describe.each([
  ['profile remove', ['profile', 'remove', 'gone']],
  ['auth logout', ['auth', 'logout', '--profile', 'gone']],
])('%s at a terminal', (_name, args) => {
  const terminal = { stdin: true, stdout: true, stderr: true };
  const env = () => ({ IPCTL_CONFIG_DIR: config.path, NO_COLOR: '1' });

  it('asks, with no as the default, and removes on yes', async () => {
    await storeProfile();
    const prompter = scriptedPrompter([true]);
    const result = await runMain(args, { env: env(), terminal, prompter });
    expect(result.code, result.stderr).toBe(0);
    expect(prompter.asked).toEqual([{ kind: 'confirm', message: expect.stringContaining('"gone"'), default: false }]);
    expect(storedKey()).toBeUndefined();
  });

  it('removes nothing on no: exit 130, a declined confirmation', async () => {
    await storeProfile();
    const result = await runMain(args, { env: env(), terminal, prompter: scriptedPrompter([false]) });
    expect(result.code).toBe(130);
    // README, Removals ask first: a no is exit 130 with nothing removed, said in a plain line.
    expect(result.stderr).toMatch(/^Cancelled; .*not removed\.\n$/);
    expect(storedKey()).toBe('sk_gone_0123456789abcdef');
  });

  it('removes at once with --yes, asking nothing, terminal or not', async () => {
    for (const onTerminal of [true, false]) {
      await storeProfile();
      const prompter = scriptedPrompter();
      const result = await runMain([...args, '--yes'], { env: env(), terminal: onTerminal ? terminal : {}, prompter });
      expect(result.code, result.stderr).toBe(0);
      expect(prompter.asked).toEqual([]);
      expect(storedKey()).toBeUndefined();
    }
  });
});

describe('the context', () => {
  it('refuses a question when prompts are off, whichever command forgot to check', async () => {
    const prompter = scriptedPrompter(['an answer']);
    const deps = { stdout: { write: () => true, isTTY: true }, stderr: { write: () => true, isTTY: true }, stdin: { isTTY: true, async *[Symbol.asyncIterator]() {} }, env: {}, now: () => new Date(), prompter };
    const context = createContext(deps, { input: false }, plain);
    await expect(context.prompter()).rejects.toMatchObject({ exitCode: 2, message: expect.stringMatching(/no terminal to ask at/) });
    expect(prompter.asked).toEqual([]);
    await expect(createContext(deps, {}, plain).prompter()).resolves.toBe(prompter);
  });
});
