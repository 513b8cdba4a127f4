import { inspect } from 'node:util';

const visibleTail = 4;
// Below this length, showing four characters would give away too much of it.
const shortestWithTail = 12;

/** Shows a secret as `****abcd`: enough to tell two keys apart, never enough to use one. */
export function redact(value: string): string {
  if (value.length < shortestWithTail) return '****';
  return `****${value.slice(-visibleTail)}`;
}

/**
 * A credential. Printing, logging, string-interpolating or JSON-serialising it
 * shows only its redacted form; reveal() is the one way to the value.
 */
export class Secret {
  readonly #value: string;
  readonly #redacted: string;

  constructor(value: string, redacted = redact(value)) {
    this.#value = value;
    this.#redacted = redacted;
  }

  reveal(): string {
    return this.#value;
  }

  get redacted(): string {
    return this.#redacted;
  }

  /** The same secret behind a visible prefix, as in `Bearer <token>`. */
  withPrefix(prefix: string): Secret {
    return new Secret(prefix + this.#value, prefix + this.#redacted);
  }

  toString(): string {
    return this.redacted;
  }

  toJSON(): string {
    return this.redacted;
  }

  [inspect.custom](): string {
    return `Secret(${this.redacted})`;
  }
}

/**
 * What makes a credential unfit to send, or undefined: whitespace around it (a
 * copy that took a space or a line end with it) or a control character
 * anywhere. Never the value itself: the answer goes into messages.
 */
export function credentialProblem(value: string): string | undefined {
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return 'holds a control character';
  if (/^\s|\s$/.test(value)) return 'starts or ends with whitespace';
  return undefined;
}
