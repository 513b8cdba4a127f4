/**
 * What the host hands to code below the kernel that needs a person: the
 * interactive prompter and the pager. Their interfaces live here, with the
 * host; the implementations (prompts/inquirer.ts, host-pager.ts) load only when used.
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

/** A pager to start: its words, the environment it gets, and the variable that named it (none for the default `less`). */
export interface PagerCommand {
  argv: string[];
  env: Record<string, string | undefined>;
  namedBy?: 'IPCTL_PAGER' | 'PAGER';
  /** Why the variable's text is no command (a quote not closed): said, and no pager started. */
  unreadable?: string;
}

/** A running pager: what ipctl writes to it, and the end of it. */
export interface Pager {
  /** Writes to the pager's input; once the pager has quit (the user pressed q), the rest is dropped. */
  write(chunk: string): void;
  /** Ends the pager's input and waits for it to quit. */
  close(): Promise<void>;
}
