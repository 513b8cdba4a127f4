import type { CompletionCommand, CompletionOption } from './model.js';

/**
 * Where the word under the cursor sits: the value of a flag, a flag, a
 * subcommand or a positional argument. The shell scripts walk the words the
 * same way (see the generators); this is the walk `ipctl __complete` does.
 */
export type CompletionSlot = (
  | { kind: 'value'; node: CompletionCommand; option: CompletionOption; prefix: string; typed: string }
  | { kind: 'flag'; node: CompletionCommand; typed: string }
  | { kind: 'positional'; node: CompletionCommand; index: number; typed: string }
) & {
  /**
   * The values of the flags typed before the word, by long name (`--project`),
   * the last one where a flag is repeated: the settings a completion from the
   * API resolves as the command would (--profile, --base-url, --project).
   */
  given: ReadonlyMap<string, string>;
};

/** Options of the root that every command accepts (commander reads them after subcommands too). */
export function globalOptions(root: CompletionCommand): CompletionOption[] {
  return root.options.filter((option) => !option.flags.includes('--help') && !option.flags.includes('--version'));
}

/** The flags accepted at `node`: its own, then the global ones. */
export function flagsAt(node: CompletionCommand, root: CompletionCommand): CompletionOption[] {
  return node === root ? root.options : [...node.options, ...globalOptions(root)];
}

/** Finds the slot of `current`, given the words before it (argv after `ipctl`). */
export function locate(root: CompletionCommand, before: readonly string[], current: string): CompletionSlot {
  let node = root;
  let pending: CompletionOption | undefined;
  let positionals = 0;
  let afterDashes = false;
  const given = new Map<string, string>();
  for (const word of before) {
    if (pending) {
      given.set(longName(pending), word);
      pending = undefined;
      continue;
    }
    if (!afterDashes && word === '--') {
      afterDashes = true;
      continue;
    }
    if (!afterDashes && isFlag(word)) {
      // `--output=json` and `-ojson` carry their value; only a bare flag waits for the next word.
      const option = flagsAt(node, root).find((candidate) => candidate.flags.includes(word));
      if (option?.takesValue) pending = option;
      else if (word.startsWith('--') && word.includes('=')) {
        const equals = word.indexOf('=');
        const joined = flagsAt(node, root).find((candidate) => candidate.flags.includes(word.slice(0, equals)));
        if (joined?.takesValue) given.set(longName(joined), word.slice(equals + 1));
      }
      continue;
    }
    const child = positionals === 0 ? node.commands.find((command) => command.name === word) : undefined;
    if (child) node = child;
    else positionals++;
  }
  if (pending) return { kind: 'value', node, option: pending, prefix: '', typed: current, given };
  if (!afterDashes && isFlag(current)) {
    const equals = current.indexOf('=');
    const option = equals > 0 ? flagsAt(node, root).find((candidate) => candidate.flags.includes(current.slice(0, equals))) : undefined;
    if (option?.takesValue) return { kind: 'value', node, option, prefix: current.slice(0, equals + 1), typed: current.slice(equals + 1), given };
    return { kind: 'flag', node, typed: current, given };
  }
  return { kind: 'positional', node, index: positionals, typed: current, given };
}

/** The name a flag's value is known by: its long spelling, else its short one. */
function longName(option: CompletionOption): string {
  return option.flags.find((flag) => flag.startsWith('--')) ?? option.flags[0]!;
}

function isFlag(word: string): boolean {
  return word.length > 1 && word.startsWith('-');
}
