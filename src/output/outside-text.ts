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
 * JSON or YAML text with the characters its serialiser left raw written as
 * `\u009b` escapes, which both formats read back as the same character: the
 * data stays exact, and a terminal shows it. In YAML, only double-quoted
 * scalars may hold them (see yaml.ts).
 */
export function escapedInDocument(text: string): string {
  return text.replace(rawInDocuments, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Whether text holds a character that escapedInDocument writes as an escape. */
export function needsEscapes(text: string): boolean {
  rawInDocuments.lastIndex = 0;
  return rawInDocuments.test(text);
}
