import { allNodes, type CompletionArgument, type CompletionCommand, type CompletionOption } from '../model.js';
import type { ValueSource } from '../values.js';
import { globalOptions } from '../walk.js';

/**
 * What every generator needs from the tree, in a fixed order, so that the
 * scripts come out the same each time. Each script embeds these tables in its
 * shell's own syntax and walks the words the way src/completion/walk.ts does.
 */
export interface ScriptTree {
  root: CompletionCommand;
  nodes: CompletionCommand[];
  /** Options every command accepts (the root's, but for --help and --version). */
  globals: CompletionOption[];
}

export function scriptTree(root: CompletionCommand): ScriptTree {
  const tree = { root, nodes: allNodes(root), globals: globalOptions(root) };
  checkWords(tree);
  return tree;
}

/** The words that name a command, joined by spaces: '' for ipctl itself. */
export function key(node: CompletionCommand): string {
  return node.path.join(' ');
}

/** The options a command declares itself, the global ones left out. */
export function ownOptions(tree: ScriptTree, node: CompletionCommand): CompletionOption[] {
  return node === tree.root ? node.options.filter((option) => !tree.globals.includes(option)) : node.options;
}

/** Every value-completion rule: a flag's (`--status`) or an argument's (`#0`, `#1`; variadic ones repeat). */
export interface ValueRule {
  node: CompletionCommand;
  /** The flags, or the argument's index. */
  target: { flags: string[] } | { index: number; variadic: boolean };
  source: ValueSource;
}

export function valueRules(tree: ScriptTree): ValueRule[] {
  const rules: ValueRule[] = [];
  for (const node of tree.nodes) {
    for (const option of ownOptions(tree, node)) {
      if (option.takesValue && option.values) rules.push({ node, target: { flags: option.flags }, source: option.values });
    }
    node.arguments.forEach((argument: CompletionArgument, index) => {
      if (argument.values) rules.push({ node, target: { index, variadic: argument.variadic }, source: argument.values });
    });
  }
  return rules;
}

/** The global options whose value completes, for every command. */
export function globalValueRules(tree: ScriptTree): Array<{ option: CompletionOption; source: ValueSource }> {
  return tree.globals.flatMap((option) => (option.takesValue && option.values ? [{ option, source: option.values }] : []));
}

