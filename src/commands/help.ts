import type { Command } from 'commander';

export interface HelpDetails {
  description: string;
  examples: string[];
  environment?: string[];
  exitCodes?: string[];
}

const dataExitCodes = ['0 success', '2 invalid input, nothing sent', '3 not found', '4 missing or rejected credentials', '5 temporary failure (network, timeout, 429, 5xx)'];

/** Help text after the flags: examples, the environment variables and exit codes that apply. */
export function describe(command: Command, details: HelpDetails): Command {
  const sections = [`Examples:\n${details.examples.map((line) => `  $ ${line}`).join('\n')}`];
  if (details.environment?.length) sections.push(`Environment:\n${details.environment.map((line) => `  ${line}`).join('\n')}`);
  sections.push(`Exit codes:\n${(details.exitCodes ?? dataExitCodes).map((line) => `  ${line}`).join('\n')}`);
  return command.description(details.description).addHelpText('after', `\n${sections.join('\n\n')}\n`);
}
