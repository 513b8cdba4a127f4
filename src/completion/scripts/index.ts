import type { CompletionCommand } from '../model.js';
import { bashScript } from './bash.js';
import { scriptTree } from './common.js';
import { fishScript } from './fish.js';
import { powershellScript } from './powershell.js';
import { zshScript } from './zsh.js';

export const shells = ['bash', 'zsh', 'fish', 'powershell'] as const;
export type Shell = (typeof shells)[number];

/** Where each script lives in completions/, under the name its shell looks for. */
export const scriptFiles: Record<Shell, string> = {
  bash: 'ipctl.bash',
  zsh: '_ipctl',
  fish: 'ipctl.fish',
  powershell: 'ipctl.ps1',
};

const generators: Record<Shell, (tree: ReturnType<typeof scriptTree>) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  powershell: powershellScript,
};

/** The completion script for `shell`, from the whole command tree. */
export function completionScript(shell: Shell, root: CompletionCommand): string {
  return generators[shell](scriptTree(root));
}
