import { confirm, input, password, select } from '@inquirer/prompts';
import type { Deps } from '../deps.js';
import { InterruptedError } from '../errors.js';
import { visible } from '../output/outside-text.js';
import type { Choice, Prompter, Validate } from '../host-ui.js';

/**
 * Prompts on stderr, so that stdout keeps only data. Their words may come from
 * the provider catalogue, so each is shown with its control characters visible.
 * Without `color` (--no-color, NO_COLOR), they are drawn without it too.
 */
export function createInquirerPrompter(deps: Deps, options: { color: boolean }): Prompter {
  const theme = options.color ? undefined : colorless;
  const context = {
    input: deps.stdin.stream ?? (deps.stdin as unknown as NodeJS.ReadableStream),
    output: deps.stderr.stream ?? (deps.stderr as unknown as NodeJS.WritableStream),
    signal: deps.signal,
    clearPromptOnDone: false,
  };
  return {
    input: (message, asked = {}) => ask(input({ message: visible(message), default: asked.default, validate: shown(asked.validate), theme }, context)),
    password: (message, asked = {}) => ask(password({ message: visible(message), mask: false, validate: shown(asked.validate), theme }, context)),
    select: (message, choices, asked = {}) =>
      ask(select({ message: visible(message), choices: choices.map(visibleChoice), default: asked.default, pageSize: 12, theme }, context)),
    confirm: (message, asked = {}) => ask(confirm({ message: visible(message), default: asked.default, theme }, context)),
  };
}

const same = (text: string) => text;

/** The prompts' own look (marks, brackets, hints), with no color in it. */
const colorless = {
  prefix: { idle: '?', done: '✔' },
  spinner: { interval: 80, frames: ['-', '\\', '|', '/'] },
  style: {
    answer: same,
    message: same,
    error: (text: string) => `> ${text}`,
    defaultAnswer: (text: string) => `(${text})`,
    help: same,
    highlight: same,
    key: (text: string) => `<${text}>`,
    description: same,
    disabled: (text: string) => `- ${text}`,
    keysHelpTip: (keys: [string, string][]) => keys.map(([key, action]) => `${key} ${action}`).join(' • '),
  },
};

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
