// A one-record table as ipctl prints it in a pipe (docs/output.md): a header
// line `FIELD<TAB>VALUE`, then one `FIELD<TAB>VALUE` line per field.

/** The fields of a pipe-mode record table, by label; the header line is checked. */
export function fieldTable(stdout: string): Record<string, string> {
  const [header, ...lines] = stdout.trimEnd().split('\n');
  if (header !== 'FIELD\tVALUE') throw new Error(`not a record table (its first line is ${JSON.stringify(header)})`);
  return Object.fromEntries(lines.map((line) => line.split('\t') as [string, string]));
}
