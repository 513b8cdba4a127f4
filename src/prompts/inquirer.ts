import { confirm, input, password, select } from '@inquirer/prompts';
import type { Deps } from '../deps.js';
import { InterruptedError } from '../errors.js';
import { visible } from '../output/outside-text.js';
import type { Choice, Prompter, Validate } from './prompter.js';

/**
 * Prompts on stderr, so that stdout keeps only data. Their words may come from
 * the provider catalogue, so each is shown with its control characters visible.
 */
export function createInquirerPrompter(deps: Deps): Prompter {
  const context = {
    input: deps.stdin.stream ?? (deps.stdin as unknown as NodeJS.ReadableStream),
    output: deps.stderr.stream ?? (deps.stderr as unknown as NodeJS.WritableStream),
    signal: deps.signal,
    clearPromptOnDone: false,
  };
  return {
    input: (message, options = {}) =>
      ask(input({ message: visible(message), default: options.default, validate: shown(options.validate) }, context)),
    password: (message, options = {}) =>
      ask(password({ message: visible(message), mask: false, validate: shown(options.validate) }, context)),
    select: (message, choices, options = {}) =>
      ask(select({ message: visible(message), choices: choices.map(visibleChoice), default: options.default, pageSize: 12 }, context)),
    confirm: (message, options = {}) => ask(confirm({ message: visible(message), default: options.default }, context)),
  };
}

function visibleChoice(choice: Choice): Choice {
  return { ...choice, name: visible(choice.name, { lines: false }), ...(choice.description === undefined ? {} : { description: visible(choice.description) }) };
}

/** The validation, with its message shown visibly. */
function shown(validate: Validate | undefined): Validate | undefined {
  if (!validate) return undefined;
  return async (value) => {
    const verdict = await validate(value);
    return verdict === true ? true : visible(verdict);
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
