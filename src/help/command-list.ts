import type { Command } from 'commander';

/**
 * `ipctl help commands`: every command, by the words that name it and its
 * arguments, with its one-line summary, as a Markdown list (docs/command-list.md
 * is this text). It is made from the command tree, every command declared, so a
 * command appears here as soon as it is in the registry.
 */
export function commandList(program: Command): string {
  const lines = leaves(program, ['ipctl']).map(({ words, command }) => `- \`${[...words, ...argumentsOf(command)].join(' ')}\`: ${command.summary()}`);
  return `Every command ipctl has, with its arguments; \`ipctl COMMAND --help\` gives its flags and examples.\n\n${lines.join('\n')}\n`;
}

function leaves(command: Command, words: string[]): Array<{ words: string[]; command: Command }> {
  const children = command.commands.filter((child) => child.name() !== 'help');
  if (children.length === 0) return [{ words, command }];
  return children.flatMap((child) => leaves(child, [...words, child.name()]));
}

function argumentsOf(command: Command): string[] {
  return command.registeredArguments.map((argument) => {
    const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
    return argument.required ? `<${name}>` : `[${name}]`;
  });
}
