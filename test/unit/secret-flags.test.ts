import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { looksSecret, refuseSecretValues, refuseUnknownOption } from '../../src/input/secret-flags.js';

const canary = 'hunter2_CANARY_SECRET';

/**
 * A program shaped like ipctl's, with a command that declares secret-named
 * flags the safe way, wired as src/run.ts wires commander: declared values are
 * screened before the action, unknown options when commander refuses them.
 */
function program(said: { text: string; command: Command }[]) {
  const root = new Command('ipctl').option('--profile <name>').option('--timeout <seconds>');
  root.hook('preAction', (_root, action) => refuseSecretValues(action));
  const patch = root
    .command('destinations')
    .command('patch')
    .option('--secret <value...>', 'a secret by reference, checked here')
    .option('--credential <KEY=@PATH|KEY=-|KEY>', 'a secret by reference, checked by the command')
    .option('--api-key-file <path>', 'the API key, from a file')
    .option('--tls-key <file>', 'a key file')
    .allowExcessArguments()
    .action(() => undefined);
  for (const command of [root, root.commands[0]!, patch]) {
    command.exitOverride().configureOutput({ writeOut: () => undefined, outputError: (text) => said.push({ text, command }) });
  }
  return root;
}

/** What ipctl says about args: a refusal (thrown), commander's message as ipctl shows it, or nothing (the command ran). */
async function screen(args: string[]): Promise<string | undefined> {
  const said: { text: string; command: Command }[] = [];
  try {
    await program(said).parseAsync(args, { from: 'user' });
    return undefined;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const last = said.at(-1);
    if (!last) throw error;
    return refuseUnknownOption(last.text, last.command);
  }
}

async function rejection(args: string[]): Promise<UsageError> {
  try {
    await screen(args);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`not rejected: ${args.join(' ')}`);
}

describe('flags that look like they carry a secret', () => {
  it.each(['--api-key', '--apikey', '--apiKey', '--api_key', '--key', '--token', '--access-token', '--refreshToken', '--password', '--db-password', '--passwd', '--secret', '--client-secret', '--credentials', '--bearer', '--jwt', '--passphrase'])(
    '%s looks secret',
    (flag) => expect(looksSecret(flag)).toBe(true),
  );

  it.each(['--api-key-file', '--token-file', '--secret-name', '--keyboard', '--monkey', '--org', '--tokenizer', '--group-ref', '--no-input', '--profile'])('%s does not', (flag) => {
    expect(looksSecret(flag)).toBe(false);
  });
});

describe('screening argv', () => {
  it.each([
    [['destinations', 'patch', `--token=${canary}`], /ipctl auth set-token/],
    [['destinations', 'patch', '--password', canary], /from a file .*, from stdin \(-\), or at the no-echo prompt/],
    [['--bearer', canary, 'destinations', 'patch'], /IPCTL_TOKEN/],
    [['destinations', 'patch', `--client-secret=${canary}`], /no-echo prompt/],
  ])('refuses an undeclared secret flag, naming the safe way: %j', async (args, hint) => {
    const error = await rejection(args);
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/^--[\w-]+ would put a secret on the command line/);
    expect(error.hint).toMatch(hint);
    expect(`${error.message} ${error.hint}`).not.toContain(canary);
  });

  it('points at the -file flag when the command has one', async () => {
    expect((await rejection(['destinations', 'patch', '--api-key', canary])).hint).toBe('Use --api-key-file PATH instead (- reads stdin).');
  });

  it.each([['password=@secret.txt'], ['password=-'], ['password'], ['-'], ['@file.txt']])('lets a declared secret flag take a reference: --secret %s', async (value) => {
    expect(await screen(['destinations', 'patch', '--secret', value])).toBeUndefined();
    expect(await screen(['destinations', 'patch', `--secret=${value}`])).toBeUndefined();
  });

  it.each([[`password=${canary}`], [`${canary}!`], ['p@ss word']])('refuses a declared secret flag given a value: --secret %s', async (value) => {
    for (const args of [['destinations', 'patch', '--secret', value], ['destinations', 'patch', `--secret=${value}`], ['destinations', 'patch', '--secret', 'ok=-', value]]) {
      const error = await rejection(args);
      expect(error.message).toContain('--secret: the value looks like a secret given on the command line');
      expect(`${error.message} ${error.hint}`).not.toContain(value);
    }
  });

  it('lets flags whose placeholder says they take a path or a reference through, for the command to check', async () => {
    expect(await screen(['destinations', 'patch', '--tls-key', '/etc/ssl/private/key.pem', '--api-key-file', '-'])).toBeUndefined();
    expect(await screen(['destinations', 'patch', '--credential', `password=${canary}`])).toBeUndefined();
  });

  it('never repeats the value of an unknown --flag=value, which commander would echo', async () => {
    const said = await screen(['destinations', 'patch', `--colour=${canary}`, '--profile=work']);
    expect(said).toContain("unknown option '--colour'");
    expect(said).not.toContain(canary);
  });

  it('leaves everything after -- alone', async () => {
    expect(await screen(['destinations', 'patch', '--', '--token', 'x'])).toBeUndefined();
  });
});
