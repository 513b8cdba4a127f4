// Secrets never come from argv: shell history, `ps` and CI logs keep argv.
// run.ts applies these rules to every command, present and future: to the
// values of declared flags before a command runs, and to unknown flags when
// commander refuses them.
import type { Command, Option } from 'commander';
import { UsageError } from '../errors.js';

/**
 * A flag name that says it carries a secret: its last word is key, token,
 * password, secret, credentials and the like. Names ending in -file, -env and
 * so on (`--api-key-file`) say where a secret is, and are fine.
 */
const secretName = /(?:^|-)(?:api-?key|apikey|key|keys|token|tokens|bearer|jwt|password|passwd|pass|passphrase|pwd|secret|secrets|credential|credentials)$/;

/** Values of a declared secret-named flag that point at the secret instead of holding it. */
const referenceValue = /^(?:-|@.*|[A-Za-z_][\w.-]*(?:=-|=@.*)?)$/s;

/**
 * A placeholder saying the value points at the secret: a file or folder path
 * (`--tls-key <file>`), or reference forms (`--secret <KEY=@PATH|KEY=-|KEY>`).
 * Such a command reads the secret from where the value points, and checks the
 * value itself, with messages that know its keys.
 */
const referencePlaceholder = /[<[](?:file|path|dir|folder)[>\]]|[<[][^>\]]*@(?:path|file)/i;

/**
 * Refuses, before the command runs, a secret given as the value of a flag it
 * declares with a secret's name. One declared with a reference placeholder
 * (`<file>`, `<KEY=@PATH|KEY=-|KEY>`) is the command's to check; one declared
 * otherwise must hold a reference (`@PATH`, `-` for stdin, or a bare KEY to be
 * asked for), never the value itself. Run as commander's preAction hook.
 */
export function refuseSecretValues(command: Command): void {
  for (const [option, owner] of declaredOptions(command).values()) {
    const takesValue = option.required || option.optional;
    if (!option.long || !looksSecret(option.long) || !takesValue || referencePlaceholder.test(option.flags)) continue;
    const given = owner.getOptionValue(option.attributeName()) as unknown;
    const values = Array.isArray(given) ? given : given === undefined ? [] : [given];
    for (const value of values) {
      if (typeof value === 'string' && !referenceValue.test(value)) {
        throw new UsageError(
          `${option.long}: the value looks like a secret given on the command line; ipctl takes secrets only from a file, stdin or a prompt. The value is not shown here.`,
          `Give ${option.long} KEY=@PATH to read it from a file, KEY=- to read stdin, or KEY alone to be asked for it.`,
        );
      }
    }
  }
}

/**
 * What to say about an option `command` does not know, given commander's
 * message about it. A name that says it carries a secret is refused, naming
 * the safe way to give that secret; otherwise commander's message is kept, but
 * never the value of an unknown `--flag=value`, which may be a secret.
 */
export function refuseUnknownOption(message: string, command: Command): string {
  const quoted = /unknown option '([^']*)'/.exec(message);
  if (!quoted) return message;
  const flag = quoted[1]!.split('=')[0]!;
  if (looksSecret(flag)) {
    throw new UsageError(`${flag} would put a secret on the command line, where shell history and the process list keep it; ipctl takes no secret there.`, safeAlternative(flag, declaredOptions(command)));
  }
  return message.replace(quoted[0], `unknown option '${flag}'`);
}

/** The long options `command` accepts, its own first, then its parents', each with the command it belongs to. */
export function declaredOptions(command: Command): Map<string, [Option, Command]> {
  const options = new Map<string, [Option, Command]>();
  for (let current: Command | null = command; current; current = current.parent) {
    for (const option of current.options) if (option.long && !options.has(option.long)) options.set(option.long, [option, current]);
  }
  return options;
}

export function looksSecret(flag: string): boolean {
  const words = flag
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
  return secretName.test(words);
}

function safeAlternative(flag: string, known: Map<string, unknown>): string {
  const fileFlag = `${flag}-file`;
  if (known.has(fileFlag)) return `Use ${fileFlag} PATH instead (- reads stdin).`;
  const words = flag.toLowerCase();
  if (/key/.test(words)) {
    return 'Store an API key with `ipctl auth set-key` (reads stdin, or asks without echo), or set IPCTL_API_KEY in the environment.';
  }
  if (/token|bearer|jwt/.test(words)) {
    return 'Store a bearer token with `ipctl auth set-token` (reads stdin, or asks without echo), or set IPCTL_TOKEN in the environment.';
  }
  return 'Give secrets from a file (a --…-file flag or KEY=@PATH), from stdin (-), or at the no-echo prompt; see `ipctl help environment` for the variables.';
}
