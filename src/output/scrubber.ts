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

  add(value: string): void {
    if (this.#values.has(value)) return;
    if (this.#values.size >= keptAsText) {
      for (const needle of needlesOf(value)) if (!this.#needles.has(needle)) this.#fingerprints.add(needle);
      return;
    }
    this.#values.add(value);
    for (const needle of needlesOf(value)) this.#addNeedle(needle);
  }

  /** Lets value through again: for the secrets a person asked to see (--show-secrets). */
  forget(value: string): void {
    if (!this.#values.delete(value)) return;
    // A needle value shares with another credential (a part of both) stays.
    this.#needles.clear();
    this.#lengths.clear();
    for (const kept of this.#values) for (const needle of needlesOf(kept)) this.#addNeedle(needle);
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
    const fingerprinted = this.#fingerprints.find(text);
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
function needlesOf(value: string): string[] {
  const encoded = value.length >= shortestEncoded ? base64Forms(value) : [];
  // Every other form of such a value is the value itself, and it is its only long part: a bulk import's keys, mostly.
  if (plainValue.test(value)) return value.length >= shortestValue ? [value, ...encoded] : [];
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
