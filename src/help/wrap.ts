import type { OutputStream } from '../deps.js';
import { colorLevel } from '../output/color.js';

/*
 * Help text (a command's --help, a help topic) fitted to the terminal: each
 * line too long is wrapped between words under a hanging indent that keeps
 * its layout. An example (`$ ipctl …`) is never wrapped between words: it is
 * cut between shell words into ` \` continuation lines, so that it can be
 * copied as it is. A word longer than the line stands alone, unbroken.
 */

/** The width help is fitted to: COLUMNS when set to a width, else the terminal's, else 80 (a pipe, a file). */
export function helpWidth(stream: OutputStream, env: Record<string, string | undefined>): number {
  const columns = Number(env.COLUMNS);
  if (Number.isInteger(columns) && columns > 0) return columns;
  return stream.isTTY === true && stream.columns && stream.columns > 0 ? stream.columns : 80;
}

/** Whether help on stream is in color (the color policy of every output, --no-color among argv). */
export function helpInColor(stream: OutputStream, env: Record<string, string | undefined>, args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return colorLevel(stream, env, !(end < 0 ? args : args.slice(0, end)).includes('--no-color')) > 0;
}

/** A description narrower than this hangs under its term's indent instead of beside the term. */
const narrowest = 24;

/** text (whole lines) fitted to width; headings in bold when `color`. */
export function fitHelp(text: string, width: number, color = false): string {
  const lines = text.split('\n').map((line) => line.trimEnd());
  const fitted: string[] = [];
  for (let start = 0; start < lines.length; ) {
    // A list of terms (options, variables) is laid out one way throughout: descriptions beside their terms, or under them.
    const column = itemColumn(lines[start]!);
    let end = start + 1;
    while (column !== undefined && end < lines.length && itemColumn(lines[end]!)?.indent === column.indent) end++;
    const block = lines.slice(start, end);
    const under = column !== undefined && block.some((line) => line.length > width && !fitsBeside(words(line.slice(itemColumn(line)!.column)), itemColumn(line)!.column, width));
    for (const line of block) fitted.push(...(under ? itemUnder(line, width) : fitLine(line, width)));
    start = end;
  }
  return (color ? fitted.map(boldHeading) : fitted).join('\n');
}

/** Where an item's term starts, and its description: two spaces or more after the term. */
function itemColumn(line: string): { indent: number; column: number } | undefined {
  const indent = line.length - line.trimStart().length;
  const body = line.slice(indent);
  if (indent === 0 || body.startsWith('$ ')) return undefined;
  const item = /^\S.*? {2,}(?=\S)/.exec(body);
  return item ? { indent, column: indent + item[0].length } : undefined;
}

/** An item with its term on its own line, the description under it, indented. */
function itemUnder(line: string, width: number): string[] {
  const { indent, column } = itemColumn(line)!;
  const description = words(line.slice(column));
  return [line.slice(0, column).trimEnd(), ...filled(' '.repeat(indent + 4), description, indent + 4, width)];
}

/** `Options:`, `Exit codes:` and `Usage:` in bold: added once the lines are fitted, so the color takes no width. */
function boldHeading(line: string): string {
  const heading = /^(Usage:|[A-Z][A-Za-z ]*:$)/.exec(line)?.[1];
  return heading ? `\u001b[1m${heading}\u001b[22m${line.slice(heading.length)}` : line;
}

function fitLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const indent = line.length - line.trimStart().length;
  const body = line.slice(indent);
  if (body.startsWith('$ ')) return continued(line.slice(0, indent + 2), shellWords(body.slice(2)), indent + 4, width);
  if (body.startsWith('Usage: ')) return filled(line.slice(0, indent + 7), words(body.slice(7)), indent + 7, width);
  // A term and its description, two spaces or more apart: an option, a variable, an exit code of a topic.
  const item = itemColumn(line);
  if (item) {
    const description = words(line.slice(item.column));
    if (fitsBeside(description, item.column, width)) return filled(line.slice(0, item.column), description, item.column, width);
    return itemUnder(line, width);
  }
  // A list item (`- `, `1. `, an exit code `130 `) hangs under its text.
  const marker = /^(?:[-*•]|\d+\.?) (?=\S)/.exec(body)?.[0] ?? '';
  const rest = words(body.slice(marker.length));
  const hang = fitsBeside(rest, indent + marker.length, width) ? indent + marker.length : indent;
  return filled(line.slice(0, indent + marker.length), rest, hang, width);
}

function fitsBeside(text: string[], column: number, width: number): boolean {
  return width - column >= narrowest && text.every((word) => column + word.length <= width);
}

const words = (text: string): string[] => text.split(/ +/).filter(Boolean);

/**
 * Words after head, line by line, each line after the first indented by hang.
 * A line that goes on ends with `ending` (room kept for it): ` \` for a command line.
 */
function filled(head: string, items: string[], hang: number, width: number, ending = ''): string[] {
  const lines: string[] = [];
  let current = head;
  let empty = true;
  for (const word of items) {
    if (!empty && current.length + 1 + word.length + ending.length > width) {
      lines.push(`${current}${ending}`);
      current = ' '.repeat(hang);
      empty = true;
    }
    current += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(current);
  return lines;
}

/** A command line cut between shell words into lines ending in ` \`, each continuation indented by hang. */
function continued(head: string, items: string[], hang: number, width: number): string[] {
  return filled(head, items, hang, width, ' \\');
}

/**
 * The words a shell would see, quotes kept: `--header "X-Environment: staging"`
 * is two, not three. A comment is one word to the end, as a `\` would not
 * continue it.
 */
function shellWords(command: string): string[] {
  return command.match(/#.*$|(?:[^\s'"\\]+|\\.|'[^']*'|"(?:[^"\\]|\\.)*"?)+/g) ?? [];
}
