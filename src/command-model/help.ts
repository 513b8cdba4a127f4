import type { Command } from 'commander';

export interface HelpDetails {
  description: string;
  examples: string[];
  environment?: string[];
  exitCodes?: string[];
  /** The usage line, where commander's would not say enough. */
  usage?: string;
  /** Text printed as it is right after the flags, before the examples. */
  notes?: string;
}

const dataExitCodes = ['0 success', '2 invalid input, nothing sent', '3 not found', '4 missing or rejected credentials', '5 temporary failure (network, timeout, 408, 429, 5xx)'];

/**
 * A command's help: its one-line summary (from the registry) opening the
 * description, then after the flags the examples, and the environment
 * variables and exit codes that apply.
 */
export function describe(command: Command, details: HelpDetails): Command {
  const sections = [`Examples:\n${details.examples.map((line) => `  $ ${line}`).join('\n')}`];
  if (details.environment?.length) sections.push(`Environment:\n${details.environment.map((line) => `  ${line}`).join('\n')}`);
  sections.push(`Exit codes:\n${(details.exitCodes ?? dataExitCodes).map((line) => `  ${line}`).join('\n')}`);
  if (details.usage) command.usage(details.usage);
  if (details.notes) command.addHelpText('after', details.notes);
  return command.description(withSummary(command.summary(), details.description)).addHelpText('after', `\n${sections.join('\n\n')}\n`);
}

/** The description, opened by the summary unless it already opens with it. */
function withSummary(summary: string, description: string): string {
  if (!summary || description.toLowerCase().startsWith(summary.toLowerCase())) return description;
  return `${summary}.\n\n${description}`;
}
