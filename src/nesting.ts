/**
 * How deeply a JSON text nests, found without parsing it. JSON.parse itself
 * copes with any depth, but every walk over the value after it (the schemas,
 * the scrubber, the renderers, YAML, --query) costs a frame of the stack per
 * level, so a document from outside that nests deeper than maxDepth is refused
 * before any of them sees it.
 */

/** The deepest nesting a document from a server or an input file may have. */
export const maxDepth = 512;

/** How deeply the arrays and objects of a JSON text nest; counting stops just past `limit`. */
export function nestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) break;
    } else if (char === ']' || char === '}') depth -= 1;
  }
  return deepest;
}

/** Whether a JSON text nests deeper than maxDepth. */
export function tooDeep(text: string): boolean {
  // Nesting deeper than maxDepth takes more than maxDepth opening brackets, which most texts
  // do not have (a bulk import asks this of every row and every answer).
  if (text.length <= maxDepth || openingBrackets(text, maxDepth) <= maxDepth) return false;
  return nestingDepth(text, maxDepth) > maxDepth;
}

/** How many "[" and "{" a text holds, strings included; counting stops just past `limit`. */
function openingBrackets(text: string, limit: number): number {
  let count = 0;
  for (const bracket of ['[', '{']) {
    for (let at = text.indexOf(bracket); at !== -1 && count <= limit; at = text.indexOf(bracket, at + 1)) count += 1;
  }
  return count;
}
