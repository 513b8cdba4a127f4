import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { looksSecret, screenArguments } from '../../src/input/secret-flags.js';

const canary = 'hunter2_CANARY_SECRET';

/** A program shaped like ipctl's, with a command that declares secret-named flags the safe way. */
function program() {
  const root = new Command('ipctl').option('--profile <name>').option('--timeout <seconds>');
  const patch = root
    .command('destinations')
    .command('patch')
    .option('--secret <value>', 'a secret by reference, checked here')
    .option('--credential <KEY=@PATH|KEY=-|KEY>', 'a secret by reference, checked by the command')
    .option('--api-key-file <path>', 'the API key, from a file')
    .option('--tls-key <file>', 'a key file');
  return { root, patch };
}

function screen(args: string[]): string[] {
  const { root, patch } = program();
  return screenArguments(args, root, patch);
}

function rejection(args: string[]): UsageError {
  try {
    screen(args);
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

describe('screening argv before parsing', () => {
  it.each([
    [['destinations', 'patch', `--token=${canary}`], /ipctl auth set-token/],
    [['destinations', 'patch', '--password', canary], /from a file .*, from stdin \(-\), or at the no-echo prompt/],
    [['--bearer', canary, 'destinations', 'patch'], /IPCTL_TOKEN/],
    [['destinations', 'patch', `--client-secret=${canary}`], /no-echo prompt/],
  ])('refuses an undeclared secret flag, naming the safe way: %j', (args, hint) => {
    const error = rejection(args);
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/^--[\w-]+ would put a secret on the command line/);
    expect(error.hint).toMatch(hint);
    expect(`${error.message} ${error.hint}`).not.toContain(canary);
  });

  it('points at the -file flag when the command has one', () => {
    expect(rejection(['destinations', 'patch', '--api-key', canary]).hint).toBe('Use --api-key-file PATH instead (- reads stdin).');
  });

  it.each([['password=@secret.txt'], ['password=-'], ['password'], ['-'], ['@file.txt']])('lets a declared secret flag take a reference: --secret %s', (value) => {
    expect(screen(['destinations', 'patch', '--secret', value])).toEqual(['destinations', 'patch', '--secret', value]);
    expect(screen(['destinations', 'patch', `--secret=${value}`])).toEqual(['destinations', 'patch', `--secret=${value}`]);
  });

  it.each([[`password=${canary}`], [`${canary}!`], ['p@ss word']])('refuses a declared secret flag given a value: --secret %s', (value) => {
    for (const args of [['destinations', 'patch', '--secret', value], ['destinations', 'patch', `--secret=${value}`]]) {
      const error = rejection(args);
      expect(error.message).toContain('--secret: the value looks like a secret given on the command line');
      expect(`${error.message} ${error.hint}`).not.toContain(value);
    }
  });

  it('lets flags whose placeholder says they take a path or a reference through, for the command to check', () => {
    expect(screen(['destinations', 'patch', '--tls-key', '/etc/ssl/private/key.pem', '--api-key-file', '-'])).toHaveLength(6);
    expect(screen(['destinations', 'patch', '--credential', `password=${canary}`])).toEqual(['destinations', 'patch', '--credential', `password=${canary}`]);
  });

  it('drops the value of an unknown --flag=value, which commander would echo', () => {
    expect(screen(['destinations', 'patch', `--colour=${canary}`, '--profile=work'])).toEqual(['destinations', 'patch', '--colour', '--profile=work']);
  });

  it('leaves everything after -- alone', () => {
    expect(screen(['destinations', 'patch', '--', '--token', 'x'])).toEqual(['destinations', 'patch', '--', '--token', 'x']);
  });
});
