/**
 * The questions `connections generate` asks at a terminal, in the order a
 * person thinks of them: project, provider, group, consumer, then what the
 * provider needs (workspace, metadata, credentials). Only values the draft
 * lacks are asked; secrets at no-echo prompts, options with a select.
 */
import { Secret } from '../config/secret.js';
import type { Prompter } from '../host-ui.js';
import { connectionRequirements, type ProviderDescription, type Requirement } from '../providers/requirements.js';
import { type ConnectionRequestBody, isRecord, setValueAt, valueAt } from './request.js';
import { setSecret, splitScopes } from './sources.js';

export interface Conversation {
  prompter: Prompter;
  /** Writes a line above the next question (stderr), its control characters shown. */
  say(line: string): void;
  /** As say, dimmed: ipctl's styling goes on after the line's text is made visible, so it is kept. */
  hint(line: string): void;
}

/** Asks for the provider, checking each name against the catalogue before accepting it. */
export async function askProvider(conversation: Conversation, lookUp: (name: string) => Promise<ProviderDescription | undefined>): Promise<string> {
  const answer = await conversation.prompter.input('Provider (such as salesforce):', {
    validate: async (value) => {
      const name = value.trim();
      if (name === '') return 'Give a provider name.';
      if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) return 'A provider name has letters, digits, ".", "_" and "-" only.';
      try {
        return (await lookUp(name)) ? true : `No provider named "${name}" in the catalogue (names are case-sensitive).`;
      } catch (error) {
        // A rejected validation would end the prompt; say what failed and let the person retry or press Ctrl-C.
        return `Could not look "${name}" up: ${error instanceof Error ? error.message : String(error)}`;
      }
    },
  });
  return answer.trim();
}

export async function askProject(conversation: Conversation): Promise<string> {
  const answer = await conversation.prompter.input('Project (ID or name):', {
    validate: (value) => (value.trim() === '' ? 'Give a project ID or name.' : /[\u0000-\u001f\u007f/]/.test(value) ? 'A project ID or name has no "/" or control characters.' : true),
  });
  return answer.trim();
}

/** Fills the draft's missing group and consumer, then each value the provider describes. */
export async function askForMissing(conversation: Conversation, body: Record<string, unknown>, provider: ProviderDescription): Promise<void> {
  const { prompter } = conversation;
  const text = async (field: string, message: string, isRequired: boolean): Promise<boolean> => {
    if (valueAt(body, field) !== undefined) return false;
    const answer = (await prompter.input(message, { validate: isRequired ? required : anything })).trim();
    if (answer !== '') setValueAt(body, field, answer);
    return true;
  };
  // A name is asked with its ref: a ref given by flag means the name was left out on purpose.
  // A name left empty is not sent: an existing group keeps its name, a new one is named after its ref.
  if (await text('groupRef', 'Group ref (your ID for the customer):', true)) await text('groupName', 'Group name (optional, Enter to skip):', false);
  if (await text('consumerRef', 'Consumer ref (your ID for the user):', true)) await text('consumerName', 'Consumer name (optional, Enter to skip):', false);
  for (const requirement of connectionRequirements(provider)) {
    if (valueAt(body, requirement.field) !== undefined) continue;
    showHint(conversation, requirement);
    const answer = await ask(prompter, requirement);
    if (answer === undefined) continue;
    if (answer instanceof Secret) setSecret(body, requirement.field, answer);
    else setValueAt(body, requirement.field, answer);
  }
}

function showHint(conversation: Conversation, requirement: Requirement): void {
  const lines = [requirement.prompt, requirement.docsUrl ? `Docs: ${requirement.docsUrl}` : undefined].filter(Boolean);
  for (const line of lines) conversation.hint(`  ${line}`);
}

async function ask(prompter: Prompter, requirement: Requirement): Promise<string | string[] | Secret | undefined> {
  const optional = requirement.required ? '' : ' (optional, Enter to skip)';
  switch (requirement.kind) {
    case 'secret': {
      const answer = await prompter.password(`${requirement.label}${optional}:`, { validate: requirement.required ? required : anything });
      // Kept as typed, like a secret read from a file: spaces may be part of a password.
      return answer.trim() === '' ? undefined : new Secret(answer);
    }
    case 'select':
      return prompter.select(
        `${requirement.label}:`,
        (requirement.options ?? []).map((option) => ({ value: option.value, name: option.label ? `${option.label} (${option.value})` : option.value })),
      );
    case 'list': {
      const answer = await prompter.input(`${requirement.label}, separated by commas${optional}:`, { validate: requirement.required ? required : anything });
      const scopes = splitScopes(answer);
      return scopes.length > 0 ? scopes : undefined;
    }
    default: {
      const validate = requirement.field === 'providerWorkspaceRef' ? workspace : requirement.required ? required : anything;
      const answer = await prompter.input(`${requirement.label}:`, requirement.defaultValue !== undefined ? { default: requirement.defaultValue, validate } : { validate });
      return answer.trim() === '' ? requirement.defaultValue : answer.trim();
    }
  }
}

function anything(): true {
  return true;
}

function required(value: string): string | true {
  return value.trim() === '' ? 'A value is required.' : true;
}

function workspace(value: string): string | true {
  if (value.trim() === '') return 'A value is required.';
  return /[\s/]/.test(value.trim()) ? 'A workspace has no white space or "/".' : true;
}

/** The body as a person checks it before it is sent: one line per value, secrets masked. */
export function summaryLines(body: ConnectionRequestBody, project: string): string[] {
  const rows: Array<[string, string]> = [['project', project]];
  const visit = (value: unknown, path: string): void => {
    if (value instanceof Secret) rows.push([path, value.redacted]);
    else if (path.startsWith('providerMetadata.') && isMetadataEntry(value)) rows.push([path, value.value]);
    else if (Array.isArray(value)) rows.push([path, value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ')]);
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, path ? `${path}.${key}` : key);
    else if (value !== undefined) rows.push([path, String(value)]);
  };
  visit(body, '');
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
}

/** A providerMetadata value is shown as the value alone: its source is always "input". */
function isMetadataEntry(value: unknown): value is { value: string } {
  return isRecord(value) && typeof value.value === 'string';
}
