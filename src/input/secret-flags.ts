// Secrets never come from argv: shell history, `ps` and CI logs keep argv.
// main() screens the arguments with this before commander sees them, so every
// command, present and future, gets the rule without doing anything.
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
 * Checks argv for secrets before parsing. A secret-named flag the command does
 * not declare is refused, naming the safe way to give that secret. One it
 * declares with a reference placeholder is the command's to check; one
 * declared otherwise must hold a reference (`@PATH`, `-` for stdin, or a bare
 * KEY to be asked for), never the value itself. Returns the arguments to
 * parse: an unknown `--flag=value` loses its value, since commander would
 * echo it in its error.
 */
export function screenArguments(args: string[], program: Command, invoked: Command | undefined): string[] {
  const known = declaredOptions(program, invoked);
  const screened: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') {
      screened.push(...args.slice(index));
      break;
    }
    if (!arg.startsWith('--')) {
      screened.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = equals === -1 ? arg : arg.slice(0, equals);
    const option = known.get(flag);
    if (looksSecret(flag)) checkSecretFlag(flag, option, equals === -1 ? args[index + 1] : arg.slice(equals + 1), known);
    screened.push(option || equals === -1 ? arg : flag);
  }
  return screened;
}

function declaredOptions(program: Command, invoked: Command | undefined): Map<string, Option> {
  const options = new Map<string, Option>();
  for (let command: Command | null = invoked ?? program; command; command = command.parent) {
    for (const option of command.options) if (option.long && !options.has(option.long)) options.set(option.long, option);
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

function checkSecretFlag(flag: string, option: Option | undefined, value: string | undefined, known: Map<string, Option>): void {
  if (!option) {
    throw new UsageError(`${flag} would put a secret on the command line, where shell history and the process list keep it; ipctl takes no secret there.`, safeAlternative(flag, known));
  }
  const takesValue = option.required || option.optional;
  if (!takesValue || referencePlaceholder.test(option.flags)) return;
  if (value === undefined || referenceValue.test(value)) return;
  throw new UsageError(
    `${flag}: the value looks like a secret given on the command line; ipctl takes secrets only from a file, stdin or a prompt. The value is not shown here.`,
    `Give ${flag} KEY=@PATH to read it from a file, KEY=- to read stdin, or KEY alone to be asked for it.`,
  );
}

function safeAlternative(flag: string, known: Map<string, Option>): string {
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
