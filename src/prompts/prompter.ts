/**
 * The interactive questions ipctl asks, behind an interface so that tests can
 * answer them and the @inquirer/prompts implementation loads only when used.
 */
export interface Choice {
  value: string;
  name: string;
  description?: string;
}

export interface Prompter {
  input(message: string, options?: { default?: string; validate?: (value: string) => string | true }): Promise<string>;
  password(message: string, options?: { validate?: (value: string) => string | true }): Promise<string>;
  select(message: string, choices: Choice[], options?: { default?: string }): Promise<string>;
  confirm(message: string, options?: { default?: boolean }): Promise<boolean>;
}
