/*
 * Fitting a table to the terminal's width, as gh lays out its tables: columns
 * are as wide as their content; when the whole is too wide, low-value columns
 * are dropped first (the view names them, or the rightmost go; the row's own
 * ID goes only after every other), then the widest cells are cut with "…",
 * columns of identifiers last.
 */

export interface ColumnText {
  header: string;
  cells: readonly string[];
  /** Identifies a row (a label, an ID): cut only when nothing else can be. */
  identifies: boolean;
  /** The row's own ID (the view's ID column): dropped only after every other column. */
  key?: boolean;
}

export interface Fitted {
  /** The columns shown, by index into the input, in their order. */
  shown: number[];
  /** Each shown column's width, padding included. */
  widths: number[];
}

/** Space around a cell's text, and the border after each column (and one before the first). */
const padding = 2;
const border = 1;
/** Below these, a cut cell says too little to be worth its column. */
const narrowest = 10 + padding;
const narrowestIdentifier = 8 + padding;

/**
 * Which columns to show, and how wide, for a table of at most `width`
 * characters. `dropOrder` lists columns that may go, the first first; columns
 * it does not name may go too, rightmost first and the row's key last, but
 * never the first column (it names each row). When even the narrowest layout
 * of what is left is too wide, the table is laid out as narrow as it can be.
 */
export function fitColumns(columns: readonly ColumnText[], width: number, dropOrder: readonly number[] = []): Fitted {
  const natural = naturalWidths(columns);
  const shown = columns.map((_, index) => index);
  // First identifiers count whole (they are the last to be cut), and the row's key stays; only
  // if that cannot fit do identifiers count cut, and the key may go.
  const whole = (index: number) => (columns[index]!.identifies ? natural[index]! : Math.min(natural[index]!, narrowest));
  const cut = (index: number) => Math.min(natural[index]!, columns[index]!.identifies ? narrowestIdentifier : narrowest);
  const others = shown.slice(1).reverse();
  const beforeKey = [...dropOrder, ...others.filter((index) => !columns[index]!.key)];
  dropUntilFits(shown, beforeKey, whole, width);
  dropUntilFits(shown, [...beforeKey, ...others], cut, width);
  return { shown, widths: narrowToFit(shown.map((index) => natural[index]!), shown.map((index) => columns[index]!.identifies), width) };
}

/** Drops the columns of `order` from `shown`, one at a time, until their `least` widths fit; never the first. */
function dropUntilFits(shown: number[], order: readonly number[], least: (index: number) => number, width: number): void {
  for (const index of order) {
    if (total(shown.map(least)) <= width) return;
    if (index > 0 && shown.includes(index)) shown.splice(shown.indexOf(index), 1);
  }
}

/**
 * Each column's width when none is dropped, the widest cut first (identifiers
 * last) until the table fits `width` or nothing more can be cut: for a
 * record, whose two columns are its labels and its values.
 */
export function cutToFit(columns: readonly ColumnText[], width: number): number[] {
  return narrowToFit(naturalWidths(columns), columns.map((column) => column.identifies), width);
}

/** Columns of these natural widths cut to fit `width`: the others first, then the identifiers. */
function narrowToFit(natural: readonly number[], identifies: readonly boolean[], width: number): number[] {
  const widths = [...natural];
  const cutFirst = identifies.map((identifier) => !identifier);
  narrow(widths, cutFirst, natural.map((columnWidth) => Math.min(columnWidth, narrowest)), width);
  narrow(widths, identifies, natural.map((columnWidth) => Math.min(columnWidth, narrowestIdentifier)), width);
  return widths;
}

/** Each column as wide as its header and its widest cell, padding included. */
export function naturalWidths(columns: readonly ColumnText[]): number[] {
  return columns.map((column) => Math.max(textWidth(column.header), ...column.cells.map(textWidth)) + padding);
}

/** The width of a table whose columns have these widths. */
function total(widths: readonly number[]): number {
  return widths.reduce((sum, columnWidth) => sum + columnWidth + border, border);
}

/** Takes a character at a time from the widest of the chosen columns, none below its floor, until the table fits. */
function narrow(widths: number[], chosen: readonly boolean[], floors: readonly number[], width: number): void {
  let excess = total(widths) - width;
  while (excess > 0) {
    let widest = -1;
    widths.forEach((columnWidth, index) => {
      if (chosen[index] && columnWidth > floors[index]! && (widest < 0 || columnWidth > widths[widest]!)) widest = index;
    });
    if (widest < 0) return;
    widths[widest]! -= 1;
    excess -= 1;
  }
}

/**
 * Columns a terminal gives a text's longest line: East Asian wide characters
 * and emoji take two; combining marks, zero-width and other format characters
 * (U+200B, U+200D, U+2060, U+FEFF, bidi marks, variation selectors) none.
 */
export function textWidth(text: string): number {
  let widest = 0;
  for (const line of text.split('\n')) {
    let lineWidth = 0;
    for (const character of line) lineWidth += characterWidth(character);
    widest = Math.max(widest, lineWidth);
  }
  return widest;
}

/** The longest start of a one-line text that, with "…" after it, takes at most `width` columns. */
export function cutToWidth(line: string, width: number): string {
  if (width <= 0) return '';
  let kept = '';
  let used = 0;
  for (const character of line) {
    const taken = characterWidth(character);
    if (used + taken > width - 1) break;
    kept += character;
    used += taken;
  }
  return `${kept}…`;
}

function characterWidth(character: string): number {
  if (zeroWidth.test(character)) return 0;
  return wide.test(character) ? 2 : 1;
}

/** Marks drawn on the character before them, format characters, and Hangul vowels and finals that join the syllable before them; not the soft hyphen, which terminals show. */
const zeroWidth = /^(?!\u00ad)[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff]$/u;
const wide = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
