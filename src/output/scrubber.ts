import type { OutputStream } from '../deps.js';
import { FingerprintSet } from './fingerprints.js';

/** What a scrubbed credential becomes. */
const redactedMark = '[redacted]';
/** Parts of a credential at least this long are scrubbed on their own too. */
const shortestPart = 8;
/** Whole values shorter than this are too likely to be ordinary text to scrub. */
const shortestValue = 4;
/** Up to this many needle openings, scrub() first asks whether a text holds any of them at all. */
const fewOpenings = 64;
/** Credentials kept as text, which forget() can let through again; any more are kept as fingerprints. */
const keptAsText = 8;

/**
 * The credentials this run sent (API key, token, the secrets in request
 * bodies), replaced by [redacted] in everything ipctl writes: a server, a proxy
 * or a WAF may echo a request in its error. Their long parts are scrubbed too
 * (a JWT's segments, a `user:password` pair's halves), and so are the forms a
 * value takes inside JSON or a URL.
 *
 * The first few credentials (the run's API key and token, a request's
 * secrets) are kept as text. Beyond those (a bulk import sends one a row), each
 * needle is kept only as a 64-bit fingerprint, 8 bytes whatever its length
 * (fingerprints.ts): memory stays flat at a million rows, and a credential of
 * any row, echoed in any later answer, is still found. A fingerprinted
 * credential cannot be forgotten: it stays scrubbed.
 */
export class Scrubber {
  /** Every text to replace. */
  #needles = new Set<string>();
  /**
   * For each needle's first characters, the lengths of the needles that open
   * with them, longest first: scrub() looks at each position of a text once,
   * whatever the number of needles (a bulk import sends a credential a row).
   */
  #lengths = new Map<string, number[]>();

  /** The credentials given, so that forget() can leave in place what another one still needs. */
  #values = new Set<string>();
  /** The needles of the credentials beyond the first few. */
  #fingerprints = new FingerprintSet();
  /**
   * The fewest UTF-8 bytes of a fingerprinted credential that is scrubbed in
   * base64 too (Infinity: none is): base64 shorter than such a credential's
   * encoding cannot hold one.
   */
  #shortestDecoded = Infinity;

