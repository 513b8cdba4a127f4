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

export function choicesOf(source: ValueSource | undefined): readonly string[] {
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
