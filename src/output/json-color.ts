import type { Paint } from './paint.js';

/**
 * One JSON token of pretty-printed, already escaped JSON text: a string (with
 * the colon after it when it is a key), a literal, or a number. A string is
 * matched whole first, so nothing inside one is taken for a token.
 */
const token = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(?:true|false)\b|\bnull\b|-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/g;

/**
 * Colors a JSON document for a terminal, as gh and jq do: keys bold blue,
 * strings green, numbers cyan, true and false yellow, null dim. The text must
 * already be escaped (escapedInDocument): the colors are ipctl's own, wrapped
 * around tokens whose control characters are already shown as escapes.
 */
export function colorJson(text: string, paint: Paint): string {
  return text.replace(token, (match: string, string: string | undefined, colon: string | undefined) => {
    if (string !== undefined) return colon === undefined ? paint.green(string) : `${paint.bold(paint.blue(string))}${colon}`;
    if (match === 'null') return paint.dim(match);
    if (match === 'true' || match === 'false') return paint.yellow(match);
    return paint.cyan(match);
  });
}