  add(value: string): void {
    if (this.#values.has(value)) return;
    if (this.#values.size >= keptAsText) {
      this.#addFingerprinted(value);
      return;
    }
    this.#values.add(value);
    for (const needle of needlesOf(value)) this.#addNeedle(needle);
  }

  /** Makes room at once for `count` more credentials kept as fingerprints (a bulk import knows how many rows it will send). */
  reserve(count: number): void {
    this.#fingerprints.reserve(count);
  }

  /** Lets value through again: for the secrets a person asked to see (--show-secrets). */
  forget(value: string): void {
    if (!this.#values.delete(value)) return;
    // A needle value shares with another credential (a part of both) stays.
    this.#needles.clear();
    this.#lengths.clear();
    for (const kept of this.#values) for (const needle of needlesOf(kept)) this.#addNeedle(needle);
  }

  /**
   * A credential beyond the first few (a bulk import's rows): its forms are
   * kept as fingerprints, but not its base64 forms, six more a credential;
   * scrub() finds those by reading each run of base64 in a text instead, as
   * the bytes it decodes to (see #inBase64).
   */
  #addFingerprinted(value: string): void {
    // A value of letters, digits, `_` and `-` is itself in every form but base64 and spelled out (`&#95;`), which scrub() decodes.
    const needles = plainValue.test(value) ? (value.length >= shortestValue ? [value] : []) : needlesOf(value, false);
    for (const needle of needles) if (!this.#needles.has(needle)) this.#fingerprints.add(needle);
    if (value.length < shortestEncoded) return;
    // Decoded base64 is read a byte a character: a credential beyond ASCII is looked for as its UTF-8 bytes.
    const bytes = Buffer.from(value, 'utf8');
    const asBytes = bytes.toString('latin1');
    if (asBytes !== value) this.#fingerprints.add(asBytes);
    this.#shortestDecoded = Math.min(this.#shortestDecoded, bytes.length);
  }

  #addNeedle(needle: string): void {
    if (this.#needles.has(needle)) return;
    this.#needles.add(needle);
    const opening = needle.slice(0, shortestValue);
    const lengths = this.#lengths.get(opening) ?? [];
    if (!lengths.includes(needle.length)) this.#lengths.set(opening, [...lengths, needle.length].sort((a, b) => b - a));
  }

  /** text with every needle replaced: the longest where several start at one place, and overlapping ones as one. */
  scrub(text: string): string {
    const fingerprinted = this.#fingerprintedIn(text);
    const exact = this.#mayHold(text);
    if (!fingerprinted && !exact) return text;
    const endAt = (at: number): number => Math.max(exact ? at + this.#needleAt(text, at) : at, fingerprinted?.[at] ?? 0);
    let scrubbed = '';
    let copied = 0;
    let at = 0;
    while (at <= text.length - shortestValue) {
      let end = endAt(at);
      if (end === at) {
        at += 1;
        continue;
      }
      // A needle that starts inside this one and reaches further is covered too.
      for (let inside = at + 1; inside < end; inside += 1) end = Math.max(end, endAt(inside));
      scrubbed += `${text.slice(copied, at)}${redactedMark}`;
      at = end;
      copied = end;
    }
    return `${scrubbed}${text.slice(copied)}`;
  }

  /** Where fingerprinted credentials are in text, as FingerprintSet.find says it: in any of their forms, and in base64. */
  #fingerprintedIn(text: string): Int32Array | undefined {
    let ends = this.#fingerprints.find(text);
    if (this.#fingerprints.size > 0) ends = this.#spelledOut(text, ends);
    // A credential of n bytes takes at least 4n/3 characters of base64.
    const shortestRun = Math.ceil((this.#shortestDecoded * 4) / 3);
    if (text.length < shortestRun) return ends;
    for (const run of text.matchAll(base64Run)) {
      if (run[0].length >= shortestRun) ends = this.#inBase64(run[0], run.index, ends, text.length);
    }
    return ends;
  }

  /**
   * Marks fingerprinted credentials written with characters spelled out as
   * numeric character references (`&#95;`, `&#x5f;`) or JS and PHP escapes
   * (`\x5f`, `\u005f`), each alone or mixed with plain ones: the text is read
   * with each such spelling decoded, and a credential found there marks the
   * characters it was spelled with.
   */
  #spelledOut(text: string, ends: Int32Array | undefined): Int32Array | undefined {
    if (!text.includes('&#') && !text.includes('\\')) return ends;
    const view = decodedSpellings(text);
    if (!view) return ends;
    return this.#markDecoded(view.text, ends, text.length, (at) => view.from[at]!, (end) => view.to[end - 1]!);
  }

  /**
   * Marks the base64 characters that encode a fingerprinted credential in run
   * (at `start` in a text of `length`): the run is decoded from each of the
   * four places its groups of four may start, in either alphabet, and each
   * credential found in the bytes marks the groups that hold its bytes.
   */
  #inBase64(run: string, start: number, ends: Int32Array | undefined, length: number): Int32Array | undefined {
    for (let phase = 0; phase < 4; phase += 1) {
      const bytes = Buffer.from(run.slice(phase), 'base64').toString('latin1');
      // Where the run's group of four holding the nth group of three bytes starts.
      const groupAt = (group: number) => start + phase + group * 4;
      ends = this.#markDecoded(bytes, ends, length, (at) => groupAt(Math.floor(at / 3)), (end) => Math.min(start + run.length, groupAt(Math.ceil(end / 3))));
    }
    return ends;
  }

  /**
   * Marks in `ends` (of a text of `length`) each fingerprinted credential found
   * in `decoded`, a reading of the text with some of it decoded: `from` and `to`
   * say where in the text a found credential's first character starts and its
   * last one (just before `end`) ends.
   */
  #markDecoded(decoded: string, ends: Int32Array | undefined, length: number, from: (at: number) => number, to: (end: number) => number): Int32Array | undefined {
    const found = this.#fingerprints.find(decoded);
    if (!found) return ends;
    ends ??= new Int32Array(length);
    for (let at = 0; at < found.length; at += 1) {
      if (found[at] === 0) continue;
      const start = from(at);
      ends[start] = Math.max(ends[start]!, to(found[at]!));
    }
    return ends;
  }

  /**
   * False when text holds no needle's opening, and so no needle: most of what
   * ipctl writes, and all of it before a credential is known. Searching for a few openings is much quicker than looking at
   * each position; for many (a bulk import's), the look at each position is.
   */
  #mayHold(text: string): boolean {
    if (this.#lengths.size > fewOpenings) return true;
    for (const opening of this.#lengths.keys()) if (text.includes(opening)) return true;
    return false;
  }

  /** The length of the longest needle at text[at], or 0. */
  #needleAt(text: string, at: number): number {
    const lengths = this.#lengths.get(text.slice(at, at + shortestValue));
    return lengths?.find((length) => this.#needles.has(text.slice(at, at + length))) ?? 0;
  }

  /** stream, with every write scrubbed. */
  guard(stream: OutputStream): OutputStream {
    const scrub = (text: string) => this.scrub(text);
    return {
      write: (chunk: string) => stream.write(scrub(chunk)),
      get isTTY() {
        return stream.isTTY;
      },
      get columns() {
        return stream.columns;
      },
      get stream() {
        return stream.stream ?? (stream as unknown as NodeJS.WritableStream);
      },
    };
  }
}

const plainValue = /^[A-Za-z0-9_-]*$/;
/** A character spelled out: a decimal or hex character reference, or a \xHH or \uHHHH escape. */
const spelling = /&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));|\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4}))/g;

