// Text from outside (a server, a proxy, an input file) is data. Before it
// reaches a terminal, a pipe or a file, the characters that a terminal would
// obey rather than show are written visibly, as gh's output sanitiser does:
// C0 controls, DEL, C1 controls (U+0080–U+009F) and the bidi overrides and
// isolates (U+202A–U+202E, U+2066–U+2069).

const controlsButLines = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const controlsButNewlines = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const controls = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify and the yaml package leave raw: they escape C0 controls themselves. */
const rawInDocuments = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * text with its control characters shown as `\x1b`, `\x9b` or `\u202e`. Tabs
 * and newlines are kept when `lines` (the default), newlines alone when not
 * `tabs` (a boxed table's cell, where a tab would push the border out of line);
 * a TSV field shows them too.
 */
export function visible(text: string, { lines = true, tabs = lines }: { lines?: boolean; tabs?: boolean } = {}): string {
  return text.replace(lines ? (tabs ? controlsButLines : controlsButNewlines) : controls, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * JSON text with the characters its serialiser left raw written as
 * `\u009b` escapes, which JSON reads back as the same character: the
 * data stays exact, and a terminal shows it.
 */
export function escapedInDocument(text: string): string {
  return text.replace(rawInDocuments, escape);
}

/**
 * What YAML writes as escapes besides: U+2028 and U+2029, which a YAML 1.1
 * reader takes as line breaks, and characters that show nothing (zero-width
 * spaces and joiners, bidi marks, the byte order mark), so that no string
 * looks empty or like another. Only double-quoted scalars hold them (yaml.ts).
 */
const rawInYaml = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u061c\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;

/** YAML text with the characters of rawInYaml written as `\u2028` escapes. */
export function escapedInYaml(text: string): string {
  return text.replace(rawInYaml, escape);
}

/** Whether text holds a character that escapedInYaml writes as an escape. */
export function needsYamlEscapes(text: string): boolean {
  rawInYaml.lastIndex = 0;
  return rawInYaml.test(text);
}

function escape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
