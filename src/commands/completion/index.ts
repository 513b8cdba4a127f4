import { scriptFiles, shells } from '../../completion/scripts/files.js';
import * as z from '../../schema/zod.js';
import { argument, defineCommand } from '../../command-model/command.js';

export default defineCommand({
  args: { shell: argument('<shell>', `the shell: ${shells.join(', ')}`, z.enum(shells, { error: `must be one of ${shells.join(', ')}` }), { values: shells }) },
  help: {
    description:
      'Print the shell completion script for bash, zsh, fish or PowerShell on stdout. It completes commands, subcommands, flags, the values of flags such as --output and --status, and profile names (asked of a hidden `ipctl __complete` when you press Tab; it reads only the local profile file). ipctl never edits your shell start-up files: install the script yourself, as below.',
    examples: ['ipctl completion bash > ~/.local/share/bash-completion/completions/ipctl', 'ipctl completion zsh > "${fpath[1]}/_ipctl"', 'ipctl completion fish | source'],
    environment: ['IPCTL_CONFIG_DIR   where the profile names offered at Tab come from (read by the script, not by this command)'],
    exitCodes: ['0 success', '2 an unknown shell'],
    // Printed as it is, so the commands keep their lines.
    notes: installText(),
  },
  async run(input, context) {
    // The script is the output itself, byte for byte: no renderer, no trailing note.
    context.deps.stdout.write(await context.completionScript(input.shell));
  },
});

function installText(): string {
  return `
Install:
  bash: save the script where bash-completion (a package) finds it, or add the second line to ~/.bashrc:
    $ ipctl completion bash > ~/.local/share/bash-completion/completions/ipctl
    $ source <(ipctl completion bash)
  zsh: save the script in your fpath and open a new shell, or add the second line to ~/.zshrc, after compinit:
    $ ipctl completion zsh > "\${fpath[1]}/_ipctl"
    $ source <(ipctl completion zsh)
  fish:
    $ ipctl completion fish > ~/.config/fish/completions/ipctl.fish
  PowerShell: add this line to your profile (notepad $PROFILE):
    $ ipctl completion powershell | Out-String | Invoke-Expression

The same scripts ship in the package's completions/ directory (${Object.values(scriptFiles).join(', ')}). Regenerate an installed script after upgrading ipctl, so that new commands and flags complete.`;
}