/**
 * text with every spelled-out character decoded, and for each character of
 * that, where in text it starts (`from`) and ends (`to`). Undefined when text
 * spells out none.
 */
function decodedSpellings(text: string): { text: string; from: Int32Array; to: Int32Array } | undefined {
  const from = new Int32Array(text.length);
  const to = new Int32Array(text.length);
  let decoded = '';
  let copied = 0;
  for (const match of text.matchAll(spelling)) {
    const [whole, hexReference, decimalReference, hexByte, hexUnit] = match;
    const code = hexReference !== undefined ? Number.parseInt(hexReference, 16) : decimalReference !== undefined ? Number(decimalReference) : Number.parseInt((hexByte ?? hexUnit)!, 16);
    if (code > 0x10ffff) continue;
    for (let at = copied; at < match.index; at += 1) {
      from[decoded.length] = at;
      to[decoded.length] = at + 1;
      decoded += text[at];
    }
    // One character, one or two UTF-16 units, from all of its spelling.
    for (const unit of String.fromCodePoint(code).split('')) {
      from[decoded.length] = match.index;
      to[decoded.length] = match.index + whole.length;
      decoded += unit;
    }
    copied = match.index + whole.length;
  }
  if (copied === 0) return undefined;
  for (let at = copied; at < text.length; at += 1) {
    from[decoded.length] = at;
    to[decoded.length] = at + 1;
    decoded += text[at];
  }
  return { text: decoded, from, to };
}

/** A run of characters of base64, in either alphabet (padding aside). */
const base64Run = /[A-Za-z0-9+/_-]+/g;
/** Credentials at least this long are also scrubbed in their encoded forms (HTML, escapes, base64). */
const shortestEncoded = 8;

/**
 * The texts that give value away: itself; as JSON writes it (with `/` escaped
 * too, as PHP does, and with `<`, `>`, `&` and non-ASCII escaped, as Go and
 * Python do); as URLs write it (in either case of hex, and a form's `+` for a
 * space); and its long parts. A value of at least eight characters also in the
 * forms an error page or a log may echo it in: HTML and XML entities, JS and
 * PHP escapes, and base64 (as in a Basic `user:pass`).
 */
