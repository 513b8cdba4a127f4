/**
 * The interactive questions ipctl asks, behind an interface so that tests can
 * answer them and the @inquirer/prompts implementation loads only when used.
 */
export interface Choice {
  value: string;
  name: string;
  description?: string;
}

/** Returns true, or the message to show; may be async (a lookup while the person waits at the prompt). */
export type Validate = (value: string) => string | true | Promise<string | true>;

export interface Prompter {
  input(message: string, options?: { default?: string; validate?: Validate }): Promise<string>;
  password(message: string, options?: { validate?: Validate }): Promise<string>;
  select(message: string, choices: Choice[], options?: { default?: string }): Promise<string>;
  confirm(message: string, options?: { default?: boolean }): Promise<boolean>;
}
