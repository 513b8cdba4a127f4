import type { Deps } from '../deps.js';
import { UsageError, UserError } from '../errors.js';
import { maxDepth, tooDeep } from '../nesting.js';
import { maxFileBytes, readAtMost, readFailure } from '../file-reads.js';

/**
 * Reads the values a command takes from files or stdin (`-`). Stdin can be
 * read once per run; a second `-` is a usage error naming both flags.
 */
export class InputSources {
  readonly #deps: Deps;
  #stdinTakenBy: string | undefined;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  /** The text of PATH, or of stdin for `-`. `flag` names where the path came from, for errors. */
  async readText(path: string, flag: string): Promise<string> {
    if (path === '-') return this.#readStdin(flag);
    if (path === '') throw new UsageError(`${flag}: the file path is empty.`, 'Give a path, or - for stdin.');
    try {
      const data = await readAtMost(path, maxFileBytes + 1, undefined, this.#deps.signal);
      if (data.length > maxFileBytes) throw new UsageError(`${flag}: ${path} is larger than 10 MiB.`);
      return decodeText(data, flag, path);
    } catch (error) {
      if (error instanceof UserError) throw error;
      throw new UsageError(`${flag}: cannot read ${path} (${readFailure(error)}).`, 'Check the path, or give - to read stdin.');
    }
  }

  /** A secret from PATH or stdin: one trailing newline is removed; an empty value is an error. */
  async readSecret(path: string, flag: string): Promise<string> {
    const text = (await this.readText(path, flag)).replace(/\r?\n$/, '');
    if (text.trim() === '') throw new UsageError(`${flag}: ${path === '-' ? 'stdin' : path} is empty.`);
    return text;
  }

  /** A JSON document from PATH or stdin. */
  async readJson(path: string, flag: string): Promise<unknown> {
    const text = await this.readText(path, flag);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      // The parser's message names a position, never the content (which may hold secrets).
      const where = (error as Error).message.match(/position \d+(?: \(line \d+ column \d+\))?/)?.[0];
      throw new UsageError(`${flag}: ${path === '-' ? 'stdin' : path} is not valid JSON${where ? ` (at ${where})` : ''}.`);
    }
    if (tooDeep(text)) throw new UsageError(`${flag}: ${path === '-' ? 'stdin' : path} is nested too deeply (more than ${maxDepth} levels of arrays and objects).`);
    return value;
  }

  async #readStdin(flag: string): Promise<string> {
    if (this.#stdinTakenBy !== undefined) {
      throw new UsageError(`${flag}: stdin is already read by ${this.#stdinTakenBy}; only one value can come from stdin.`, 'Read the other value from a file.');
    }
    this.#stdinTakenBy = flag;
    if (this.#deps.stdin.isTTY) {
      throw new UsageError(`${flag}: - means stdin, but stdin is a terminal.`, 'Pipe the value in, or give a file path.');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.#deps.stdin) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      chunks.push(bytes);
      size += bytes.length;
      if (size > maxFileBytes) throw new UsageError(`${flag}: stdin is larger than 10 MiB.`);
    }
    return decodeText(Buffer.concat(chunks), flag, '-');
  }
}

/**
 * Text as UTF-8, a leading byte-order mark dropped. Bytes that are not UTF-8
 * are refused rather than replaced: a key or token read with U+FFFD in it
 * would be sent as a different value. The message never quotes the content.
 */
function decodeText(data: Buffer, flag: string, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new UsageError(`${flag}: ${path === '-' ? 'stdin' : path} is not UTF-8 text.`, 'Save it as UTF-8 (not UTF-16 or a legacy code page).');
  }
}
