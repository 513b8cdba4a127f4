import type { CompletionCommand } from '../model.js';
import { bashScript } from './bash.js';
import { scriptTree } from './common.js';
import { fishScript } from './fish.js';
import { powershellScript } from './powershell.js';
import { zshScript } from './zsh.js';
import type { Shell } from './files.js';

export { scriptFiles, type Shell, shells } from './files.js';

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