function needlesOf(value: string, withBase64 = true): string[] {
  const encoded = withBase64 && value.length >= shortestEncoded ? base64Forms(value) : [];
  // As JSON, URLs and named entities write it, such a value is itself, and it is its only long part: a bulk import's keys, mostly.
  // A `_` or `-` in it is spelled out only where every character but letters and digits is (`&#95;`, `\x5f`).
  if (plainValue.test(value)) {
    if (value.length < shortestValue) return [];
    const spelled = value.length >= shortestEncoded && /[_-]/.test(value) ? [...markupForms(value), ...escapedForms(value)] : [];
    return [...new Set([value, ...spelled, ...encoded])];
  }
  const json = JSON.stringify(value).slice(1, -1);
  const asciiJson = json.replace(/[<>&\u007f-\uffff]/g, (character) => `\\u${hex4(character)}`);
  const url = encodeURIComponent(value);
  const forms = [value, json, json.replaceAll('/', '\\/'), asciiJson, asciiJson.replaceAll('/', '\\/'), url, url.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()), url.replaceAll('%20', '+')];
  if (value.length >= shortestEncoded) forms.push(...markupForms(value), ...escapedForms(value), ...encoded);
  const parts = value.split(/[^A-Za-z0-9+=_-]+/).filter((part) => part.length >= shortestPart);
  return [...new Set([...forms, ...parts])].filter((needle) => needle.length >= shortestValue);
}

const markupSpecials = /[&<>"']/g;
const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** As HTML and XML write it: named entities (&apos; or &#39;), decimal or hex references, for the markup characters or for every one but letters and digits. */
function markupForms(value: string): string[] {
  const each = (pattern: RegExp, write: (character: string) => string) => value.replace(pattern, write);
  const others = /[^A-Za-z0-9]/gu;
  const decimal = (character: string) => `&#${character.codePointAt(0)};`;
  const hex = (character: string) => `&#x${(character.codePointAt(0) as number).toString(16)};`;
  const hexUpper = (character: string) => `&#x${(character.codePointAt(0) as number).toString(16).toUpperCase()};`;
  return [
    each(markupSpecials, (character) => named[character] as string),
    each(markupSpecials, (character) => (character === "'" ? '&apos;' : (named[character] as string))),
    each(markupSpecials, decimal),
    each(markupSpecials, hex),
    each(markupSpecials, hexUpper),
    each(others, decimal),
    each(others, hex),
    each(others, hexUpper),
  ];
}

/** As JS and PHP string literals write it: quotes and backslashes escaped (addslashes), or every character but letters and digits as \xHH or \uHHHH. */
function escapedForms(value: string): string[] {
  const others = /[^A-Za-z0-9]/g;
  return [
    value.replace(/["'\\]/g, (character) => `\\${character}`),
    value.replace(others, (character) => (character.charCodeAt(0) < 0x100 ? `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}` : `\\u${hex4(character)}`)),
    value.replace(others, (character) => `\\u${hex4(character)}`),
  ];
}

/**
 * The base64 characters that only value's bytes decide, wherever value sits in
 * the encoded bytes (at an offset of 0, 1 or 2 in a group of three: `user:pass`
 * puts the password anywhere), in both alphabets. Characters shared with the
 * bytes around it cannot be known, so each form is the whole groups alone.
 */
function base64Forms(value: string): string[] {
  // The value's bytes after two zero bytes: from byte 2 - offset, they sit at that offset.
  const length = Buffer.byteLength(value, 'utf8');
  const padded = Buffer.alloc(length + 2);
  padded.write(value, 2, 'utf8');
  const forms: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = padded.toString('base64', 2 - offset);
    const firstWhole = offset === 0 ? 0 : 1;
    const lastWhole = Math.floor((offset + length) / 3);
    const whole = encoded.slice(4 * firstWhole, 4 * lastWhole);
    if (whole.length < shortestEncoded) continue;
    const safe = urlSafe(whole);
    forms.push(...(safe === whole ? [whole] : [whole, safe]));
  }
  return forms;
}

/** base64url's alphabet for base64's: `-` for `+`, `_` for `/`. */
function urlSafe(base64: string): string {
  return base64.replaceAll('+', '-').replaceAll('/', '_');
}

function hex4(character: string): string {
  return character.charCodeAt(0).toString(16).padStart(4, '0');
}
