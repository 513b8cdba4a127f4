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
  return nestingDepth(text, maxDepth) > maxDepth;
}
