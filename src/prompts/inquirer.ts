import { confirm, input, password, select } from '@inquirer/prompts';
import type { Deps } from '../deps.js';
import { InterruptedError } from '../errors.js';
import type { Prompter } from './prompter.js';

/** Prompts on stderr, so that stdout keeps only data. */
export function createInquirerPrompter(deps: Deps): Prompter {
  const context = {
    input: deps.stdin.stream ?? (deps.stdin as unknown as NodeJS.ReadableStream),
    output: deps.stderr.stream ?? (deps.stderr as unknown as NodeJS.WritableStream),
    signal: deps.signal,
    clearPromptOnDone: false,
  };
  return {
    input: (message, options = {}) =>
      ask(input({ message, default: options.default, validate: options.validate }, context)),
    password: (message, options = {}) =>
      ask(password({ message, mask: false, validate: options.validate }, context)),
    select: (message, choices, options = {}) =>
      ask(select({ message, choices, default: options.default, pageSize: 12 }, context)),
    confirm: (message, options = {}) => ask(confirm({ message, default: options.default }, context)),
  };
}

async function ask<T>(question: Promise<T>): Promise<T> {
  try {
    return await question;
  } catch (error) {
    if (isPromptExit(error)) throw new InterruptedError('Cancelled; nothing was changed.');
    throw error;
  }
}

function isPromptExit(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'AbortError';
}