/** Description text without quotes or backslashes, which each shell escapes differently. */
export function plain(text: string): string {
  return text.replace(/[\\`$"]/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * Names, flags and values go into scripts unquoted (as case patterns and word
 * lists), so they are held to characters no shell treats specially. A command
 * that declares something else hears about it when the scripts are generated.
 */
const safeWord = /^[A-Za-z0-9_.@/+,%=-]+$/;

function checkWords(tree: ScriptTree): void {
  for (const node of tree.nodes) {
    const words = [
      ...node.path,
      ...node.options.flatMap((option) => [...option.flags, ...choicesOf(option.values)]),
      ...node.arguments.flatMap((argument) => choicesOf(argument.values)),
    ];
    const bad = words.find((word) => !safeWord.test(word));
    if (bad !== undefined) {
      throw new Error(`Cannot complete "${bad}" (in "ipctl ${key(node)}"): names, flags and values may hold only letters, digits and _ . @ / + , % = -`);
    }
  }
}

function choicesOf(source: ValueSource | undefined): readonly string[] {
  return source?.kind === 'choices' ? source.values : [];
}

/** The lines at the top of every script: what it is and how to install it. */
export function header(comment: string, shell: string, install: string[]): string {
  return [
    `${comment} ${shell} completion for ipctl`,
    `${comment} Generated from ipctl's command tree by \`ipctl completion ${shell.toLowerCase()}\`: do not edit; regenerate it.`,
    ...install.map((line) => `${comment} ${line}`),
    '',
  ].join('\n');
}

/**
 * How bash and zsh write the same case tables. The two shells walk the words
 * alike and differ only in how a case arm opens and how a word list is written.
 */
export interface CaseSyntax {
  /** A case arm's patterns, opened: `a|b)` in bash, `(a|b)` in zsh. */
  arm(patterns: string): string;
  /** A list of words as the table functions answer it: `'a b'` in bash, `(a b)` in zsh. */
  words(list: string): string;
  /** The variable the table functions answer in. */
  answer: string;
  /** The pattern for argument positions `index` and after (index > 0), each starting with `prefix`. */
  positionsFrom(prefix: string, index: number): string;
}

/** The `_ipctl_takes_value` and `_ipctl_values` functions, in the syntax of bash or zsh. */
export function valueFunctions(tree: ScriptTree, syntax: CaseSyntax): string {
  const { words } = syntax;
  return `# Succeeds when flag $2 of the command named by $1 takes a value.
_ipctl_takes_value() {
  case "$1|$2" in
${takesValuePatterns(tree, syntax)}
  esac
  return 1
}

# How the value of flag $2 (or of argument #N) of the command named by $1 completes:
# ${words('choices WORD...')}, ${words('partial WORD...')} (no space after), ${words('files')}, ${words('dynamic')} (ask ipctl),
# ${words('dynamic partial')} (ask ipctl; no space after), or ${words('')}.
_ipctl_values() {
  case "$1|$2" in
${valuePatterns(tree, syntax)}
    ${syntax.arm('*')} ${assign(syntax, '')} ;;
  esac
}`;
}

/** The statement that answers `list` from a table function. */
function assign(syntax: CaseSyntax, list: string): string {
  return `${syntax.answer}=${syntax.words(list)}`;
}

function takesValuePatterns(tree: ScriptTree, syntax: CaseSyntax): string {
  const lines: string[] = [];
  const globals = tree.globals.filter((option) => option.takesValue).flatMap((option) => option.flags);
  if (globals.length > 0) lines.push(`    ${syntax.arm(globals.map((flag) => `*'|${flag}'`).join('|'))} return 0 ;;`);
  for (const node of tree.nodes) {
    const flags = ownOptions(tree, node)
      .filter((option) => option.takesValue)
      .flatMap((option) => option.flags);
    if (flags.length > 0) lines.push(`    ${syntax.arm(flags.map((flag) => `'${key(node)}|${flag}'`).join('|'))} return 0 ;;`);
  }
  return lines.join('\n');
}

function valuePatterns(tree: ScriptTree, syntax: CaseSyntax): string {
  const line = (patterns: string, source: ValueSource) => `    ${syntax.arm(patterns)} ${assign(syntax, sourceWords(source))} ;;`;
  return [
    ...globalValueRules(tree).map(({ option, source }) => line(option.flags.map((flag) => `*'|${flag}'`).join('|'), source)),
    ...valueRules(tree).map((rule) => line(rulePatterns(rule, syntax), rule.source)),
  ].join('\n');
}

function rulePatterns(rule: ValueRule, syntax: CaseSyntax): string {
  const prefix = `'${key(rule.node)}|`;
  if ('flags' in rule.target) return rule.target.flags.map((flag) => `${prefix}${flag}'`).join('|');
  const { index, variadic } = rule.target;
  if (!variadic) return `${prefix}#${index}'`;
  // A variadic argument takes every position from its own on.
  return index === 0 ? `${prefix}#'*` : syntax.positionsFrom(prefix, index);
}

/** How a value completes, as the words `_ipctl_values` answers. */
function sourceWords(source: ValueSource): string {
  switch (source.kind) {
    case 'choices':
      return `${source.partial ? 'partial' : 'choices'} ${source.values.join(' ')}`;
    case 'files':
      return 'files';
    case 'dynamic':
      return `dynamic${source.partial ? ' partial' : ''}`;
  }
}

/**
 * The loop of `_ipctl` over the words before the cursor, read the way walk.ts
 * reads them: the command they name, how many arguments follow it, and a flag
 * still waiting for its value. Bash and zsh differ only in the parts given.
 */
export function wordLoop(parts: { from: number; to: string; isSubcommand: string; countArgument: string }): string {
  return `  for ((i = ${parts.from}; i < ${parts.to}; i++)); do
    word=\${words[i]}
    if [[ -n $pending ]]; then
      pending=''
    elif ((!dashdash)) && [[ $word == -- ]]; then
      dashdash=1
    elif ((!dashdash)) && [[ $word == -?* ]]; then
      # --output=json and -ojson carry their value; only a bare flag waits for the next word.
      _ipctl_takes_value "$command" "$word" && pending=$word
    else
      _ipctl_subcommands "$command"
      if ${parts.isSubcommand}; then
        command=\${command:+$command }$word
      else
        ${parts.countArgument}
      fi
    fi
  done`;
}
