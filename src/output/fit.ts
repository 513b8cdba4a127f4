/*
 * Fitting a table to the terminal's width, as gh lays out its tables: columns
 * are as wide as their content; when the whole is too wide, the low-value
 * columns are narrowed first, and dropped when even narrowed they leave no
 * room (the view names them); then the other columns are narrowed, columns of
 * identifiers last. A narrowed low-value column has its cells cut with "…";
 * any other wraps them (wrapToWidth), so no value a reader came for is lost.
 * Only when even that cannot fit do other columns go, rightmost first, the
 * row's own ID last, never the first.
 */

export interface ColumnText {
  header: string;
  cells: readonly string[];
  /** Identifies a row (a label, an ID, a field name): narrowed only when nothing else can be. */
  identifies: boolean;
  /** The row's own ID (the view's ID column): dropped only after every other column. */
  key?: boolean;
  /** Low value: its cells are cut to one line, where those of other columns wrap. */
  cut?: boolean;
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
/** Below these, a cut cell says too little to be worth its column, and a wrapped one takes too many lines. */
const narrowestCut = 10 + padding;
const narrowestWrapped = 8 + padding;

/**
 * Which columns to show, and how wide, for a table of at most `width`
 * characters. `dropOrder` lists the low-value columns, which go first, the
 * first first; columns it does not name go only when even narrowed the rest
 * cannot fit, rightmost first and the row's key last, but never the first
 * column (it names each row). When even the narrowest layout of what is left
 * is too wide, the table is laid out as narrow as it can be.
 */
export function fitColumns(columns: readonly ColumnText[], width: number, dropOrder: readonly number[] = []): Fitted {
  const natural = naturalWidths(columns);
  const shown = columns.map((_, index) => index);
  // Low-value columns go while the others cannot all be whole beside them; any other column
  // only while the rest cannot fit however narrowed.
  const whole = (index: number) => (columns[index]!.cut ? least(columns[index]!, natural[index]!) : natural[index]!);
  const narrowed = (index: number) => least(columns[index]!, natural[index]!);
  const others = shown.slice(1).reverse();
  dropUntilFits(shown, dropOrder, whole, width);
  dropUntilFits(shown, [...dropOrder, ...others.filter((index) => !columns[index]!.key), ...others], narrowed, width);
  return { shown, widths: narrowToFit(shown.map((index) => natural[index]!), shown.map((index) => columns[index]!), width) };
}

/** The narrowest a column of this natural width is made. */
function least(column: ColumnText, natural: number): number {
  return Math.min(natural, column.cut ? narrowestCut : narrowestWrapped);
}

/** Drops the columns of `order` from `shown`, one at a time, until their `least` widths fit; never the first. */
function dropUntilFits(shown: number[], order: readonly number[], least: (index: number) => number, width: number): void {
  for (const index of order) {
    if (total(shown.map(least)) <= width) return;
    if (index > 0 && shown.includes(index)) shown.splice(shown.indexOf(index), 1);
  }
}

/**
 * Each column's width when none is dropped, narrowed to fit `width` as far
 * as it can be (identifiers last): for a record, whose two columns are its
 * labels and its values.
 */
export function recordWidths(columns: readonly ColumnText[], width: number): number[] {
  return narrowToFit(naturalWidths(columns), columns, width);
}

/**
 * Columns of these natural widths narrowed to fit `width`. The low-value ones
 * go down to their floor first. Then, while every other column can keep its
 * longest word whole (an identifier, its whole text), the room left is shared
 * among the wrapped ones by how much more each would take whole; past that,
 * identifiers are narrowed to their longest word, then every column to its
 * floor, the widest first.
 */
function narrowToFit(natural: readonly number[], columns: readonly ColumnText[], width: number): number[] {
  const widths = [...natural];
  const floors = columns.map((column, index) => least(column, natural[index]!));
  narrow(widths, columns.map((column) => column.cut === true), floors, width);
  if (total(widths) <= width) return widths;
  const words = columns.map((column, index) => (column.cut ? floors[index]! : Math.min(natural[index]!, Math.max(floors[index]!, longestWord(column) + padding))));
  share(widths, columns.map((column) => !column.cut && !column.identifies), words, width);
  narrow(widths, columns.map((column) => column.identifies), words, width);
  narrow(widths, columns.map(() => true), floors, width);
  return widths;
}

/** Above this, a word (a URL, say) is left to wrap rather than widen its column. */
const longestKeptWord = 18;

/** The widest piece of a column's text that wrapping keeps on one line, up to longestKeptWord. */
function longestWord(column: ColumnText): number {
  const pieces = [column.header, ...column.cells].flatMap((cell) => cell.split(/[\s]+/).flatMap((word) => word.split(/(?<=[./\-_,&?=@])/)));
  return Math.min(longestKeptWord, Math.max(0, ...pieces.map(textWidth)));
}

/**
 * Sets each chosen column to its `least` width and a share of the room the
 * others leave, by how much more than that it would take whole.
 */
function share(widths: number[], chosen: readonly boolean[], least: readonly number[], width: number): void {
  const wanted = widths.map((columnWidth, index) => (chosen[index] ? columnWidth - least[index]! : 0));
  chosen.forEach((isChosen, index) => {
    if (isChosen) widths[index] = least[index]!;
  });
  let room = width - total(widths);
  const sum = wanted.reduce((all, more) => all + more, 0);
  if (room <= 0 || sum === 0) return;
  const shares = wanted.map((more) => Math.min(more, Math.floor((room * more) / sum)));
  shares.forEach((more, index) => (widths[index]! += more));
  room -= shares.reduce((all, more) => all + more, 0);
  // What rounding down left goes a column at a time to those still short of whole.
  for (let index = 0; room > 0 && index < widths.length; index += 1) {
    if (shares[index]! < wanted[index]!) {
      widths[index]! += 1;
      room -= 1;
    }
  }
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

/**
 * A text's lines broken to at most `width` columns each: at a space, else
 * after a character that ends a part of a name or URL (`.`, `/`, `-`, `_`,
 * `,`, `&`, `?`, `=`, `@`) in the second half of the line, else anywhere.
 */
export function wrapToWidth(text: string, width: number): string[] {
  return text.split('\n').flatMap((line) => wrapLine(line, Math.max(1, width)));
}

function wrapLine(line: string, width: number): string[] {
  const lines: string[] = [];
  let rest = [...line];
  while (widthOf(rest) > width) {
    const [head, tail] = breakLine(rest, width);
    lines.push(head.join(''));
    rest = tail;
  }
  lines.push(rest.join(''));
  return lines;
}

/** The first line of `characters` and the rest; each break takes at least one character. */
function breakLine(characters: string[], width: number): [string[], string[]] {
  let end = 0;
  for (let used = 0; end < characters.length && used + characterWidth(characters[end]!) <= width; end += 1) used += characterWidth(characters[end]!);
  end = Math.max(end, 1);
  for (let at = Math.min(end, characters.length - 1); at > 0; at -= 1) {
    if (characters[at] === ' ' && characters.slice(0, at).some((character) => character !== ' ')) return [trimmedEnd(characters.slice(0, at)), characters.slice(at + 1)];
  }
  for (let at = end - 1; at > 0 && at + 1 >= end / 2; at -= 1) {
    if (breakAfter.test(characters[at]!)) return [characters.slice(0, at + 1), characters.slice(at + 1)];
  }
  return [characters.slice(0, end), characters.slice(end)];
}

const breakAfter = /^[./\-_,&?=@]$/;

function trimmedEnd(characters: string[]): string[] {
  let end = characters.length;
  while (end > 0 && characters[end - 1] === ' ') end -= 1;
  return characters.slice(0, end);
}

function widthOf(characters: readonly string[]): number {
  return characters.reduce((sum, character) => sum + characterWidth(character), 0);
}

function characterWidth(character: string): number {
  if (zeroWidth.test(character)) return 0;
  return wide.test(character) ? 2 : 1;
}

/** Marks drawn on the character before them, format characters, and Hangul vowels and finals that join the syllable before them; not the soft hyphen, which terminals show. */
const zeroWidth = /^(?!\u00ad)[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff]$/u;
const wide = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
