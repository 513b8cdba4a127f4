import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { cleanEnv, ipctlBin, repoRoot } from './cli.js';

const bridge = join(repoRoot, 'test/helpers/pty-bridge.py');

export const keys = { enter: '\r', down: '\u001b[B', up: '\u001b[A', ctrlC: '\u0003' } as const;

/** The screen text without ANSI escapes, for matching. */
export function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b[()][A-Z0-9]|\u001b[=>]/g, '');
}

/**
 * The built ipctl in a real pseudo-terminal: expect() waits for text on the
 * screen, send() types, finish() waits for the exit code.
 */
export class PtySession {
  readonly #child: ChildProcessWithoutNullStreams;
  #output = '';
  #seen = 0;
  readonly #exit: Promise<number | null>;
  /** Called when the terminal shows more: a waiting expect() looks again at once, rather than on a timer. */
  #arrived: (() => void) | undefined;

  /** program: how to run ipctl (default: the built one, on this Node). */
  constructor(args: string[], env: Record<string, string | undefined>, program: string[] = [process.execPath, ipctlBin]) {
    this.#child = spawn('python3', [bridge, ...program, ...args], { env: cleanEnv({ TERM: 'xterm-256color', ...env }) });
    this.#child.stdout.on('data', (chunk: Buffer) => this.#shown(chunk));
    this.#child.stderr.on('data', (chunk: Buffer) => this.#shown(chunk));
    this.#exit = new Promise((resolve) => this.#child.on('close', (code) => resolve(code)));
    this.#child.stdin.on('error', () => undefined);
  }

  /** Everything the terminal showed so far, escapes removed. */
  get screen(): string {
    return stripAnsi(this.#output);
  }

  /** Everything the terminal was sent so far, escapes and all. */
  get raw(): string {
    return this.#output;
  }

  #shown(chunk: Buffer): void {
    this.#output += chunk.toString('utf8');
    this.#arrived?.();
  }

  /** Waits until `pattern` appears after what earlier expect() calls matched. */
  async expect(pattern: string | RegExp, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const rest = this.screen.slice(this.#seen);
      const index = typeof pattern === 'string' ? rest.indexOf(pattern) : rest.search(pattern);
      if (index >= 0) {
        this.#seen += index + 1;
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.#arrived = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#arrived = undefined;
    }
    throw new Error(`Timed out waiting for ${String(pattern)}; the screen shows:\n${this.screen}`);
  }

  send(text: string): void {
    this.#child.stdin.write(text);
  }

  async finish(timeoutMs = 15_000): Promise<number | null> {
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), timeoutMs);
    const code = await this.#exit;
    clearTimeout(timer);
    return code;
  }
}

/** Answers each prompt in turn: waits for its text on the screen, then types the answer and Enter. */
export async function answerPrompts(session: PtySession, answers: ReadonlyArray<readonly [prompt: string, answer: string]>): Promise<void> {
  for (const [prompt, answer] of answers) {
    await session.expect(prompt);
    session.send(`${answer}${keys.enter}`);
  }
}

/** Answers auth login's two no-echo prompts. */
export function answerLogin(session: PtySession, apiKey: string, token: string): Promise<void> {
  return answerPrompts(session, [
    ['API key', apiKey],
    ['Bearer token', token],
  ]);
}
