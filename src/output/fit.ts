/*
 * Fitting a table to the terminal's width. A value is made of tokens (IDs,
 * names, emails, URLs, dates, field paths, variable names, words): a cell
 * wraps only between them, at spaces, and never inside one. So a column is
 * never narrower than its widest token. Within that, columns are as wide as
 * their content, as gh lays out its tables; when the whole is too wide, the
 * low-value columns are cut (with "…") or left out first, the first first
 * (the view names them), then the other columns wrap, identifiers last.
 * When even then the tokens cannot all be whole side by side, the table is
 * laid out vertically: one block a row, a `KEY  value` line a column, as
 * `kubectl describe` does (draw.ts), without its low-value columns.
 */

export interface ColumnText {
  header: string;
  cells: readonly string[];
  /** Identifies a row (a label, an ID, a field name): narrowed only when nothing else can be. */
  identifies: boolean;
  /** Low value: its cells are cut to one line, where those of other columns wrap. */
  cut?: boolean;
}

/** The columns shown, by index into the input, in their order, and each one's width, padding included. */
interface Fitted {
  shown: number[];
  widths: number[];
}

/** A table's layout: side by side in columns of these widths, or vertical (a block a row) when its tokens cannot be whole side by side. */
export type Layout = ({ kind: 'columns' } & Fitted) | { kind: 'vertical'; shown: number[] };

/** Space around a cell's text, and the border after each column (and one before the first). */
const padding = 2;
const border = 1;
/** Below this, a cut cell says too little to be worth its column. */
const narrowestCut = 10 + padding;

/**
 * How to lay out a table of at most `width` characters. `dropOrder` lists the
 * low-value columns, the first first: they are left out while the other
 * columns cannot all be whole beside them (never the first column, which
 * names each row). Then the others are narrowed, down to their widest token.
 * When even so they do not fit, the layout is vertical, without the low-value
 * columns.
 */
export function fitColumns(columns: readonly ColumnText[], width: number, dropOrder: readonly number[] = []): Layout {
  const natural = naturalWidths(columns);
  const floors = columns.map((column, index) => floor(column, natural[index]!));
  const shown = columns.map((_, index) => index);
  const whole = (index: number) => (columns[index]!.cut ? floors[index]! : natural[index]!);
  for (const index of dropOrder) {
    if (total(shown.map(whole)) <= width) break;
    if (index > 0 && shown.includes(index)) shown.splice(shown.indexOf(index), 1);
  }
  // The low-value columns are all left out by now: they go before the others have to wrap.
  if (total(shown.map((index) => floors[index]!)) > width) return { kind: 'vertical', shown };
  return { kind: 'columns', shown, widths: narrowToFit(shown.map((index) => natural[index]!), shown.map((index) => columns[index]!), width) };
}

/**
 * Each column's width for a record (its labels and its values) of at most
 * `width` characters, or undefined when its tokens cannot be whole side by
 * side and the record is to be laid out vertically.
 */
export function recordWidths(columns: readonly ColumnText[], width: number): number[] | undefined {
  const natural = naturalWidths(columns);
  if (total(columns.map((column, index) => floor(column, natural[index]!))) > width) return undefined;
  return narrowToFit(natural, columns, width);
}

/** The narrowest a column of this natural width is made: a cut one to narrowestCut, any other to its widest token. */
function floor(column: ColumnText, natural: number): number {
  return Math.min(natural, column.cut ? narrowestCut : longestToken(column) + padding);
}

/** The widest token of a column's header and cells. */
function longestToken(column: ColumnText): number {
  return Math.max(widestToken(column.header), ...column.cells.map(widestToken));
}

/** The widest token of a text: what wrapToWidth never breaks. */
export function widestToken(text: string): number {
  return Math.max(0, ...text.split(/[ \n]+/).map(textWidth));
}

/**
 * Columns of these natural widths, which fit `width` at their floors,
 * narrowed to fit it. The low-value ones go down to their floor first. Then
 * the room the identifiers leave, whole, is shared among the other wrapped
 * columns by how much more than their floor each would take whole; past that,
 * identifiers are narrowed to their floor too, the widest first.
 */
function narrowToFit(natural: readonly number[], columns: readonly ColumnText[], width: number): number[] {
  const widths = [...natural];
  const floors = columns.map((column, index) => floor(column, natural[index]!));
  narrow(widths, columns.map((column) => column.cut === true), floors, width);
  if (total(widths) <= width) return widths;
  share(widths, columns.map((column) => !column.cut && !column.identifies), floors, width);
  narrow(widths, columns.map(() => true), floors, width);
  return widths;
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
 * A text's lines broken at spaces into lines of at most `width` columns,
 * never inside a token: a token wider than `width` stands alone on its line,
 * whole, for the terminal to wrap. Spaces are kept but where a line breaks.
 */
export function wrapToWidth(text: string, width: number): string[] {
  return text.split('\n').flatMap((line) => wrapLine(line, width));
}

function wrapLine(line: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  // Each piece is a token and the spaces before it (or the spaces that end the line).
  for (const piece of line.match(/ *[^ ]+| +$/g) ?? ['']) {
    if (current === '' && lines.length === 0) current = textWidth(piece) <= width ? piece : piece.trimStart();
    else if (textWidth(current + piece) <= width) current += piece;
    else if (piece.trim() === '') continue;
    else {
      lines.push(current);
      current = piece.trimStart();
    }
  }
  lines.push(current);
  return lines;
}

function characterWidth(character: string): number {
  if (zeroWidth.test(character)) return 0;
  return wide.test(character) ? 2 : 1;
}

/** Marks drawn on the character before them, format characters, and Hangul vowels and finals that join the syllable before them; not the soft hyphen, which terminals show. */
const zeroWidth = /^(?!\u00ad)[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff]$/u;
const wide = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
