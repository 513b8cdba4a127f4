import type { CompletionOption } from '../model.js';
import type { ValueSource } from '../values.js';
import { header, key, ownOptions, plain, type ScriptTree } from './common.js';

/** The fish script: fish's own `complete` rules, conditioned on the command being typed. */
export function fishScript(tree: ScriptTree): string {
  const lines = [
    header('#', 'fish', [
      'Load it in this shell:   ipctl completion fish | source',
      'Load it in every shell:  ipctl completion fish > ~/.config/fish/completions/ipctl.fish',
    ]),
    helpers(tree),
    '# No file names unless a flag or an argument asks for them.',
    'complete -c ipctl -f',
    '',
    '# Flags every command accepts.',
    ...tree.root.options.filter((option) => !option.flags.includes('--version')).map((option) => optionRule(option)),
  ];
  for (const node of tree.nodes) {
    const rules = [
      ...node.commands.map((child) => `complete -c ipctl -n ${quote(`__ipctl_at "${key(node)}"`)} -a ${child.name} -d ${quote(plain(child.summary))}`),
      ...ownOptions(tree, node)
        .filter((option) => !option.flags.includes('--help'))
        .map((option) => optionRule(option, `__ipctl_in "${key(node)}"`)),
      ...node.arguments.flatMap((argument, index) =>
        argument.values ? [argumentRule(`__ipctl_argument "${key(node)}" ${index} ${argument.variadic ? 'more' : 'one'}`, argument.values)] : [],
      ),
    ];
    if (rules.length > 0) lines.push('', `# ipctl ${key(node)}`.trimEnd(), ...rules);
  }
  return `${lines.join('\n')}\n`;
}

function helpers(tree: ScriptTree): string {
  return `# The subcommands of the command named by $argv[1] ('' for ipctl itself), one a line.
function __ipctl_subcommands
    switch "$argv[1]"
${tree.nodes
  .filter((node) => node.commands.length > 0)
  .map((node) => `        case '${key(node)}'\n            printf '%s\\n' ${node.commands.map((child) => child.name).join(' ')}`)
  .join('\n')}
    end
end

# Succeeds when flag $argv[2] of the command named by $argv[1] takes a value.
function __ipctl_takes_value
    switch "$argv[1]|$argv[2]"
${takesValueCases(tree)}
            return 0
    end
    return 1
end

# Prints three lines about the words before the cursor: the command they name
# ('' for ipctl itself), how many arguments follow it, and 1 when the last
# word is a flag waiting for its value.
function __ipctl_where
    set -l words (commandline -opc)
    set -l command
    set -l positionals 0
    set -l pending 0
    set -l dashdash 0
    for word in $words[2..-1]
        if test $pending = 1
            set pending 0
        else if test $dashdash = 0; and test "$word" = --
            set dashdash 1
        else if test $dashdash = 0; and string match -qr -- '^-.' $word
            # --output=json and -ojson carry their value; only a bare flag waits for the next word.
            __ipctl_takes_value "$command" $word; and set pending 1
        else if test $positionals = 0; and contains -- $word (__ipctl_subcommands "$command")
            set -a command $word
        else
            set positionals (math $positionals + 1)
        end
    end
    echo "$command"
    echo $positionals
    echo $pending
end

# The command being typed is $argv[1].
function __ipctl_in
    set -l where (__ipctl_where)
    test "$where[1]" = "$argv[1]"
end

# The command being typed is $argv[1], and it waits for a subcommand or an argument.
function __ipctl_at
    set -l where (__ipctl_where)
    test "$where[1]" = "$argv[1]"; and test "$where[2]" = 0; and test "$where[3]" = 0
end

# The cursor is on argument $argv[2] (counting from 0) of the command $argv[1];
# 'more' in $argv[3] means that argument takes every position from there on.
function __ipctl_argument
    set -l where (__ipctl_where)
    test "$where[1]" = "$argv[1]"; and test "$where[3]" = 0; or return 1
    test "$where[2]" = "$argv[2]"; or begin; test "$argv[3]" = more; and test "$where[2]" -gt "$argv[2]"; end
end

# Values only ipctl knows (profile names; what follows the field of a search filter): it answers
# one a line, a tab before its description; a line with no value is a message, which fish cannot
# show without offering something to insert. 'partial' in $argv[1]: values that the word goes on
# from, such as email= or 'email eq '.
function __ipctl_dynamic
    set -l words (commandline -opc)
    set -l current (commandline -ct)
    if string match -qr -- '^--[^=]+=' $current
        # fish completes the value after --flag=; ask about the flag and that value.
        set -l parts (string split -m 1 = -- $current)
        set -a words $parts[1]
        set current $parts[2]
    end
    # ipctl is asked about the word as it will receive it, fish's quoting taken off.
    set -l typed (string unescape -- "$current")
    set -l lines (ipctl __complete $words[2..-1] "$typed" 2>/dev/null | string match -rv '^\\t|^$')
    if test "$argv[1]" = partial
        # fish puts a space after a value it inserts whole (closing an open quote first), unless the
        # value ends in one of / = @ : . , -; a value that must end in a space (email eq ) is put in
        # right only as the common start of several. So such a value, alone, comes with a copy one
        # space longer; among others that fish can insert whole (email=), it is left out.
        set -l whole
        set -l spaced
        for line in $lines
            if string match -qr -- '^[^\\t]* (\\t|$)' $line
                set -a spaced $line
            else
                set -a whole $line
            end
        end
        if set -q whole[1]
            set lines $whole
        else if test (count $spaced) = 1
            set lines $spaced (string replace -r -- '^([^\\t]*)' '$1 ' $spaced)
        end
    end
    printf '%s\\n' $lines
end
`;
}

function optionRule(option: CompletionOption, condition?: string): string {
  const parts = ['complete -c ipctl'];
  if (condition) parts.push('-n', quote(condition));
  for (const flag of option.flags) parts.push(flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`);
  if (option.takesValue) parts.push(valueArguments(option.values));
  parts.push('-d', quote(plain(option.description)));
  return parts.join(' ');
}

function argumentRule(condition: string, source: ValueSource): string {
  return `complete -c ipctl -n ${quote(condition)} ${valueArguments(source)}`;
}

/** -x: takes a value and no file names; -r -F: takes a file name. */
function valueArguments(source: ValueSource | undefined): string {
  if (!source) return '-x';
  switch (source.kind) {
    case 'choices':
      return `-x -a ${quote(source.values.join(' '))}`;
    case 'files':
      return '-r -F';
    case 'dynamic':
      return `-x -a '(__ipctl_dynamic${source.partial ? ' partial' : ''})'`;
  }
}

function takesValueCases(tree: ScriptTree): string {
  const patterns = tree.globals.filter((option) => option.takesValue).flatMap((option) => option.flags.map((flag) => `'*|${flag}'`));
  for (const node of tree.nodes) {
    const flags = ownOptions(tree, node).filter((option) => option.takesValue);
    patterns.push(...flags.flatMap((option) => option.flags.map((flag) => `'${key(node)}|${flag}'`)));
  }
  return `        case ${patterns.join(' ')}`;
}

/** Single-quoted for fish: only ' and \ are special inside. */
function quote(text: string): string {
  return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}
