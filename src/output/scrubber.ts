import type { OutputStream } from '../deps.js';

/** What a scrubbed credential becomes. */
export const redactedMark = '[redacted]';
/** Parts of a credential at least this long are scrubbed on their own too. */
const shortestPart = 8;
/** Whole values shorter than this are too likely to be ordinary text to scrub. */
const shortestValue = 4;

/**
 * The credentials this run sent (API key, token, the secrets in request
 * bodies), replaced by [redacted] in everything ipctl writes: a server, a proxy
 * or a WAF may echo a request in its error. Their long parts are scrubbed too
 * (a JWT's segments, a `user:password` pair's halves), and so are the forms a
 * value takes inside JSON or a URL.
 */
export class Scrubber {
  /** Longest first, so that a value is replaced before any part of it. */
  #needles: string[] = [];

  add(value: string): void {
    const fresh = needlesOf(value).filter((needle) => !this.#needles.includes(needle));
    if (fresh.length === 0) return;
    this.#needles = [...this.#needles, ...fresh].sort((a, b) => b.length - a.length);
  }

  /** Lets value through again: for the secrets a person asked to see (--show-secrets). */
  forget(value: string): void {
    const needles = needlesOf(value);
    this.#needles = this.#needles.filter((needle) => !needles.includes(needle));
  }

  scrub(text: string): string {
    let scrubbed = text;
    for (const needle of this.#needles) if (scrubbed.includes(needle)) scrubbed = scrubbed.split(needle).join(redactedMark);
    return scrubbed;
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

/** The texts that give value away: itself, as JSON and URLs write it, and its long parts. */
function needlesOf(value: string): string[] {
  const forms = [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)];
  const parts = value.split(/[^A-Za-z0-9+/=_-]+/).filter((part) => part.length >= shortestPart);
  return [...new Set([...forms, ...parts])].filter((needle) => needle.length >= shortestValue);
}
