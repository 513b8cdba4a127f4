import type { Deps, OutputStream } from '../deps.js';
import { InterruptedError } from '../errors.js';
import type { Pager, PagerCommand } from '../host-ui.js';
import type { Scrubber } from './scrubber.js';

/** What decides whether stdout is paged. */
export interface PagerSituation {
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal. */
  terminal: boolean;
  /** False under --no-pager. */
  pagerFlag?: boolean;
}

/**
 * The pager that output printed to a terminal goes through, as gh chooses it:
 * IPCTL_PAGER, else PAGER, else `less`; none when stdout is no terminal, under
 * CI, with --no-pager, or when the variable is empty or `cat`. The pager gets
 * LESS=FRX when LESS is not set, so `less` quits at once when the output fits
 * on the screen, keeps the colors, and leaves the output on the screen.
 * --no-input does not matter: a pager asks nothing.
 */
export function choosePager(situation: PagerSituation): PagerCommand | undefined {
  const { env } = situation;
  if (!situation.terminal || situation.pagerFlag === false || env.CI) return undefined;
  const namedBy = env.IPCTL_PAGER !== undefined ? 'IPCTL_PAGER' : env.PAGER !== undefined ? 'PAGER' : undefined;
  const text = namedBy ? env[namedBy]! : 'less';
  const argv = splitCommand(text);
  if (argv === undefined) return { argv: [text], env, namedBy, unreadable: 'a quote is not closed' };
  if (argv.length === 0 || (argv.length === 1 && argv[0] === 'cat')) return undefined;
  return { argv, env: env.LESS === undefined ? { ...env, LESS: 'FRX' } : env, namedBy };
}

/**
 * A command's words, split as a shell splits a simple command: at blanks,
 * with '…' taken as it is, "…" with \ escaping ", \, $ and `, and \ escaping
 * any character outside quotes. No shell runs it, so nothing else is special.
 * Undefined when a quote is not closed.
 */
export function splitCommand(text: string): string[] | undefined {
  const words: string[] = [];
  // Undefined between words; '' once a word has begun, even as empty quotes ('').
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  const add = (characters: string) => (word = (word ?? '') + characters);
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at]!;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else add(character);
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else if (character === '\\' && /["\\$`]/.test(text[at + 1] ?? '')) add(text[(at += 1)]!);
      else add(character);
    } else if (/\s/.test(character)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (character === "'" || character === '"') {
      quote = character;
      add('');
    } else if (character === '\\') {
      add(text[(at += 1)] ?? '');
    } else {
      add(character);
    }
  }
  if (quote) return undefined;
  if (word !== undefined) words.push(word);
  return words;
}

/** Where a command's output is printed, and the end of it (the pager's input closed and its quitting waited for). */
export interface CommandOutput {
  stream: OutputStream;
  close(): Promise<void>;
}

/**
 * stdout, or a pager in front of it: one that is chosen, when the command
 * asked nothing (a prompt's answers are on the screen, and its output follows
 * them) and was not interrupted. A pager that cannot be started (or whose
 * variable is no command) is said once on stderr, and the output printed directly; the default `less` missing is
 * said nowhere. What goes to the pager passes the same scrubber as stdout.
 */
export async function openOutput(command: PagerCommand | undefined, run: { deps: Deps; scrubber: Scrubber; prompted: boolean; say(line: string): void }): Promise<CommandOutput> {
  const { stdout, startPager } = run.deps;
  const direct: CommandOutput = { stream: stdout, close: async () => undefined };
  if (!command || !startPager || run.prompted || run.deps.signal?.aborted) return direct;
  if (command.unreadable) {
    run.say(`Could not start the pager ${JSON.stringify(command.argv[0])} (${command.namedBy}): ${command.unreadable}; printing directly.`);
    return direct;
  }
  try {
    const pager = await startPager(command);
    const terminal: OutputStream = {
      write: (chunk: string) => pager.write(chunk),
      isTTY: true,
      get columns() {
        return stdout.columns;
      },
    };
    return { stream: run.scrubber.guard(terminal), close: () => pagerClosed(pager, run.deps.signal) };
  } catch (error) {
    if (command.namedBy) run.say(`Could not start the pager "${command.argv[0]}" (${command.namedBy}): ${startFailure(error)}; printing directly.`);
    return direct;
  }
}

/** Waits for the pager to quit; stopped by SIGTERM (which ends the pager too), the run ends as interrupted. */
async function pagerClosed(pager: Pager, signal: AbortSignal | undefined): Promise<void> {
  await pager.close();
  if (signal?.aborted) throw new InterruptedError('Stopped while the pager was showing the output.');
}

function startFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'not found';
  if (code === 'EACCES') return 'not allowed to run it';
  return error instanceof Error ? error.message : String(error);
}
